import type { z } from 'zod';
import type { CheckedRequest, RequestChannel, Response } from './contract.ts';

/**
 * The contract's server side, shared by every host of the engine service: Electron's main process
 * (electron/ipc/register.ts), `jury serve` (electron/serve/) and the engine host (electron/app/).
 */

/** The typed handler of every request channel: a host must give one for each, checked by the compiler. */
export type Handlers = {
  readonly [C in RequestChannel]: (payload: CheckedRequest<C>) => Promise<Response<C>> | Response<C>;
};

/**
 * Parses `value` with `schema`, or throws an Error whose message names every offending field by its
 * path (`bots.0.command: …`), prefixed with `what`. Every host calls it on each payload and response, so
 * a handler never sees a bad payload and a client never receives a bad response.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const field = issue.path.length === 0 ? '(payload)' : issue.path.map(String).join('.');
    return `${field}: ${issue.message}`;
  });
  throw new Error(`${what}: ${problems.join('; ')}`);
}
