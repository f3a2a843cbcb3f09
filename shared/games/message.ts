/**
 * A text for people, as a message key with its values instead of finished English, so that the renderer
 * shows it in the user's language (vue-i18n). The board view models of every game return these; the
 * English and Dutch texts behind the keys live beside them (`shared/games/<id>/texts.ts`,
 * `shared/games/board-texts.ts`).
 */

/**
 * One value of a {@link Message}: a number or a string shown as it is (a player's name), or another
 * message that is translated first and then filled in (a seat's colour name inside a status line).
 */
export type MessageValue = string | number | Message;

/** A message key (`game.less.status.toMove`) with the values of its `{name}` placeholders. */
export interface Message {
  readonly key: string;
  readonly values?: Readonly<Record<string, MessageValue>>;
  /**
   * For texts with plural forms (`{n} point | {n} points`): the count that picks the form. The caller
   * must also give the count as a value when the text shows it.
   */
  readonly plural?: number;
}

/** The texts of one language: nested objects whose leaves are vue-i18n texts. */
export interface TextTree {
  readonly [key: string]: string | TextTree;
}

/** A tree with the same keys as `T` and texts at the same places, for the translation of `T`. */
export type SameTexts<T> = { readonly [K in keyof T]: T[K] extends string ? string : SameTexts<T[K]> };

/** Every dotted path to a text in the tree `T` (`status.toMove`), for checking keys at compile time. */
export type TextPath<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${TextPath<T[K]>}`;
}[keyof T & string];

/**
 * A game's own texts, attached to its module ({@link GameModule.texts}). The renderer merges them under
 * `game.<id>.`, so a new game's texts need no change in the renderer.
 */
export interface GameTexts {
  /** English and Dutch, with the same keys and placeholders; the keys are relative to `game.<id>.`. */
  readonly en: TextTree;
  readonly nl: TextTree;
  /** The name of each seat in seat order (Less: Yellow, Black, White, Red), for legends and lists. */
  readonly seats: readonly Message[];
}

/** A message with `values` and, when given, the plural count. */
export function message(
  key: string,
  values?: Readonly<Record<string, MessageValue>>,
  plural?: number,
): Message {
  if (values === undefined) return { key };
  return plural === undefined ? { key, values } : { key, values, plural };
}

/** Whether a message value is itself a message. */
export function isMessage(value: MessageValue): value is Message {
  return typeof value === 'object';
}

/** Every key a message uses, its own first, then those of the messages among its values. */
export function messageKeys(m: Message): string[] {
  const nested = Object.values(m.values ?? {}).filter(isMessage);
  return [m.key, ...nested.flatMap(messageKeys)];
}

/**
 * A message as text, given a translation function such as vue-i18n's `t`: the messages among the values
 * are translated first, then `t(key, values)`, or `t(key, values, plural)` for texts with plural forms.
 */
export function formatMessage(
  t: (key: string, values: Record<string, string | number>, plural?: number) => string,
  m: Message,
): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(m.values ?? {})) {
    values[name] = isMessage(value) ? formatMessage(t, value) : value;
  }
  return m.plural === undefined ? t(m.key, values) : t(m.key, values, m.plural);
}

/**
 * A message as text from one language's tree, without vue-i18n: for the command line and the exports,
 * which speak English. `tree` holds the message's key from its root (`{ failure: { crash: … } }` for
 * `failure.crash`); placeholders are `{name}`; a text with plural forms (`a | b`) takes the first form for
 * a count of 1, else the last. A key the tree lacks is returned as is.
 */
export function textIn(tree: TextTree, m: Message): string {
  return formatMessage((key, values, plural) => {
    let node: string | TextTree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') return key;
    const forms = node.split('|').map((form) => form.trim());
    const form = plural === undefined || forms.length === 1 ? node : plural === 1 ? forms[0] : forms.at(-1);
    const text = form ?? node;
    return text.replace(/\{\s*(\w+)\s*\}/g, (whole, name: string) => String(values[name] ?? whole));
  }, m);
}
