// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import LiveBoardCard from './LiveBoardCard.vue';
import { mountScreen, tournamentRoutes } from '../../../test/helpers/renderer-mount.ts';

const frame = (game: number, state: unknown, clocksMs: number[], done = false) => ({
  tournament: 't',
  game,
  stage: 'main',
  round: 1,
  seats: clocksMs.map((_, i) => `bot ${i + 1}`),
  ply: 4096,
  state,
  lastMove: null,
  clocksMs,
  toAct: done ? null : 0,
  done,
  scores: done ? clocksMs.map(() => 1) : null,
});

async function card(game: 'flit' | 'more', f: ReturnType<typeof frame>) {
  const { wrapper } = await mountScreen(LiveBoardCard, {
    props: { frame: f, game, tournament: 't', size: 200, budgetMs: game === 'flit' ? null : 30_000 },
    stubs: { GameBoard: true },
    routes: tournamentRoutes(),
  });
  return wrapper;
}

describe('LiveBoardCard: progress inside a Flit game', () => {
  it('shows the turns taken of the most, the share and at most how long is left', async () => {
    const wrapper = await card('flit', frame(0, { turns: 4096 }, [20_000, 20_000, 20_000, 21_920]));
    expect(wrapper.get('[data-testid="game-progress"]').text()).toContain('turn 4,096 of 32,768 · 12%');
    // 20 ms per turn for the 28,672 turns left: 9 min 34 s.
    expect(wrapper.get('[data-testid="game-left"]').text()).toBe('at most 9 min 34 s left');
    expect(wrapper.get('.in-game-fill').attributes('style')).toContain('width: 12%');
  });

  it('shows nothing of it for a game with a budget per game, or once the game is over', async () => {
    expect(
      (await card('more', frame(0, { turns: 3 }, [100, 200]))).find('[data-testid="game-progress"]').exists(),
    ).toBe(false);
    const over = await card('flit', frame(0, { turns: 4096 }, [1, 1, 1, 1], true));
    expect(over.find('[data-testid="game-progress"]').exists()).toBe(false);
  });
});
