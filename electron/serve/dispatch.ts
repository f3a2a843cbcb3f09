import type { CheckedRequest, RequestChannel, Response } from '../../shared/ipc/contract.ts';
import { ipcContract, requestChannels } from '../../shared/ipc/contract.ts';
import type { Handlers } from '../../shared/ipc/handlers.ts';
import { parseOrThrow } from '../../shared/ipc/handlers.ts';
import { redisUrlWithoutPassword } from '../app/workers.ts';
import { decideAccess } from './access.ts';
import type { ClientRequest, ServerResponse } from './protocol.ts';

/**
 * Answers one WebSocket request with the engine's handlers, checked exactly like the desktop app's IPC
 * (electron/ipc/register.ts): a known channel, allowed for this connection, a payload that fits the
 * contract's request schema (the handler never sees a bad one), a response that fits its schema.
 */

function isRequestChannel(channel: string): channel is RequestChannel {
  return (requestChannels as readonly string[]).includes(channel);
}

/** Answers `request` for a connection that may (`control`) or may not change things. Never throws. */
export async function dispatch(
  request: ClientRequest,
  handlers: Handlers,
  control: boolean,
): Promise<ServerResponse> {
  const { id, channel } = request;
  if (!isRequestChannel(channel)) {
    return { id, ok: false, error: `unknown channel ${JSON.stringify(channel)}` };
  }
  const access = decideAccess(channel, control);
  if (!access.allowed) return { id, ok: false, error: access.error };
  try {
    return { id, ok: true, value: await answer(channel, request.payload, handlers, control) };
  } catch (e) {
    return { id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

async function answer<C extends RequestChannel>(
  channel: C,
  raw: unknown,
  handlers: Handlers,
  control: boolean,
): Promise<Response<C>> {
  const spec = ipcContract.requests[channel];
  const payload = parseOrThrow(spec.request, raw, `${channel}: invalid request`) as CheckedRequest<C>;
  const handler = handlers[channel] as (payload: CheckedRequest<C>) => Promise<Response<C>> | Response<C>;
  let response: unknown = await handler(payload);
  if (channel === 'app.info' && typeof response === 'object' && response !== null) {
    // The service cannot know who asks: this connection's rights are decided here.
    response = { ...response, mode: 'browser', canControl: control };
  }
  if (channel === 'settings.get' && !control) response = withoutSecrets(response as Response<'settings.get'>);
  return parseOrThrow(spec.response, response, `${channel}: invalid response from the engine`) as Response<C>;
}

/**
 * The settings as a spectator may see them: the remote workers' Redis URL without its password (with it,
 * anyone on the network could use the queue and read the bots' programs; docs/workers.md).
 */
function withoutSecrets(settings: Response<'settings.get'>): Response<'settings.get'> {
  const url = settings.workers.redisUrl;
  return url === null
    ? settings
    : { ...settings, workers: { ...settings.workers, redisUrl: redisUrlWithoutPassword(url) } };
}
