import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import { toCsv } from '../../../electron/engine/export/csv.ts';
import { loadPackageGame } from '../../../electron/engine/packages/admit.ts';
import { playPackageMatch } from '../../../electron/engine/packages/play-package.ts';
import { DEFAULT_LIMITS } from '../../../electron/engine/process/index.ts';
import { gameRecordSchema, type GameRecord } from '../../../electron/engine/record/schema.ts';
import { loadTournamentConfig } from '../../../electron/engine/tournament/config.ts';
import { leaderboard, storedExportData } from '../../../electron/engine/tournament/leaderboard.ts';
import { prepareRun } from '../../../electron/engine/tournament/prepare-run.ts';
import { TournamentRunner } from '../../../electron/engine/tournament/runner.ts';
import { formatOf, scheduleContext } from '../../../electron/engine/tournament/scheduling.ts';
import { schedulerFor } from '../../../shared/tournament/formats/index.ts';
import { makeToyPackage, PLAYER, toyPlayer, type ToyPackage } from '../../fixtures/caia/packages.ts';

// Issue 24, part 2: a referee that disqualifies a player for an illegal move says so in its report
// message only (`PLAYER_1:_ILLEGAL;_PLAYER_2:_WIN`, CodeCup 2022's referee). The Toy referee with
// `--codecup --max-reply=5` does the same for any reply above 5: caiaio sends no tag, so only the
// referee's words can make that player ILLEGAL, in its record, the standings and the CodeCup CSV.

const REFEREE = ['--codecup', '--max-reply=5'];
const dir = mkdtempSync(join(tmpdir(), 'jury-verdict-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let made = 0;
async function play(pkg: ToyPackage, players: readonly (readonly string[])[]): Promise<GameRecord> {
  made += 1;
  const loaded = await loadPackageGame(makeToyPackage({ name: `Verdict ${made}`, ...pkg }));
  if (!loaded.ok) throw new Error(loaded.error.message);
  const record = await playPackageMatch(
    {
      pkg: loaded.value.pkg,
      bots: players.map((options, i) => ({ name: `p${i + 1}`, command: toyPlayer(...options) })),
      seed: 1,
      timing: 'official',
      limits: DEFAULT_LIMITS,
    },
    processLauncher(),
  );
  return gameRecordSchema.parse(record);
}

describe("a Caia referee's own verdict, with real processes", () => {
  it('makes a player the referee disqualified ILLEGAL, and keeps caiaio’s account beside it', async () => {
    const r = await play({ players: 2, referee: REFEREE }, [['--reply=2'], ['--reply=9']]);
    expect(r.end).toEqual({ kind: 'referee-report', message: 'PLAYER_1:_WIN;_PLAYER_2:_ILLEGAL' });
    expect(r.seats.map((s) => [s.status, s.failure])).toEqual([
      ['OK', null],
      ['ILLEGAL', null],
    ]);
    expect(r.caia?.firstTags).toEqual([null, null]);
    expect(r.caia?.verdicts).toEqual([
      { word: 'WIN', referee: 'OK', tag: 'OK', by: 'referee' },
      { word: 'ILLEGAL', referee: 'ILLEGAL', tag: 'OK', by: 'referee' },
    ]);
  });

  it('reads tags only when the manifest says "tags-only"', async () => {
    const r = await play({ players: 2, referee: REFEREE, verdict: 'tags-only' }, [
      ['--reply=2'],
      ['--reply=9'],
    ]);
    expect(r.seats.map((s) => s.status)).toEqual(['OK', 'OK']);
    expect(r.caia?.verdicts?.map((v) => v.by)).toEqual(['tag', 'tag']);
  });

  it('counts it as an irregular loss in the standings and writes ILLEGAL in the CodeCup CSV', async () => {
    const pkg = makeToyPackage({ name: 'Verdict event', players: 2, referee: REFEREE, rounds: 2 });
    const file = join(dir, 'event.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'jury-tournament',
        version: 1,
        name: 'Verdict event',
        game: pkg,
        schedule: { kind: 'round-robin' },
        bots: [
          { name: 'Steady', sample: 'steady' },
          { name: 'Cheat', executable: process.execPath, args: [PLAYER, '--reply=9'] },
          { name: 'Crasher', executable: process.execPath, args: [PLAYER, '--crash-at=1'] },
        ],
      }),
    );
    const loaded = await loadTournamentConfig(file);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const { config } = loaded.value;
    const prepared = await prepareRun({
      store: join(dir, 'event.sqlite'),
      holder: 'verdict.test.ts',
      config,
      baseDir: dir,
      buildDir: join(dir, 'build'),
    });
    const { store } = prepared;
    try {
      const runner = new TournamentRunner({
        store,
        scheduler: schedulerFor(formatOf(config, prepared.participants)),
        context: scheduleContext(config, store.info().seed, prepared.participants),
        play: prepared.player(processLauncher()),
        concurrency: 1,
      });
      expect(await runner.run()).toBe('done');
      const games = store.counts().finished;
      expect(games).toBe(6); // three pairs, both ways round

      const ranking = leaderboard(store, config, 'event');
      const row = (name: string) => ranking.rows.find((r) => r.name === name);
      expect(row('Steady')).toMatchObject({
        place: 1,
        wdl: { wins: 4, draws: 0, losses: 0 },
        irregularTotal: 0,
      });
      // Every game of the cheat is an irregular loss, ILLEGAL, never a draw.
      expect(row('Cheat')).toMatchObject({
        points: 0,
        wdl: { wins: 0, draws: 0, losses: 4 },
        irregular: { TIMEOUT: 0, ILLEGAL: 4, CRASH: 0, EXIT: 0 },
        irregularTotal: 4,
      });
      // The crasher dies while the referee listens: to the referee an illegal empty line, to caiaio a
      // crash; its tag's failure stands.
      expect(row('Crasher')).toMatchObject({ irregular: { TIMEOUT: 0, ILLEGAL: 0, CRASH: 4, EXIT: 0 } });

      const csv = toCsv(storedExportData(store, config)).trim().split('\n').slice(1);
      expect(csv).toHaveLength(games * 2);
      const status = (name: string) =>
        csv.filter((l) => l.split(',')[4] === `"${name}"`).map((l) => l.split(',').slice(5).join(','));
      expect(status('Cheat')).toEqual(Array(4).fill('0,ILLEGAL'));
      expect(status('Crasher')).toEqual(Array(4).fill('0,CRASH'));
      expect(status('Steady')).toEqual(Array(4).fill('4,WIN'));
    } finally {
      store.close();
    }
  });
});
