import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The redis-server program, or null when it is not installed (the tests then say so and fail). */
export function redisServerPath(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path !== '' ? path : null;
}

/** Why Redis tests cannot run here, or null when they can. */
export const REDIS_MISSING =
  redisServerPath() === null
    ? 'redis-server is not installed: `apt-get install -y redis-server` (npm test installs it where apt is available)'
    : null;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A real redis-server of a test: loopback only, its own folder, an append-only file so a restart keeps its data. */
export class TestRedis {
  readonly dir = mkdtempSync(join(tmpdir(), 'jury-redis-'));
  port = 0;
  private child: ChildProcess | null = null;
  readonly password: string | null;

  constructor(password: string | null = null) {
    this.password = password;
  }

  get url(): string {
    return `redis://${this.password ? `:${this.password}@` : ''}127.0.0.1:${this.port}`;
  }

  /** Starts the server (on the same port after a {@link TestRedis.stop}) and waits until it answers. */
  async start(): Promise<void> {
    const path = redisServerPath();
    if (path === null) throw new Error(REDIS_MISSING ?? 'redis-server missing');
    if (this.port === 0) this.port = await freePort();
    const args = [
      '--port',
      String(this.port),
      '--bind',
      '127.0.0.1',
      '--dir',
      this.dir,
      '--appendonly',
      'yes',
      '--save',
      '',
      '--daemonize',
      'no',
    ];
    if (this.password) args.push('--requirepass', this.password);
    this.child = spawn(path, args, { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      const ping = spawnSync(
        'redis-cli',
        [
          '-p',
          String(this.port),
          ...(this.password ? ['-a', this.password, '--no-auth-warning'] : []),
          'ping',
        ],
        { encoding: 'utf8' },
      );
      if (ping.stdout.trim() === 'PONG') return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not answer on port ${this.port}`);
  }

  /** Stops the server: `kill` (SIGKILL) loses nothing written to the append-only file. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
    this.child = null;
  }

  /** Stops the server and removes its folder. */
  async remove(): Promise<void> {
    await this.stop('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}
