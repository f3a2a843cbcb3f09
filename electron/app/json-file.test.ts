import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readJsonFile, writeJsonFileAtomic, WriteQueue } from './json-file.ts';

const schema = z.strictObject({ count: z.number().int().min(0), label: z.string().default('none') });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jury-json-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readJsonFile', () => {
  it('gives the fallback when the file does not exist', async () => {
    expect(await readJsonFile(join(dir, 'none.json'), schema, { count: 7, label: 'x' })).toEqual({
      count: 7,
      label: 'x',
    });
  });

  it('reads and checks the file, filling defaults', async () => {
    await writeFile(join(dir, 'a.json'), '{"count": 3}');
    expect(await readJsonFile(join(dir, 'a.json'), schema, { count: 0, label: '' })).toEqual({
      count: 3,
      label: 'none',
    });
  });

  it('names the file and the bad field when the content is wrong, and leaves the file alone', async () => {
    const path = join(dir, 'bad.json');
    await writeFile(path, '{"count": -1}');
    await expect(readJsonFile(path, schema, { count: 0, label: '' })).rejects.toThrow(
      new RegExp(`${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} has invalid content: count: `),
    );
    expect(await readFile(path, 'utf8')).toBe('{"count": -1}');
  });

  it('names the file when it is not JSON', async () => {
    const path = join(dir, 'broken.json');
    await writeFile(path, '{"count": ');
    await expect(readJsonFile(path, schema, { count: 0, label: '' })).rejects.toThrow(
      `${path} is not valid JSON`,
    );
  });

  it('names the file when it cannot be read', async () => {
    await expect(readJsonFile(dir, schema, { count: 0, label: '' })).rejects.toThrow(
      `cannot read ${dir}: EISDIR`,
    );
  });
});

describe('writeJsonFileAtomic', () => {
  it('creates the folder, writes the JSON and leaves no temporary file', async () => {
    const path = join(dir, 'deep', 'er', 'f.json');
    await writeJsonFileAtomic(path, { count: 1 });
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ count: 1 });
    await writeJsonFileAtomic(path, { count: 2, label: 'b' });
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ count: 2, label: 'b' });
    expect(await readdir(join(dir, 'deep', 'er'))).toEqual(['f.json']);
  });
});

describe('WriteQueue', () => {
  it('runs writes in order, a failure rejecting only its own caller', async () => {
    const queue = new WriteQueue();
    const order: number[] = [];
    const slow = queue.run(async () => {
      await new Promise((r) => setTimeout(r, 20));
      order.push(1);
    });
    const failing = queue.run(async () => {
      order.push(2);
      throw new Error('disk full');
    });
    const last = queue.run(async () => {
      order.push(3);
      return 'done';
    });
    await slow;
    await expect(failing).rejects.toThrow('disk full');
    expect(await last).toBe('done');
    expect(order).toEqual([1, 2, 3]);
  });
});
