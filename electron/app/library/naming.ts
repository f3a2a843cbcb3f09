import { randomBytes } from 'node:crypto';
import { basename, extname } from 'node:path';

/** What the naming functions need to know of the bots already in the library. */
interface Named {
  readonly id: string;
  readonly name: string;
}

/** The longest bot name the schemas accept. */
export const MAX_NAME = 80;

/**
 * Whether `name` is used by another bot than `exceptId`. Case is ignored: "Bot" and "bot" would be told
 * apart by the judge but not by the people reading the standings.
 */
export function nameTaken(bots: readonly Named[], name: string, exceptId?: string): boolean {
  const wanted = name.trim().toLowerCase();
  return bots.some((b) => b.id !== exceptId && b.name.toLowerCase() === wanted);
}

/** Refuses an empty, over-long or already used name with a message for the user; answers it trimmed. */
export function checkNewName(bots: readonly Named[], name: string, exceptId?: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new Error('the name must not be empty');
  if (trimmed.length > MAX_NAME) throw new Error(`the name must be at most ${MAX_NAME} characters`);
  if (nameTaken(bots, trimmed, exceptId)) {
    throw new Error(`a bot named ${JSON.stringify(trimmed)} is already in the library; choose another name`);
  }
  return trimmed;
}

/** `base` if it is free, else `base 2`, `base 3`, … (shortened so that the suffix fits). */
export function uniqueName(bots: readonly Named[], base: string): string {
  const clean = base.trim().slice(0, MAX_NAME) || 'bot';
  if (!nameTaken(bots, clean)) return clean;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const candidate = `${clean.slice(0, MAX_NAME - suffix.length).trimEnd()}${suffix}`;
    if (!nameTaken(bots, candidate)) return candidate;
  }
}

/** The name a file gives a bot: its name without the extension (`/x/my_bot.cpp` → `my_bot`). */
export function defaultName(path: string): string {
  return basename(path, extname(path)).trim() || basename(path);
}

/**
 * A new bot id: the start of the name as a slug for people reading library.json or the builds folder,
 * and random hex so that it never collides and never changes when the bot is renamed.
 */
export function newBotId(bots: readonly Named[], name: string): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 32)
      .replace(/-$/, '') || 'bot';
  for (;;) {
    const id = `${slug}-${randomBytes(4).toString('hex')}`;
    if (!bots.some((b) => b.id === id)) return id;
  }
}
