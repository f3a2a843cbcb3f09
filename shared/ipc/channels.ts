/**
 * The channel names of the IPC contract, without their schemas. The preload imports only this file (and
 * types), so its CommonJS bundle needs no zod: a sandboxed preload can `require` nothing but `electron`.
 * contract.ts checks at compile time that its schemas cover exactly these channels.
 */

/** Every request channel (renderer → main, answered), in contract order. */
export const requestChannels = ['games.list', 'bots.samples', 'match.play'] as const;

/** Every event channel (main → renderer), in contract order. */
export const eventChannels = ['tournament.progress', 'game.move'] as const;

/** A request channel, such as `'match.play'`. */
export type RequestChannel = (typeof requestChannels)[number];

/** An event channel (main → renderer), such as `'game.move'`. */
export type EventChannel = (typeof eventChannels)[number];

/** Every channel of the contract: requests first, then events. */
export const channelNames: readonly (RequestChannel | EventChannel)[] = [
  ...requestChannels,
  ...eventChannels,
];
