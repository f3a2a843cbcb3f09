import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../electron/cli/program.ts';

async function jury(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

const config = {
  format: 'jury-tournament',
  version: 1,
  name: 'CLI test',
  game: '6561',
  seed: 3,
  schedule: { kind: 'round-robin' },
  bots: [
    { name: 'Greedy', sample: 'greedy' },
    { name: 'Random', sample: 'random' },
    { name: 'Random <script>', sample: 'random' },
  ],
  timing: { mode: 'cpu' },
};

function write(dir: string, name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

describe('jury run, standings and export', () => {
  it('refuses bad input with exit code 2 and a message that names the problem', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-tcli-'));
    expect(await jury('run', join(dir, 'none.json'))).toMatchObject({
      code: 2,
      err: expect.stringMatching(/cannot read .*none.json: ENOENT/),
    });
    expect(await jury('run', write(dir, 'bad.json', '{oops'))).toMatchObject({
      code: 2,
      err: expect.stringMatching(/bad.json is not JSON/),
    });
    const wrong = write(dir, 'wrong.json', { ...config, schedule: { kind: 'groups' } });
    expect(await jury('run', wrong)).toMatchObject({
      code: 2,
      err: expect.stringMatching(
        /schedule.kind: groups are for games of 3 or more players; 6561 has 2 seats \(use round robin\)/,
      ),
    });
    expect(await jury('standings', join(dir, 'none.sqlite'))).toMatchObject({
      code: 2,
      err: expect.stringMatching(/no tournament database at/),
    });
    expect(await jury('export', join(dir, 'x.sqlite'), '--format', 'pdf', '--out', 'x')).toMatchObject({
      code: 2,
    });
  });

  it('runs a small event, refuses another config on its database, and reports and exports it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-tcli-'));
    const cfg = write(dir, 'event.json', config);
    const db = join(dir, 'event.sqlite');
    const ran = await jury('run', cfg, '--db', db, '--json', '--concurrency', '2');
    expect(ran.code).toBe(0);
    const events = ran.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; [k: string]: unknown });
    expect(events.filter((e) => e.event === 'game-finished')).toHaveLength(6);
    expect(events.at(-1)).toMatchObject({ event: 'end', state: 'done', finished: 6, total: 6 });

    const other = write(dir, 'other.json', { ...config, seed: 4 });
    expect(await jury('run', other, '--db', db)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/holds a tournament with a different config/),
    });

    const standings = await jury('standings', db, '--json');
    const rows = (JSON.parse(standings.out) as { ranking: { rows: { name: string; games: number }[] } })
      .ranking.rows;
    expect(rows.map((r) => r.games)).toEqual([4, 4, 4]);
    expect(rows.map((r) => r.name).sort()).toEqual(['Greedy', 'Random', 'Random <script>']);
    const table = await jury('standings', db);
    expect(table.out).toMatch(/CLI test: 6 of 6 scheduled games finished/);

    expect((await jury('export', db, '--format', 'csv', '--out', join(dir, 'out', 'results.csv'))).code).toBe(
      0,
    );
    const csv = readFileSync(join(dir, 'out', 'results.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe('Game,Round,IsSwiss,Player,User,Score,Status');
    expect(csv.filter((l) => l !== '')).toHaveLength(1 + 12);
    // 6561 is cooperative: both seats share the score, every game a draw.
    expect(csv.slice(1, -1).every((l) => l.endsWith(',DRAW'))).toBe(true);

    expect(
      (await jury('export', db, '--format', 'html', '--out', join(dir, 'report', 'index.html'))).code,
    ).toBe(0);
    const html = readFileSync(join(dir, 'report', 'index.html'), 'utf8');
    expect(html).toContain('Random &lt;script&gt;');
    expect(html).not.toContain('Random <script>');
    expect(existsSync(join(dir, 'report', 'transcripts', 'game-6.txt'))).toBe(true);

    expect((await jury('export', db, '--format', 'json', '--out', join(dir, 'all.json'))).code).toBe(0);
    const json = JSON.parse(readFileSync(join(dir, 'all.json'), 'utf8')) as { outcomes: unknown[] };
    expect(json.outcomes).toHaveLength(6);
    expect((json as unknown as { ranking: { rows: unknown[] } }).ranking.rows).toEqual(rows);
  }, 60_000);
});
