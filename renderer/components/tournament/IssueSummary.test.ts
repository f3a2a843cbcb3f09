// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { defineComponent, h } from 'vue';
import { createJuryI18n } from '../../i18n/index.ts';
import IssueSummary from './IssueSummary.vue';

enableAutoUnmount(afterEach);

/** A page with the name field and the bots section, as the form renders them, and the summary. */
function page(issues: { path: string; message: string }[], locale: 'en' | 'nl' = 'en') {
  const Page = defineComponent(() => () => [
    h('div', { class: 'field' }, [h('input', { id: 'tournament-name', 'data-testid': 'tournament-name' })]),
    h('section', { 'aria-labelledby': 'section-bots' }, [
      h('input', { type: 'checkbox', 'data-testid': 'first-bot' }),
      h('ul', { 'data-testid': 'issues-bots' }),
    ]),
    h(IssueSummary, { issues }),
  ]);
  return mount(Page, { global: { plugins: [createJuryI18n(locale)] }, attachTo: document.body });
}

describe('IssueSummary', () => {
  it('names the field of each problem and takes the user there', async () => {
    const wrapper = page([
      { path: 'bots', message: 'Choose at least 4 bots.' },
      { path: 'name', message: 'Give the tournament a name.' },
    ]);
    expect(wrapper.get('[data-testid="draft-issue-count"]').text()).toBe('Fix 2 problems first.');
    const links = wrapper.findAll('[data-testid="issue-link"]');
    expect(links.map((l) => l.text())).toEqual([
      'Bots: Choose at least 4 bots.',
      'Name: Give the tournament a name.',
    ]);
    await links[0]!.trigger('click');
    expect(document.activeElement?.getAttribute('data-testid')).toBe('first-bot');
    await links[1]!.trigger('click');
    expect(document.activeElement?.getAttribute('data-testid')).toBe('tournament-name');
  });

  it('lists three and counts the rest, in Dutch too', () => {
    const issues = ['name', 'bots', 'seed', 'timing.graceMs', 'limits.memoryMiB'].map((path) => ({
      path,
      message: 'x',
    }));
    const wrapper = page(issues, 'nl');
    expect(wrapper.findAll('[data-testid="issue-link"]').map((l) => l.text())).toEqual([
      'Naam: x',
      'Bots: x',
      'Seed van het toernooi: x',
    ]);
    expect(wrapper.get('.rest').text()).toBe('… en nog 2.');
  });
});
