// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { SAMPLE_BOARD } from '../../shared/games/more/state.ts';
import { gameModule } from '../../shared/games/registry.ts';
import type { GameId } from '../../shared/games/types.ts';
import { createJuryI18n, type Locale } from '../i18n/index.ts';
import GameBoard from './GameBoard.vue';

/** Mounts GameBoard with the app's messages in `locale` (the boards translate their captions). */
function mountBoard(props: Record<string, unknown>, locale: Locale = 'en') {
  return mount(GameBoard, { props, global: { plugins: [createJuryI18n(locale)] } });
}

/** The stored state of `game` after `lines` were played from the setup of seed 1 (on `board` if given). */
function stateAfter(game: GameId, lines: readonly string[] = [], board?: string): unknown {
  const module = gameModule(game);
  const setup = module.setup(board === undefined ? { seed: 1 } : { seed: 1, board });
  if (!setup.ok) throw new Error(setup.error.message);
  let state: unknown = setup.value;
  for (const line of lines) {
    const move = module.parseReply(state, line);
    if (!move.ok) throw new Error(move.error.message);
    state = module.apply(state, move.value);
  }
  return module.toJson(state);
}

describe('GameBoard', () => {
  it('draws Less: an svg with 16 pieces and a labelled board', () => {
    const wrapper = mountBoard({ game: 'less', state: stateAfter('less') });
    const svg = wrapper.find('svg');
    expect(svg.exists()).toBe(true);
    expect(svg.attributes('aria-label')).toBe('Less board, ply 0');
    expect(svg.attributes('width')).toBe('320');
    expect(wrapper.findAll('circle.piece')).toHaveLength(16);
    expect(wrapper.findAll('rect.area')).toHaveLength(4);
    expect(wrapper.findAll('.board-legend li').map((li) => li.text())).toHaveLength(4);
  });

  it('draws More: 8 stones, and the squares of the last move', () => {
    // The first move of the rules' dialogue, on the board of its Figure 1.
    const state = stateAfter('more', ['f6f4'], SAMPLE_BOARD);
    const wrapper = mountBoard({
      game: 'more',
      state,
      lastMove: 'f6f4',
      seatNames: ['ann', 'bob'],
      size: 240,
    });
    expect(wrapper.find('svg').attributes('width')).toBe('240');
    expect(wrapper.findAll('circle.piece')).toHaveLength(8);
    expect(wrapper.findAll('rect.highlight')).toHaveLength(2);
    expect(wrapper.find('.board-legend').text()).toContain('White · ann');
  });

  it('draws 6561: one tile per piece with its value, and the placed field', () => {
    const wrapper = mountBoard({
      game: '6561',
      state: stateAfter('6561', ['22', '44', '11']),
      lastMove: '11',
    });
    expect(wrapper.find('svg').attributes('aria-label')).toBe('6561 board, ply 3');
    expect(wrapper.findAll('rect.piece')).toHaveLength(3);
    expect(wrapper.findAll('text').map((t) => t.text())).toEqual(['1', '1', '1']);
    expect(wrapper.findAll('rect.placed')).toHaveLength(1);
    expect(wrapper.find('.sums').text()).toBe('Sum 3 · best 3');
  });

  it('draws Flit: one path per colour, whatever the number of pieces', () => {
    const wrapper = mountBoard({ game: 'flit', state: stateAfter('flit') });
    const layers = wrapper.findAll('path.layer');
    expect(layers).toHaveLength(5);
    expect(layers.map((p) => p.attributes('d'))).toEqual([
      'M15 6h1v1h-1zM27 28h1v1h-1z',
      'M25 6h1v1h-1zM22 18h1v1h-1z',
      'M18 9h1v1h-1zM15 20h1v1h-1z',
      'M9 13h1v1h-1zM2 22h1v1h-1z',
      '',
    ]);
  });

  it('follows new props: a move updates the label and the pieces', async () => {
    const wrapper = mountBoard({ game: 'flit', state: stateAfter('flit') });
    await wrapper.setProps({ state: stateAfter('flit', ['27 28 15 7']), lastMove: '27 28 15 7' });
    expect(wrapper.find('svg').attributes('aria-label')).toBe('Flit board, ply 1');
    expect(wrapper.find('path.layer').attributes('d')).toBe('M15 6h1v1h-1zM15 7h1v1h-1z');
    expect(wrapper.findAll('rect.move')).toHaveLength(2);
  });

  it('shows its captions in Dutch', () => {
    const state = stateAfter('more', ['f6f4'], SAMPLE_BOARD);
    const wrapper = mountBoard({ game: 'more', state, lastMove: 'f6f4', seatNames: ['ann', 'bob'] }, 'nl');
    expect(wrapper.find('svg').attributes('aria-label')).toBe('More-bord, zet 1');
    expect(wrapper.find('.board-status').text()).toBe(
      'Zwart aan zet, zet 2 van 80 (de minste strafpunten wint)',
    );
    expect(wrapper.findAll('.board-legend li').map((li) => li.text())).toEqual([
      'Wit · ann1 strafpunt',
      'Zwart · bob0 strafpunten',
    ]);
    const board = mountBoard({ game: '6561', state: stateAfter('6561', ['22', '44', '11']) }, 'nl');
    expect(board.find('.sums').text()).toBe('Som 3 · beste 3');
    const bad = mountBoard({ game: 'less', state: { board: 'x' } }, 'nl');
    expect(bad.find('[role="alert"]').text()).toContain('Dit bord kan niet worden getoond.');
  });

  it('shows the fromJson error instead of a board when the state is bad', () => {
    const wrapper = mountBoard({ game: 'less', state: { board: 'x' } });
    expect(wrapper.find('svg').exists()).toBe(false);
    const alert = wrapper.find('[role="alert"]');
    expect(alert.text()).toContain('Cannot show this board.');
    expect(alert.text()).toContain(
      'invalid Less state: board: a 8×8 board string has 112 characters, this one has 1',
    );
    const flit = mountBoard({ game: 'flit', state: null });
    expect(flit.find('[role="alert"]').text()).toContain('a stored Flit state is invalid');
  });
});
