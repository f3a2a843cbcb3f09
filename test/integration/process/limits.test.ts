import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../electron/engine/process/limits.ts';
import { sandboxCapabilities } from '../../../electron/engine/process/sandbox.ts';
import { fixture, LONG_US, useBots } from './helpers.ts';

const caps = sandboxCapabilities();
const open = { memoryMiB: null, maxProcesses: null, network: true };

describe('resource limits on real bots', () => {
  useBots();

  it('reports exactly what was applied and what was not, and why', () => {
    const bot = fixture('fixed-reply.js');
    const { applied, notApplied, requested } = bot.limits;
    expect(requested).toEqual(DEFAULT_LIMITS);
    const names = [...applied.map((a) => a.limit), ...notApplied.map((n) => n.limit)].sort();
    const expected = [
      'containment',
      'cpu-time',
      'disk',
      'filesystem',
      'identity',
      'memory',
      'network',
      'processes',
      'suspend',
    ];
    expect(names).toEqual(expected.sort());
    // As root, bots run as their own uid where setpriv exists; only then does the process cap bind.
    const processes = caps.root && caps.botUids === null ? notApplied : applied;
    expect(processes).toContainEqual(expect.objectContaining({ limit: 'processes' }));
    for (const limit of ['filesystem', 'disk']) {
      if (caps.bwrap) expect(applied).toContainEqual(expect.objectContaining({ limit }));
      else expect(notApplied).toContainEqual(expect.objectContaining({ limit }));
    }
    if (caps.prlimit) expect(applied).toContainEqual(expect.objectContaining({ limit: 'memory' }));
    for (const n of notApplied) expect(n.why.length).toBeGreaterThan(10);
  });

  it.runIf(caps.prlimit !== null)(
    'a bot allocating 2 GiB fails under a 1 GiB cap, 256 MiB is fine',
    async () => {
      const capped = { ...open, memoryMiB: 1024 };
      const small = fixture('alloc.js', ['--mib=256'], { limits: capped });
      const big = fixture('alloc.js', ['--mib=2048'], { limits: capped });
      expect(await small.read(LONG_US)).toEqual(
        expect.objectContaining({ kind: 'line', line: 'allocated 256' }),
      );
      const r = await big.read(LONG_US);
      if (caps.memoryCgroup) {
        // The cgroup counts every page: the kernel kills the bot at the cap, and Jury says so.
        const exit = { code: null, signal: 'SIGKILL', memoryCapMiB: 1024 };
        expect(r).toMatchObject({ kind: 'closed', exit });
        expect(await big.shutdown(5000)).toEqual(exit);
      } else {
        expect(r.kind === 'line' && r.line).toMatch(/^alloc-failed after \d+ MiB/);
        expect(await big.shutdown(5000)).toEqual({ code: 1, signal: null });
      }
    },
  );

  describe.runIf(caps.pidNamespace !== null && caps.netNamespace)('no network', () => {
    let server: Server;
    let port = 0;
    beforeAll(async () => {
      server = createServer((s) => s.end());
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const address = server.address();
      port = typeof address === 'object' && address ? address.port : 0;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('a connection to a port Jury listens on fails inside network: false, works with network: true', async () => {
      const denied = fixture('net-connect.js', [`--port=${port}`], { limits: { ...open, network: false } });
      const allowed = fixture('net-connect.js', [`--port=${port}`], { limits: open });
      const d = await denied.read(LONG_US);
      expect(d.kind === 'line' && d.line).toMatch(/^failed E[A-Z]+/);
      expect(await allowed.read(LONG_US)).toMatchObject({ kind: 'line', line: 'connected' });
      expect(denied.limits.applied).toContainEqual(expect.objectContaining({ limit: 'network' }));
    });
  });
});
