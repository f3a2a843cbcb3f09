import { createI18n } from 'vue-i18n';
import { boardTexts } from '../../shared/games/board-texts.ts';
import type { BoardHeader } from '../../shared/games/board-view.ts';
import {
  formatMessage,
  isMessage,
  type GameTexts,
  type Message,
  type TextTree,
} from '../../shared/games/message.ts';

/**
 * Checks for the messages of a game's board view model: that every key it returns has a text in English
 * and in Dutch with exactly the placeholders the message fills, and what the message reads in either
 * language (through vue-i18n, as the renderer shows it).
 */

type Language = 'en' | 'nl';

/** The texts the renderer merges for one game: `board.` and `game.<id>.`. */
function tree(id: string, texts: GameTexts, language: Language): TextTree {
  return { board: boardTexts[language], game: { [id]: texts[language] } };
}

function lookup(root: TextTree, key: string): string | undefined {
  let node: string | TextTree | undefined = root;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** Every message in a board's label, status and legend. */
export function headerMessages(header: BoardHeader): Message[] {
  return [header.label, header.status, ...header.legend.flatMap((entry) => [entry.name, entry.detail])];
}

/**
 * What is wrong with `messages` against the texts of game `id` in both languages, one line per problem:
 * a key without a text, a placeholder without a value or a value without a placeholder, a text with
 * plural forms given no count or a count given to a text without them. Empty when all is well.
 */
export function textProblems(id: string, texts: GameTexts, messages: readonly Message[]): string[] {
  const problems = new Set<string>();
  const check = (m: Message): void => {
    const names = Object.keys(m.values ?? {})
      .sort()
      .join();
    for (const language of ['en', 'nl'] as const) {
      const text = lookup(tree(id, texts, language), m.key);
      if (text === undefined) {
        problems.add(`${language} ${m.key}: no text`);
        continue;
      }
      const holes = [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort().join();
      if (holes !== names) problems.add(`${language} ${m.key}: placeholders {${holes}}, values {${names}}`);
      if (text.includes('|') !== (m.plural !== undefined)) problems.add(`${language} ${m.key}: plural forms`);
    }
    for (const value of Object.values(m.values ?? {})) if (isMessage(value)) check(value);
  };
  messages.forEach(check);
  return [...problems];
}

/** A function that shows a message of game `id` in `language`, as the renderer does. */
export function translator(id: string, texts: GameTexts, language: Language): (m: Message) => string {
  const i18n = createI18n({
    legacy: false,
    locale: language,
    messages: { [language]: tree(id, texts, language) },
    missingWarn: false,
    fallbackWarn: false,
  });
  const t = i18n.global.t as (key: string, values: Record<string, unknown>, plural?: number) => string;
  return (m) =>
    formatMessage(
      (key, values, plural) => (plural === undefined ? t(key, values) : t(key, values, plural)),
      m,
    );
}
