/** The BullMQ queue of game jobs, and the prefix of every key Jury keeps in Redis. */
export const GAME_QUEUE = 'jury-games';
export const QUEUE_PREFIX = 'jury';
/** A worker's heartbeat key (its facts, refreshed every {@link HEARTBEAT_MS}, gone after {@link HEARTBEAT_TTL_S}). */
export const workerKey = (name: string): string => `${QUEUE_PREFIX}:worker:${name}`;
export const WORKER_KEYS = `${QUEUE_PREFIX}:worker:*`;
export const HEARTBEAT_MS = 2000;
export const HEARTBEAT_TTL_S = 10;
