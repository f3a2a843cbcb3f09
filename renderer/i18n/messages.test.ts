import { describe, expect, it } from 'vitest';
import { createJuryI18n } from './index.ts';
import { messages } from './messages/index.ts';

/** Every message path of a tree (`bots.add.title`) with its text. */
function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') {
    out.set(prefix, tree);
    return out;
  }
  if (typeof tree !== 'object' || tree === null) {
    out.set(prefix, `<${typeof tree}>`);
    return out;
  }
  for (const [key, value] of Object.entries(tree)) {
    for (const [path, text] of flatten(value, prefix ? `${prefix}.${key}` : key)) out.set(path, text);
  }
  return out;
}

/** The named placeholders of a message (`{name}`), sorted. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\s*(\w+)\s*\}/g)].map((m) => m[1]!).sort();
}

const en = flatten(messages.en);
const nl = flatten(messages.nl);

describe('messages', () => {
  it('has the same areas in both languages', () => {
    expect(Object.keys(messages.nl).sort()).toEqual(Object.keys(messages.en).sort());
  });

  it('has every English key in Dutch', () => {
    expect([...en.keys()].filter((k) => !nl.has(k))).toEqual([]);
  });

  it('has every Dutch key in English', () => {
    expect([...nl.keys()].filter((k) => !en.has(k))).toEqual([]);
  });

  it('keeps only texts as leaves, none of them empty', () => {
    const bad = [...en, ...nl].filter(([, text]) => text.startsWith('<') || text.trim() === '');
    expect(bad).toEqual([]);
  });

  it('uses the same placeholders and plural forms in both languages', () => {
    const differ: string[] = [];
    for (const [key, text] of en) {
      const dutch = nl.get(key);
      if (dutch === undefined) continue;
      if (placeholders(text).join() !== placeholders(dutch).join()) differ.push(`${key}: placeholders`);
      if (text.split('|').length !== dutch.split('|').length) differ.push(`${key}: plural forms`);
    }
    expect(differ).toEqual([]);
  });

  it('renders the messages of the shared areas in both languages', () => {
    const i18n = createJuryI18n('nl');
    expect(i18n.global.t('common.version', { version: '1.2.3' })).toBe('Versie 1.2.3');
    expect(i18n.global.t('bots.drop.added', 3)).toBe('3 bots toegevoegd.');
    i18n.global.locale.value = 'en';
    expect(i18n.global.t('bots.drop.added', 1)).toBe('Added one bot.');
    expect(i18n.global.t('settings.errors.between', { min: 0, max: 60000 })).toBe(
      'Enter a number from 0 to 60000.',
    );
  });
});
