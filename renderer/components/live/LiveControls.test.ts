// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import LiveControls from './LiveControls.vue';
import { mountScreen } from '../../../test/helpers/renderer-mount.ts';

vi.mock('../../bridge/index.ts', () => ({ jury: () => ({}), isDesktop: () => true }));

// Pausing lets the games under way play to their end: the Pause button says so before it is pressed,
// and while they finish the controls say how many are still being played.
const summary = (state: 'running' | 'paused', running: number) => ({
  id: 't',
  name: 'Club night',
  game: '6561' as const,
  format: 'round-robin' as const,
  state,
  finished: 3,
  total: 12,
  running,
  etaMs: null,
  concurrency: 2,
  createdAt: '2026-03-01T10:00:00Z',
});

async function controls(state: 'running' | 'paused', running: number, locale: 'en' | 'nl' = 'en') {
  const { wrapper, i18n } = await mountScreen(LiveControls, {
    props: { summary: summary(state, running), canControl: true },
  });
  i18n.global.locale.value = locale;
  await wrapper.vm.$nextTick();
  return wrapper;
}

describe('LiveControls: Pause says that the games under way finish first', () => {
  it('says it on the Pause button, as its tooltip and its description', async () => {
    const wrapper = await controls('running', 2);
    const pause = wrapper.get('[data-testid="pause"]');
    const hint = 'Games under way are played to their end first; no new game starts until you resume.';
    expect(pause.attributes('title')).toBe(hint);
    expect(wrapper.get(`#${pause.attributes('aria-describedby')}`).text()).toBe(hint);
    expect(wrapper.find('[data-testid="pausing"]').exists()).toBe(false);
  });

  it('says, while paused, how many games under way are still being played to their end', async () => {
    expect((await controls('paused', 2)).get('[data-testid="pausing"]').text()).toBe(
      'Pausing: the 2 games under way are played to their end first.',
    );
    expect((await controls('paused', 1)).get('[data-testid="pausing"]').text()).toBe(
      'Pausing: the game under way is played to its end first.',
    );
    expect((await controls('paused', 0)).find('[data-testid="pausing"]').exists()).toBe(false);
  });

  it('says both in Dutch', async () => {
    expect((await controls('running', 2, 'nl')).get('[data-testid="pause"]').attributes('title')).toBe(
      'Lopende partijen worden eerst uitgespeeld; er begint geen nieuwe partij tot je hervat.',
    );
    expect((await controls('paused', 3, 'nl')).get('[data-testid="pausing"]').text()).toBe(
      'Pauzeren: de 3 lopende partijen worden eerst uitgespeeld.',
    );
  });
});
