/** A mistake in how `jury` was called or in what it was given: printed as one message, exit code 2. */
export class UsageError extends Error {}

/** Exit codes of every `jury` command. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
