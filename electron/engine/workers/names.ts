/** The BullMQ queue of game jobs, and the prefix of every key Jury keeps in Redis. */
export const GAME_QUEUE = 'jury-games';
export const QUEUE_PREFIX = 'jury';
/** A worker's heartbeat key (its facts, refreshed every {@link HEARTBEAT_MS}, gone after {@link HEARTBEAT_TTL_S}). */
export const workerKey = (name: string): string => `${QUEUE_PREFIX}:worker:${name}`;
export const WORKER_KEYS = `${QUEUE_PREFIX}:worker:*`;
export const HEARTBEAT_MS = 2000;
export const HEARTBEAT_TTL_S = 10;
/**
 * Where a worker leaves a finished game's record (JSON text, UTF-8) for the coordinator: beside the job,
 * not in it, so that the queue's event stream carries a key rather than every record (the job's result
 * names the key and carries the record's seal: record-seal.ts); removed once stored.
 */
export const recordKey = (jobId: string): string => `${QUEUE_PREFIX}:record:${jobId}`;
/** A record nobody came for is dropped after a week. */
export const RECORD_TTL_S = 7 * 24 * 3600;
