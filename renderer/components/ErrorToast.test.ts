// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { enableAutoUnmount } from '@vue/test-utils';
import { inTournament, unplayedMessage } from '../../shared/games/failure-texts.ts';
import { useNotices } from '../stores/notices.ts';
import ErrorToast from './ErrorToast.vue';
import { mountScreen } from '../../test/helpers/renderer-mount.ts';

enableAutoUnmount(afterEach);

const quits = {
  name: 'Quits',
  crashed: 2,
  games: 2,
  failure: { kind: 'crash' as const, ply: 0, exit: { code: 3, signal: null }, pending: '' },
};

describe('ErrorToast', () => {
  it('words a notice of facts in the language shown, and a plain text as it came', async () => {
    const { wrapper, pinia, i18n } = await mountScreen(ErrorToast);
    useNotices(pinia).info(inTournament('Club', unplayedMessage(quits)));
    useNotices(pinia).info('a text as it came');
    await wrapper.vm.$nextTick();
    const shown = () => wrapper.findAll('.message').map((m) => m.text());
    expect(shown()).toEqual([
      'Club: Quits crashed before its first move in every game it played (2 of 2): it crashed at move 1: it exited with code 3',
      'a text as it came',
    ]);
    i18n.global.locale.value = 'nl';
    await wrapper.vm.$nextTick();
    expect(shown()[0]).toBe(
      'Club: Quits crashte vóór de eerste zet in elke partij die hij speelde (2 van 2): gecrasht bij zet 1: het stopte met afsluitcode 3',
    );
  });
});
