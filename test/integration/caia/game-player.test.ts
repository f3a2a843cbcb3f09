import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import type { Launcher } from '../../../electron/engine/play-match.ts';
import { GameThread } from '../../../electron/engine/tournament/game-thread.ts';
import { loadTournamentConfig } from '../../../electron/engine/tournament/config.ts';
import { gamePlayer, refereeLogsFolder } from '../../../electron/engine/tournament/game-player.ts';
import { botsById, prepareBots } from '../../../electron/engine/tournament/ready-bots.ts';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import { makeToyPackage, PLAYER } from '../../fixtures/caia/packages.ts';

// A tournament's game player with a game package: a game the referee reported is a record (its log kept
// beside the store); a game whose referee failed is void: it fails, so the runner stops the run and the
// game is played again when the run resumes, rather than counting a result nobody earned.

async function playerFor(referee: readonly string[], name: string, launcher: Launcher) {
  const dir = mkdtempSync(join(tmpdir(), 'jury-pkg-player-'));
  const pkg = makeToyPackage({ name, players: 2, referee, log: 'game.html' });
  const file = join(dir, 'event.json');
  writeFileSync(
    file,
    JSON.stringify({
      format: 'jury-tournament',
      version: 1,
      name,
      game: pkg,
      schedule: { kind: 'round-robin' },
      bots: [
        { name: 'Steady', sample: 'steady' },
        { name: 'Three', executable: process.execPath, args: [PLAYER, '--reply=3'] },
      ],
    }),
  );
  const loaded = await loadTournamentConfig(file);
  if (!loaded.ok) throw new Error(loaded.error.message);
  const { config } = loaded.value;
  const bots = await prepareBots(config, dir, join(dir, 'builds'));
  const store = join(dir, 'event.sqlite');
  return { play: gamePlayer(config, botsById(bots), launcher, { store }), store };
}

const game: ScheduledGame = {
  index: 0,
  stage: 'main',
  round: 1,
  seats: ['steady', 'three'],
  seed: 1,
  board: null,
  match: '',
};

const thread = new GameThread();
afterAll(() => thread.close());
const launchers: [string, Launcher][] = [
  ['on this thread', processLauncher()],
  // As the app, jury serve, jury run and workers play: the package loaded again in the game thread.
  ['in the game thread', { launch: (...a) => processLauncher().launch(...a), games: thread }],
];

describe.each(launchers)('the game player of a game package, %s', (where, launcher) => {
  it('plays a scheduled game with a sample player and keeps the referee’s log beside the store', async () => {
    const { play, store } = await playerFor([], `Player ok ${where}`, launcher);
    const record = await play(game, new AbortController().signal);
    expect(record.scores).toEqual([6, 9]);
    expect(record.seats.map((s) => s.name)).toEqual(['Steady', 'Three']);
    const kept = join(refereeLogsFolder(store), 'game-1-game.html');
    expect(record.caia?.log.path).toBe(kept);
    expect(readFileSync(kept, 'utf8')).toContain('M report 6 9');
  });

  it('fails a game whose referee gave no result (void), with the reason', async () => {
    const { play } = await playerFor(['--crash-after=1'], `Player void ${where}`, launcher);
    await expect(play(game, new AbortController().signal)).rejects.toThrow(
      'the referee was killed by SIGABRT before it reported a result',
    );
  });
});
