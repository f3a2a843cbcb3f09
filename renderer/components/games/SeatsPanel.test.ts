// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { enableAutoUnmount } from '@vue/test-utils';
import type { GameReplay } from '../../stores/replay.ts';
import SeatsPanel from './SeatsPanel.vue';
import { mountScreen } from '../../../test/helpers/renderer-mount.ts';

enableAutoUnmount(afterEach);

type Seat = GameReplay['seats'][number];

function seat(name: string, patch: Partial<Seat>): Seat {
  return {
    name,
    score: 0,
    status: 'OK',
    failure: null,
    takeover: null,
    chargedMs: 100,
    stderrShown: '',
    stderrFull: '',
    stderrTruncated: false,
    ...patch,
  };
}

// A More game: Crasher (White) crashed at move 19, the judge's stand-in played its last 41 moves and
// beat Steady so far that Steady's score is clamped to 0 too: 0–0, a draw by the rules.
const crashedAndBeaten: Seat[] = [
  seat('Crasher', {
    status: 'CRASH',
    failure: { kind: 'crash', ply: 18, exit: { code: 1, signal: null }, pending: '' },
    takeover: { fromPly: 18, moves: 41 },
  }),
  seat('Steady', { score: 0 }),
];

async function mountIn(language: 'en' | 'nl', seats: Seat[]) {
  const mounted = await mountScreen(SeatsPanel, { props: { seats, game: 'more' } });
  mounted.i18n.global.locale.value = language;
  await mounted.wrapper.vm.$nextTick();
  return mounted.wrapper;
}

describe('SeatsPanel', () => {
  it('words a failure from its facts in English, as the command line does', async () => {
    const wrapper = await mountIn('en', crashedAndBeaten);
    expect(wrapper.get('[data-testid="seat-failure"]').text()).toBe(
      'crashed at move 19: it exited with code 1',
    );
  });

  it('words a failure from its facts in Dutch', async () => {
    const wrapper = await mountIn('nl', crashedAndBeaten);
    expect(wrapper.get('[data-testid="seat-failure"]').text()).toBe(
      'gecrasht bij zet 19: het stopte met afsluitcode 1',
    );
  });

  it('says why the game is 0–0 when the stand-in beat the crashed bot’s opponent', async () => {
    expect((await mountIn('en', crashedAndBeaten)).get('[data-testid="stand-in-note"]').text()).toBe(
      "Crasher failed at move 19 and scores 0; the judge's stand-in played on for it and beat Steady, who therefore scores 0 as well.",
    );
    expect((await mountIn('nl', crashedAndBeaten)).get('[data-testid="stand-in-note"]').text()).toBe(
      'Crasher viel af bij zet 19 en krijgt 0; de invaller van de jury speelde verder en versloeg Steady, die daardoor ook 0 krijgt.',
    );
  });

  it('says nothing of a stand-in in a game where every bot played to the end', async () => {
    const wrapper = await mountIn('en', [seat('Ann', { score: 12 }), seat('Bob', { score: 8 })]);
    expect(wrapper.find('[data-testid="stand-in-note"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="seat-failure"]').exists()).toBe(false);
  });
});
