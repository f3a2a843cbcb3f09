import { readFile } from 'node:fs/promises';
import { homedir, hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { processLauncher } from '../engine/bot-launcher.ts';
import { parseRedisUrl, redisProblem, type RedisTarget } from '../engine/workers/connection.ts';
import { defaultWorkerSlots } from '../engine/workers/cores.ts';
import { JuryWorker } from '../engine/workers/worker.ts';
import type { CliIo } from './program.ts';
import { UsageError } from './usage-error.ts';
import { wholeNumberOption } from './whole-number.ts';

/** The options of `jury worker`. */
export interface WorkerFlags {
  readonly redis: string;
  readonly redisPasswordFile?: string;
  readonly slots?: string;
  readonly name?: string;
  readonly secretFile?: string;
  readonly cache?: string;
}

/** Where the Redis password goes instead of a command line, for messages. */
const PASSWORD_PLACES = 'JURY_REDIS_PASSWORD or --redis-password-file FILE';

/**
 * The Redis target of `--redis` or `--workers` (`flag`), with its password from the file `passwordFile`,
 * else the JURY_REDIS_PASSWORD environment variable (else none: a Redis without a password). A usage
 * error when the URL is wrong, when it holds a password itself (anyone on the machine can read a command
 * line, with `ps`: the message gives the URL without it and where the password goes), or when the file
 * cannot be read or is empty.
 */
export async function redisTargetOf(
  url: string,
  flag: string,
  passwordFile: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RedisTarget> {
  const parsed = parseRedisUrl(url);
  if ('problem' in parsed) throw new UsageError(`${flag}: ${parsed.problem}`);
  if (parsed.password !== null) {
    const bare = new URL(url.trim());
    bare.password = '';
    throw new UsageError(
      `${flag}: the URL holds the Redis password, which anyone on this machine can read on a command line (ps); give ${bare.href} and the password in ${PASSWORD_PLACES}`,
    );
  }
  const password =
    passwordFile === undefined
      ? (env['JURY_REDIS_PASSWORD'] ?? '')
      : await secretText(passwordFile, '--redis-password-file');
  if (password === '') return parsed;
  const target = parseRedisUrl(url, password);
  if ('problem' in target) throw new UsageError(`${flag}: ${target.problem}`);
  return target;
}

/** A secret's file, trimmed: a usage error naming `flag` when it cannot be read or holds nothing. */
async function secretText(file: string, flag: string): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => {
    throw new UsageError(`${flag}: cannot read ${file}`);
  });
  if (text.trim() === '') throw new UsageError(`${flag}: ${file} is empty`);
  return text.trim();
}

/**
 * The organiser's secret, which every job is signed with: the file `--secret-file` names, else the
 * JURY_SECRET environment variable. A usage error when there is none, or it is shorter than 16
 * characters: a worker without one would run whatever program a job names.
 */
export async function secretOf(
  file: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  let secret: string;
  if (file !== undefined) {
    secret = await readFile(file, 'utf8').catch(() => {
      throw new UsageError(`--secret-file: cannot read ${file}`);
    });
  } else secret = env['JURY_SECRET'] ?? '';
  secret = secret.trim();
  if (secret === '') {
    throw new UsageError(
      'give the organiser’s secret in JURY_SECRET or --secret-file FILE (the same on the coordinator and every worker)',
    );
  }
  if (secret.length < 16) throw new UsageError('the secret must be at least 16 characters long');
  return secret;
}

/**
 * `jury worker`: takes game jobs from the queue at `--redis` until interrupted; the first Ctrl-C lets
 * the running games finish, a second aborts them. Exit code 0 when it stopped cleanly.
 */
export async function workerCommand(flags: WorkerFlags, io: CliIo): Promise<number> {
  const target = await redisTargetOf(flags.redis, '--redis', flags.redisPasswordFile);
  const slots =
    flags.slots === undefined ? defaultWorkerSlots() : wholeNumberOption('--slots', flags.slots, 1, 256);
  const name = (flags.name ?? `${hostname()}-${process.pid}`).trim();
  if (!/^[\w.-]{1,64}$/.test(name)) {
    throw new UsageError(
      `--name must be 1 to 64 letters, digits, dots, dashes or underscores, got ${JSON.stringify(name)}`,
    );
  }
  const secret = await secretOf(flags.secretFile);
  const problem = await redisProblem(target);
  if (problem) throw new UsageError(`--redis: ${problem}`);
  const lockMs = Number(process.env['JURY_WORKER_LOCK_MS'] ?? 30_000);
  const worker = new JuryWorker({
    target,
    secret,
    slots,
    name,
    cacheDir: resolve(flags.cache ?? join(homedir(), '.cache', 'jury', 'worker')),
    launcher: processLauncher({ gameThread: true }),
    log: (line) => io.err(`jury worker: ${line}\n`),
    lockMs: Number.isFinite(lockMs) && lockMs >= 1000 ? lockMs : 30_000,
  });
  await worker.start();
  await new Promise<void>((done) => {
    let interrupts = 0;
    const onSignal = (): void => {
      interrupts += 1;
      if (interrupts === 1) {
        io.err('\njury worker: finishing the running games, then stopping (interrupt again to abort them)\n');
        void worker.close().then(done);
      } else void worker.close(true).then(done);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
  io.err('jury worker: stopped\n');
  return 0;
}
