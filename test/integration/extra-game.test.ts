// @vitest-environment happy-dom
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mount } from '@vue/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import {
  builtInGameIds,
  findGame,
  gameIds,
  gameModule,
  isGameId,
  registerGame,
} from '../../shared/games/registry.ts';
import { gameIdSchema } from '../../shared/ipc/schemas.ts';
import { schedulerFor } from '../../shared/tournament/formats/index.ts';
import { gameRecordSchema } from '../../electron/engine/record/schema.ts';
import { replayRecord } from '../../electron/engine/record/replay.ts';
import { parseTournamentConfig, type TournamentConfig } from '../../electron/engine/tournament/config.ts';
import { leaderboard } from '../../electron/engine/tournament/leaderboard.ts';
import { prepareRun } from '../../electron/engine/tournament/prepare-run.ts';
import { TournamentRunner } from '../../electron/engine/tournament/runner.ts';
import { formatOf, scheduleContext } from '../../electron/engine/tournament/scheduling.ts';
import GameBoard from '../../renderer/boards/GameBoard.vue';
import { createJuryI18n } from '../../renderer/i18n/index.ts';
import { nimGame, type NimState } from '../fixtures/games/nim/index.ts';
import { nimRegistration } from '../fixtures/games/nim/registration.ts';
import { sessionLauncher } from '../helpers/session-channel.ts';

// "A game is one folder plus one registration": Nim is defined only under test/fixtures/games/nim/ and
// registered by the one call below. Nothing else in Jury names it, yet it goes through the config schema,
// the run builder, the real referee, the SQLite store and its record schema, the standings and the
// renderer's board slot. Its players are its own sample sessions, run in memory (the sample script runs
// in a process of its own, which knows only the built-in games).
const registered = registerGame(nimRegistration);

const dir = mkdtempSync(join(tmpdir(), 'jury-extra-game-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The config of a small round robin of Nim: one perfect player and two random ones, each game both ways. */
function nimConfig(): TournamentConfig {
  const parsed = parseTournamentConfig({
    format: 'jury-tournament',
    version: 1,
    name: 'Nim club',
    game: 'nim',
    seed: 5,
    schedule: { kind: 'round-robin', repeats: 1 },
    // Programs as far as the config goes; the launcher below plays them with Nim's sample sessions.
    bots: ['greedy', 'random', 'random'].map((strength, i) => ({
      name: ['Ann', 'Bob', 'Cy'][i],
      executable: process.execPath,
      args: [strength],
    })),
    timing: { mode: 'cpu' },
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** Each bot is the Nim sample its one argument names (`greedy` or `random`). */
const launcher = sessionLauncher((bot) => {
  const spec = nimRegistration.samples.find((s) => s.strength === bot.command[1]);
  if (!spec) throw new Error(`no Nim sample ${bot.command[1]}`);
  return spec.session(7);
});

describe('a game defined outside shared/games, added with one registerGame call', () => {
  it('is accepted wherever a game id is checked, after the built-in games', () => {
    expect(registered).toEqual({ ok: true, value: 'nim' });
    expect(isGameId('nim')).toBe(true);
    expect(gameIds).toEqual([...builtInGameIds, 'nim']);
    expect(findGame('nim')).toBe(nimGame);
    expect(gameIdSchema.parse('nim')).toBe('nim');
    expect(gameIdSchema.safeParse('chess').error?.issues[0]?.message).toBe(
      'the game must be one of less, more, 6561, flit, nim',
    );
    // Registering it again is harmless; another game with its id, or a malformed id, is refused.
    expect(registerGame(nimRegistration)).toEqual({ ok: true, value: 'nim' });
    expect(registerGame({ ...nimRegistration })).toMatchObject({
      ok: false,
      error: { code: 'game-id-taken' },
    });
    const shouty = { ...nimRegistration, module: { ...nimGame, info: { ...nimGame.info, id: 'Nim!' } } };
    expect(registerGame(shouty as typeof nimRegistration)).toMatchObject({
      ok: false,
      error: { code: 'bad-game-id' },
    });
    expect(isGameId('Nim!')).toBe(false);
  });

  it('plays a tournament through the run builder, the referee and the store, and ranks it', async () => {
    const config = nimConfig();
    const prepared = await prepareRun({
      store: join(dir, 'nim.sqlite'),
      holder: 'extra-game.test.ts',
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
        play: prepared.player(launcher),
        concurrency: 1,
      });
      expect(await runner.run()).toBe('done');

      // Six games (three pairs, both ways round), every one stored with a record of Nim that the
      // record schema accepts and that replays to its end.
      expect(store.counts()).toEqual({ scheduled: 6, finished: 6, unfinished: 0 });
      expect(store.integrityCheck()).toEqual([]);
      for (const outcome of store.outcomes()) {
        const record = store.record(outcome.index);
        expect(gameRecordSchema.parse(record).game).toBe('nim');
        expect(record?.seats.map((s) => s.status)).toEqual(['OK', 'OK']);
        expect([...outcome.scores].sort()).toEqual([0, 1]);
        const replayed = record ? replayRecord(record) : null;
        expect(replayed?.ok && (replayed.finalState as NimState).left).toBe(0);
      }

      // Ann plays the winning strategy: she wins both games as the first player (21 is no multiple of
      // four), so she ranks first; every game has one winner, so the points add up to six.
      const ids = new Map(prepared.participants.map((p) => [p.name, p.id]));
      const annFirst = store.outcomes().filter((o) => o.seats[0] === ids.get('Ann'));
      expect(annFirst.map((o) => o.scores)).toEqual([
        [1, 0],
        [1, 0],
      ]);
      const ranking = leaderboard(store, config, 'event');
      expect(ranking.rows.map((r) => r.name)[0]).toBe('Ann');
      expect(ranking.rows.reduce((sum, r) => sum + r.points, 0)).toBe(6);
      expect(ranking.rows.find((r) => r.name === 'Ann')?.points).toBeGreaterThanOrEqual(2);
    } finally {
      store.close();
    }
  });

  it('is drawn by the board slot as the text of its render, with a translated label', () => {
    const setup = nimGame.setup({ seed: 1 });
    if (!setup.ok) throw new Error(setup.error.message);
    const state = nimGame.apply(nimGame.apply(setup.value, 3), 2);
    const props = { game: gameModule(nimGame.info.id).info.id, state: nimGame.toJson(state), lastMove: '2' };

    const english = mount(GameBoard, { props, global: { plugins: [createJuryI18n('en')] } });
    const picture = english.find('pre[role="img"]');
    expect(picture.text()).toBe('16 of 21 stones left\n||||||||||||||||\nFirst to take');
    expect(picture.text()).toBe(nimGame.render(state));
    expect(picture.attributes('aria-label')).toBe('Nim board, as text');
    expect(english.find('figcaption').text()).toBe('Last move: 2');
    expect(english.find('svg').exists()).toBe(false);

    const dutch = mount(GameBoard, { props, global: { plugins: [createJuryI18n('nl')] } });
    expect(dutch.find('pre[role="img"]').attributes('aria-label')).toBe('Nim-bord, als tekst');
    expect(dutch.find('figcaption').text()).toBe('Laatste zet: 2');

    // A state its fromJson refuses shows the reason instead of a picture.
    const bad = mount(GameBoard, {
      props: { ...props, state: { left: 99 } },
      global: { plugins: [createJuryI18n('en')] },
    });
    expect(bad.find('pre').exists()).toBe(false);
    expect(bad.find('[role="alert"]').text()).toBe(
      'Cannot show this board.a stored Nim state has 0 to 21 stones left',
    );
  });
});
