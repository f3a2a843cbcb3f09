import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gameDriver } from '../../shared/games/driver.ts';
import { registerGame } from '../../shared/games/registry.ts';
import type { GameId } from '../../shared/games/types.ts';
import { schedulerFor } from '../../shared/tournament/formats/index.ts';
import { smokeTest } from '../../electron/app/library/smoke-test.ts';
import { processLauncher } from '../../electron/engine/bot-launcher.ts';
import { engineDriver } from '../../electron/engine/games/driver.ts';
import { loadPackageGame } from '../../electron/engine/packages/admit.ts';
import { DEFAULT_LIMITS } from '../../electron/engine/process/index.ts';
import { loadTournamentConfig } from '../../electron/engine/tournament/config.ts';
import { leaderboard } from '../../electron/engine/tournament/leaderboard.ts';
import { prepareRun } from '../../electron/engine/tournament/prepare-run.ts';
import { TournamentRunner } from '../../electron/engine/tournament/runner.ts';
import { formatOf, scheduleContext } from '../../electron/engine/tournament/scheduling.ts';
import { makeToyPackage, PLAYER } from '../fixtures/caia/packages.ts';
import { nimRegistration } from '../fixtures/games/nim/registration.ts';
import { sessionLauncher } from '../helpers/session-channel.ts';

// Issue 27: a new game is its folder plus one registration, whoever referees it. Nim (a module game,
// test/fixtures/games/nim/) is one registerGame call; two game packages worded differently (CodeCup's
// `PLAYER_1:_WIN` and the Toy referee's own `1=ok,t=…` read by the manifest's verdict pattern) are each
// their folder, loaded once. Everything after goes through the one game driver: no code names them.

const dir = mkdtempSync(join(tmpdir(), 'jury-drivers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a module game added with one registration', () => {
  const nim = registerGame(nimRegistration);

  it('has a driver that says what it is and plays it through the engine', async () => {
    if (!nim.ok) throw new Error(nim.error.message);
    const driver = gameDriver(nim.value);
    expect(driver).toMatchObject({
      referee: { kind: 'module' },
      samples: ['random', 'greedy'],
      remote: false,
      view: { kind: 'text' },
      length: null,
      carried: {},
    });
    expect(driver.module).toBe(nimRegistration.module);
    const launcher = sessionLauncher((bot) => {
      const spec = nimRegistration.samples.find((s) => s.strength === bot.command[1]);
      if (!spec) throw new Error(`no Nim sample ${bot.command[1]}`);
      return spec.session(7);
    });
    const engine = engineDriver(nim.value);
    expect(await engine.ready()).toEqual({ ok: true, value: undefined });
    const record = await engine.play(
      {
        bots: ['greedy', 'random'].map((s) => ({ name: s, command: [process.execPath, s] })),
        seed: 3,
        timing: 'cpu',
        limits: DEFAULT_LIMITS,
      },
      launcher,
    );
    expect(record.game).toBe('nim');
    expect(record.seats.map((s) => s.status)).toEqual(['OK', 'OK']);
    // The perfect player moving first from a won position wins.
    expect(record.scores[0]).toBeGreaterThan(record.scores[1] ?? 0);
  });
});

/** Two packages of the same Toy referee, worded differently; their folders are all Jury is given. */
const PACKAGES = [
  { name: 'Codecup worded', players: 2, referee: ['--codecup'] },
  {
    name: 'Tally worded',
    players: 3,
    verdict: { pattern: '(?<player>\\d+)=(?<word>[a-z]+)', words: { ok: 'OK' } },
  },
] as const;

describe.each(PACKAGES)('the game package "$name", given only as its folder', (made) => {
  const folder = makeToyPackage({ ...made, rounds: 2 });
  let id: GameId;

  it('is registered by loading its folder and described by its driver', async () => {
    const loaded = await loadPackageGame(folder);
    if (!loaded.ok) throw new Error(loaded.error.message);
    id = loaded.value.id;
    expect(gameDriver(id)).toMatchObject({
      facts: { title: made.name, seats: made.players },
      referee: { kind: 'caia' },
      module: null,
      samples: ['steady'],
      remote: false,
      view: { kind: 'transcript', logFile: null },
      carried: { package: { folder, players: made.players } },
    });
  });

  it('passes a good program in the smoke test and fails a crashing one', async () => {
    const good = await smokeTest({ name: 'Mine', command: [PLAYER, '--reply=3'] }, id, processLauncher(), {
      seed: 1,
    });
    expect(good).toMatchObject({ passed: true, statuses: Array(made.players).fill('OK') });
    expect(good.verdict).toMatch(/^Played a full game without a fault; scored 6\.$/);
    const bad = await smokeTest({ name: 'Crash', command: [PLAYER, '--kill-start'] }, id, processLauncher());
    expect(bad.passed).toBe(false);
    expect(bad.statuses[0]).toBe('CRASH');
  });

  it('runs a tournament from a config naming its folder relatively, in the game thread', async () => {
    const home = join(dir, made.name.replace(/ /g, '-'));
    mkdirSync(home, { recursive: true });
    const file = join(home, 'event.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'jury-tournament',
        version: 1,
        name: made.name,
        game: relative(home, folder),
        schedule:
          made.players === 2 ? { kind: 'round-robin' } : { kind: 'groups', permutations: 'rotations' },
        bots: [
          { name: 'Steady', sample: 'steady' },
          { name: 'Five', executable: process.execPath, args: [PLAYER, '--reply=5'] },
          { name: 'One', executable: process.execPath, args: [PLAYER, '--reply=1'] },
        ],
        timing: { mode: 'cpu' },
      }),
    );
    const loaded = await loadTournamentConfig(file);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const { config } = loaded.value;
    expect(config.game).toBe(id);
    const prepared = await prepareRun({
      store: join(home, 'event.sqlite'),
      holder: 'game-drivers.test.ts',
      config,
      baseDir: home,
      buildDir: join(home, 'build'),
    });
    const { store } = prepared;
    const launcher = processLauncher({ gameThread: true });
    try {
      const runner = new TournamentRunner({
        store,
        scheduler: schedulerFor(formatOf(config, prepared.participants)),
        context: scheduleContext(config, store.info().seed, prepared.participants),
        play: prepared.player(launcher),
        concurrency: 1,
      });
      expect(await runner.run()).toBe('done');
      const ranking = leaderboard(store, config, 'event');
      // Five points a round beats two, beats one, in every game of every seating.
      expect(ranking.rows.map((r) => r.name)).toEqual(['Five', 'Steady', 'One']);
      expect(ranking.rows.every((r) => r.irregularTotal === 0)).toBe(true);
      // Each package's own words were read: every seat's verdict comes from the referee's message.
      const verdicts = store.record(0)?.caia?.verdicts ?? [];
      expect(verdicts.length).toBe(made.players);
      expect(verdicts.every((v) => v.by === 'referee' && v.referee === 'OK')).toBe(true);
    } finally {
      store.close();
    }
  });
});
