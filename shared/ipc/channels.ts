/**
 * The channel names of the IPC contract, without their schemas. The preload imports only this file (and
 * types), so its CommonJS bundle needs no zod: a sandboxed preload can `require` nothing but `electron`.
 * contract.ts checks at compile time that its schemas cover exactly these channels.
 */

/** Every request channel (renderer → main, answered), in contract order. */
export const requestChannels = [
  'app.info',
  'games.list',
  'bots.samples',
  'match.play',
  'system.protections',
  'settings.get',
  'settings.set',
  'presets.list',
  'presets.save',
  'presets.remove',
  'workers.list',
  'games.addPackage',
  'games.removePackage',
  'bots.list',
  'bots.add',
  'bots.checkAdd',
  'bots.addSamples',
  'bots.rename',
  'bots.remove',
  'bots.smokeTest',
  'bots.setGame',
  'tournaments.list',
  'tournaments.check',
  'tournaments.create',
  'tournaments.demo',
  'tournaments.remove',
  'tournaments.importCodecup',
  'tournament.draft',
  'tournament.start',
  'tournament.pause',
  'tournament.resume',
  'tournament.stop',
  'tournament.abort',
  'tournament.concurrency',
  'tournament.standings',
  'tournament.statistics',
  'tournament.games',
  'tournament.live',
  'tournament.replay',
  'tournament.rerun',
  'tournament.resetGame',
  'tournament.export',
  'event.info',
  'event.open',
  'event.close',
  'event.contestants',
  'event.addContestants',
  'event.newCode',
  'event.submissions',
  'event.source',
  'event.disqualify',
  'event.readmit',
  'event.setLocked',
  'event.runTest',
  'event.runFinal',
  'event.competitions',
  'event.standings',
  'event.games',
  'event.replay',
  'dialog.openBot',
  'dialog.saveFile',
  'dialog.openPackage',
] as const;

/**
 * Requests that change something. `jury serve` answers them only for controllers (localhost, or a
 * browser that gave the printed token); spectators get a clear refusal.
 */
export const controlChannels = [
  'match.play',
  'settings.set',
  'presets.save',
  'presets.remove',
  'games.addPackage',
  'games.removePackage',
  'bots.add',
  'bots.checkAdd',
  'bots.addSamples',
  'bots.rename',
  'bots.remove',
  'bots.smokeTest',
  'bots.setGame',
  'tournaments.create',
  'tournaments.demo',
  'tournaments.remove',
  'tournaments.importCodecup',
  'tournament.start',
  'tournament.pause',
  'tournament.resume',
  'tournament.stop',
  'tournament.abort',
  'tournament.concurrency',
  'tournament.rerun',
  'tournament.resetGame',
] as const satisfies readonly RequestChannel[];

/**
 * The event's organiser channels: every `event.*` request, reads too, since they show contestants'
 * programs, stderr and join codes. `jury serve` answers them only for controllers, like
 * {@link controlChannels}; contestants have their own routes (docs/event-day.md, "The API").
 */
export const organiserChannels: readonly RequestChannel[] = requestChannels.filter((c) =>
  c.startsWith('event.'),
);

/** Requests only the desktop app answers (native dialogs); in a browser the bridge uses the page's own. */
export const desktopOnlyChannels = [
  'dialog.openBot',
  'dialog.saveFile',
  'dialog.openPackage',
] as const satisfies readonly RequestChannel[];

/** Every event channel (main → renderer), in contract order. */
export const eventChannels = [
  'tournament.progress',
  'tournament.changed',
  'games.changed',
  'game.frame',
  'app.navigate',
] as const;

/** A request channel, such as `'match.play'`. */
export type RequestChannel = (typeof requestChannels)[number];

/** An event channel (main → renderer), such as `'game.frame'`. */
export type EventChannel = (typeof eventChannels)[number];

/** Every channel of the contract: requests first, then events. */
export const channelNames: readonly (RequestChannel | EventChannel)[] = [
  ...requestChannels,
  ...eventChannels,
];

/** Whether a request changes something (see {@link controlChannels}). */
export function isControlChannel(channel: RequestChannel): boolean {
  return (controlChannels as readonly string[]).includes(channel);
}
