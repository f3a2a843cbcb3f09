import type { CheckedRequest, IpcContract, RequestChannel, Response } from '../../shared/ipc/contract.ts';
import { ipcContract, requestChannels } from '../../shared/ipc/contract.ts';
import { parseOrThrow, type Handlers } from '../../shared/ipc/handlers.ts';
import type { SenderCheck, SenderInfo } from './trusted-sender.ts';

/**
 * Main's side of the IPC contract: one `ipcMain.handle` per request channel, each of which refuses
 * foreign senders, validates the payload (the handler never sees a bad one), calls the typed handler and
 * validates its response. There is no generic channel: only the contract's requests are registered.
 */

/**
 * The part of Electron's `ipcMain` that {@link registerHandlers} uses; the real `ipcMain` fits it
 * (checked in register.test.ts), tests pass a fake.
 */
export interface IpcMainLike {
  handle(channel: string, listener: (event: SenderInfo, ...args: unknown[]) => unknown): void;
}

/** Thrown to the renderer when a message does not come from the app's own window. */
export class UntrustedSenderError extends Error {
  override readonly name = 'UntrustedSenderError';
}

/**
 * Registers a checked handler for every request channel of the contract. Returns the channels it
 * registered, so main can remove them with `ipcMain.removeHandler` when the window is recreated.
 */
export function registerHandlers(
  ipcMain: IpcMainLike,
  handlers: Handlers,
  isTrustedSender: SenderCheck,
): readonly RequestChannel[] {
  for (const channel of requestChannels) {
    ipcMain.handle(channel, (event, ...args) => handle(channel, handlers, isTrustedSender, event, args));
  }
  return requestChannels;
}

async function handle<C extends RequestChannel>(
  channel: C,
  handlers: Handlers,
  isTrustedSender: SenderCheck,
  event: SenderInfo,
  args: readonly unknown[],
): Promise<Response<C>> {
  if (!isTrustedSender(event)) {
    throw new UntrustedSenderError(`${channel}: refused a message that does not come from the Jury window`);
  }
  if (args.length > 1) throw new Error(`${channel}: expected at most one payload, got ${args.length}`);
  const spec: IpcContract['requests'][C] = ipcContract.requests[channel];
  const payload = parseOrThrow(spec.request, args[0], `${channel}: invalid request`) as CheckedRequest<C>;
  const handler = handlers[channel] as (payload: CheckedRequest<C>) => Promise<Response<C>> | Response<C>;
  const response = await handler(payload);
  return parseOrThrow(spec.response, response, `${channel}: invalid response from main`) as Response<C>;
}
