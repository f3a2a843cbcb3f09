// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { createJuryI18n, type Locale } from '../i18n/index.ts';
import { useMessages, useSeatNames } from './translate.ts';

/**
 * The text a component shows when mounted with the app's messages in `locale`: `setup` runs in the
 * component's setup (where composables work) and returns what to show.
 */
function shown(locale: Locale, setup: () => () => string): string {
  const Probe = defineComponent({
    setup() {
      const show = setup();
      return () => h('p', show());
    },
  });
  return mount(Probe, { global: { plugins: [createJuryI18n(locale)] } }).text();
}

describe('useMessages', () => {
  it('translates nested messages and picks plural forms', () => {
    const status = {
      key: 'game.more.status.toMove',
      values: { seat: { key: 'game.more.seat.white' }, move: 1, of: 80 },
    };
    const points = { key: 'game.more.legend.points', values: { n: 1 }, plural: 1 };
    const both = (locale: Locale) =>
      shown(locale, () => {
        const text = useMessages();
        return () => `${text(status)} / ${text(points)}`;
      });
    expect(both('en')).toBe('White to move, move 1 of 80 (fewest penalty points wins) / 1 penalty point');
    expect(both('nl')).toBe('Wit aan zet, zet 1 van 80 (de minste strafpunten wint) / 1 strafpunt');
  });
});

describe('useSeatNames', () => {
  it("names seats in the user's language, and an unknown seat or game by number", () => {
    const names = (locale: Locale) =>
      shown(locale, () => {
        const seatName = useSeatNames();
        return () =>
          [seatName('less', 0), seatName('more', 1), seatName('flit', 3), seatName('less', 7)].join(',');
      });
    expect(names('en')).toBe('Yellow,Black,4,8');
    expect(names('nl')).toBe('Geel,Zwart,4,8');
  });
});
