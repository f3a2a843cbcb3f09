import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Message } from '../../shared/games/message.ts';

/** How a notice looks: an error (red, stays longer) or information. */
export type NoticeKind = 'error' | 'info';

/** One toast on screen: a text as it came, or a message with facts that the toast words (vue-i18n). */
export interface Notice {
  readonly id: number;
  readonly kind: NoticeKind;
  readonly message: string | Message;
}

/** How long a notice stays before it disappears by itself (ms). */
const lifetimeMs: Record<NoticeKind, number> = { error: 8000, info: 4000 };

/** At most this many notices at once: a burst of failures must not fill the screen. */
const maxNotices = 4;

/** The text of anything thrown: an Error's message, a string as is, otherwise a JSON rendering. */
export function messageOf(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  if (typeof cause === 'string') return cause;
  try {
    return JSON.stringify(cause) ?? String(cause);
  } catch {
    return String(cause);
  }
}

/**
 * Error and info toasts, callable from every store: `useNotices().error(cause)` / `.info(text)`.
 * `error` accepts anything thrown (Error, string) and shows its message.
 */
export const useNotices = defineStore('notices', () => {
  const items = ref<Notice[]>([]);
  let nextId = 1;

  function dismiss(id: number): void {
    items.value = items.value.filter((n) => n.id !== id);
  }

  function push(kind: NoticeKind, message: string | Message): number {
    const id = nextId++;
    items.value = [...items.value, { id, kind, message }].slice(-maxNotices);
    setTimeout(() => dismiss(id), lifetimeMs[kind]);
    return id;
  }

  /** Shows an error toast; returns its id. */
  function error(cause: unknown): number {
    return push('error', messageOf(cause));
  }

  /** Shows an information toast (a text, or a message worded in the user's language); returns its id. */
  function info(message: string | Message): number {
    return push('info', message);
  }

  /** Removes every notice. */
  function clear(): void {
    items.value = [];
  }

  return { items, error, info, dismiss, clear };
});

/**
 * Runs `work` for a store action: its answer, or null after its failure became an error notice (so
 * the action can answer whether it worked).
 */
export async function noticeErrors<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (cause) {
    useNotices().error(cause);
    return null;
  }
}
