import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './program.ts';

const root = mkdtempSync(join(tmpdir(), 'jury-event-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function jury(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('jury event create / add-contestants', () => {
  const folder = join(root, 'club');

  it('creates an event, adds contestants and prints each code once', async () => {
    const made = await jury(
      'event',
      'create',
      folder,
      '--name',
      'Club day',
      '--game',
      '6561',
      '--test-every',
      '10',
    );
    expect(made).toMatchObject({ code: 0, err: '' });
    expect(made.out).toContain(`created the event Club day in ${folder}`);
    const list = join(root, 'names.txt');
    writeFileSync(list, '# the second group\nCleo\n\n');
    const added = await jury('event', 'add-contestants', folder, 'Ada', 'Bob', '--file', list);
    expect(added.code).toBe(0);
    const lines = added.out.trimEnd().split('\n');
    expect(lines.map((l) => l.split(/ +/)[0])).toEqual(['Ada', 'Bob', 'Cleo']);
    for (const l of lines) expect(l).toMatch(/ ([2-9A-HJKMNP-Z]{4}-){3}[2-9A-HJKMNP-Z]{4}$/);
  });

  it('refuses bad input with one line and exit code 2, changing nothing', async () => {
    expect(await jury('event', 'create', folder, '--name', 'Again', '--game', '6561')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^jury: .*\n$/),
    });
    expect(await jury('event', 'create', join(root, 'x'), '--name', 'X', '--game', 'chess')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^jury: game: .*\n$/),
    });
    expect(await jury('event', 'add-contestants', folder, 'Ada')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^jury: .*"ada".*\n$|^jury: .*Ada.*\n$/),
    });
    expect(await jury('event', 'add-contestants', join(root, 'none'), 'Dan')).toMatchObject({ code: 2 });
    expect((await jury('event', 'add-contestants', folder)).err).toBe(
      'jury: give the contestants: names, or --file with one a line\n',
    );
  });
});
