import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EVENT_FILE } from '../engine/event/event-db.ts';
import { EventStore } from '../engine/event/event-store.ts';
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

describe('jury event create: the final must be one the tournament layer would play', () => {
  // 6561 is cooperative: both players always get the same score, so a knockout's matches have no
  // winner and the final's run would refuse it (validateFormat); the event refuses it when created.
  const refusal =
    'jury: final.kind: knockout needs matches that someone wins, but in 6561 both players always get ' +
    'the same score, so seeding alone would decide every match (use round robin or Swiss)\n';
  const knockout = join(root, 'knockout-6561.json');
  writeFileSync(knockout, JSON.stringify({ name: 'Knockout', game: '6561', final: { kind: 'knockout' } }));
  const storedSettings = (folder: string) => {
    const store = EventStore.open(folder, 'the test', () => new Date());
    try {
      return store.settings();
    } finally {
      store.close();
    }
  };

  it('refuses a knockout final for 6561 with exit code 2 and creates no event', async () => {
    const folder = join(root, 'knockout-new');
    expect(await jury('event', 'create', folder, '--settings', knockout)).toEqual({
      code: 2,
      out: '',
      err: refusal,
    });
    expect(existsSync(folder)).toBe(false);
  });

  it('leaves an event already in the folder as it was', async () => {
    const folder = join(root, 'club-6561');
    expect((await jury('event', 'create', folder, '--name', 'Club', '--game', '6561')).code).toBe(0);
    const before = storedSettings(folder);
    const bytes = readFileSync(join(folder, EVENT_FILE));
    const files = readdirSync(folder).sort();
    expect(await jury('event', 'create', folder, '--settings', knockout)).toEqual({
      code: 2,
      out: '',
      err: refusal,
    });
    expect(readdirSync(folder).sort()).toEqual(files);
    expect(readFileSync(join(folder, EVENT_FILE)).equals(bytes)).toBe(true);
    expect(storedSettings(folder)).toEqual(before);
    expect(before).toMatchObject({ name: 'Club', game: '6561', final: { kind: 'swiss' } });
  });
});
