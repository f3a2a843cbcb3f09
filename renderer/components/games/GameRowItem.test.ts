// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { enableAutoUnmount } from '@vue/test-utils';
import type { GameRow } from '../../logic/game-filter.ts';
import GameRowItem from './GameRowItem.vue';
import { mountScreen } from '../../../test/helpers/renderer-mount.ts';

enableAutoUnmount(afterEach);

/** A finished More game of the list: Crasher crashed, Steady scored `score`. */
function row(score: number): GameRow {
  return {
    index: 2,
    stage: 'round-robin',
    round: 1,
    match: 'round-robin/r1/m2',
    seats: ['Crasher', 'Steady'],
    state: 'finished',
    scores: [0, score],
    statuses: ['CRASH', 'OK'],
    end: 'all-home',
    durationMs: 900,
  };
}

async function note(game: string, score: number, language: 'en' | 'nl' = 'en') {
  const { wrapper, i18n } = await mountScreen(GameRowItem, { props: { row: row(score), game } });
  i18n.global.locale.value = language;
  await wrapper.vm.$nextTick();
  return wrapper.find('[data-testid="stand-in-note"]');
}

describe('GameRowItem', () => {
  it('says in the list why a crashed bot’s opponent has 0 too: the stand-in beat it', async () => {
    expect((await note('more', 0)).text()).toBe(
      "Crasher failed and scores 0; the judge's stand-in played on for it and beat Steady, who therefore scores 0 as well.",
    );
    expect((await note('more', 0, 'nl')).text()).toBe(
      'Crasher viel af en krijgt 0; de invaller van de jury speelde verder en versloeg Steady, die daardoor ook 0 krijgt.',
    );
  });

  it('adds nothing when the opponent scored, or in a game without a stand-in', async () => {
    expect((await note('more', 14)).exists()).toBe(false);
    expect((await note('flit', 0)).exists()).toBe(false);
  });
});
