import type { EventChannel, EventPayload, Request, RequestChannel, Response } from './contract.ts';

/**
 * The shape of `window.jury`, derived from the IPC contract: one named method per request channel and
 * one `on…` subscription per event channel, never a generic send. The preload builds it
 * (electron/preload-api.ts); the renderer's bridge module types `window.jury` with it.
 */

/** `'games.list'` → `'gamesList'`: the method name of a channel. */
export type MethodName<C extends string> = C extends `${infer Head}.${infer Tail}`
  ? `${Head}${Capitalize<MethodName<Tail>>}`
  : C;

/** `'game.move'` → `'onGameMove'`: the subscription name of an event channel. */
export type SubscriptionName<C extends string> = `on${Capitalize<MethodName<C>>}`;

/** The method of a request channel: no argument when the request has no payload. */
export type RequestMethod<C extends RequestChannel> =
  undefined extends Request<C> ? () => Promise<Response<C>> : (payload: Request<C>) => Promise<Response<C>>;

/** Subscribes `listener` to an event channel; the returned function unsubscribes it. */
export type Subscription<C extends EventChannel> = (
  listener: (payload: EventPayload<C>) => void,
) => () => void;

/** The object the preload exposes as `window.jury`. */
export type JuryApi = {
  readonly [C in RequestChannel as MethodName<C>]: RequestMethod<C>;
} & {
  readonly [C in EventChannel as SubscriptionName<C>]: Subscription<C>;
};

/** The method name of a channel at run time (the value of {@link MethodName}). */
export function methodName<C extends string>(channel: C): MethodName<C> {
  return channel
    .split('.')
    .map((part, i) => (i === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('') as MethodName<C>;
}

/** The subscription name of an event channel at run time (the value of {@link SubscriptionName}). */
export function subscriptionName<C extends string>(channel: C): SubscriptionName<C> {
  const name = methodName(channel);
  return `on${name.charAt(0).toUpperCase()}${name.slice(1)}` as SubscriptionName<C>;
}
