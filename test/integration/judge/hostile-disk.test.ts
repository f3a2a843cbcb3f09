import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../../shared/games/registry.ts';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import { sampleBots } from '../../../electron/engine/bots/samples/index.ts';
import { sampleLaunch } from '../../../electron/engine/bots/samples/launch.ts';
import { playMatch } from '../../../electron/engine/play-match.ts';
import { sandboxCapabilities, type SandboxCapabilities } from '../../../electron/engine/process/index.ts';
import { workdirRoot } from '../../../electron/engine/process/workdir.ts';
import type { GameRecord } from '../../../electron/engine/record/schema.ts';
import { unprotected as withoutProtections } from '../../helpers/sandbox-caps.ts';

/**
 * A contestant attacking the organiser's disk and kernel from its working folder (hostile-disk.js, in a
 * real game of More, relaying the greedy sample): filling the disk, building a folder chain deeper than
 * any path, making a nested user namespace. Confined, each is refused or vanishes with the game; run
 * without the protections, each succeeds.
 */
const caps = sandboxCapabilities();
const FIXTURES = fileURLToPath(new URL('../../fixtures/bots/', import.meta.url));
const node = process.execPath;
const greedy = sampleBots.more[1]!;
const sampleCommand = sampleLaunch(greedy).command;
const LIMITS = { memoryMiB: 1024, maxProcesses: 256, network: false };
const unprotected: SandboxCapabilities = withoutProtections(caps);
interface DiskReport {
  readonly wroteMiB: number;
  readonly writeError: string | null;
  readonly depth: number;
  readonly depthError: string | null;
  readonly userns: string | null;
}
let own = '';

beforeAll(() => {
  // The contestant's own folder, like any user's: a root Jury's bots (another uid) may enter it.
  own = mkdtempSync(join(tmpdir(), 'jury-hostile-disk-'));
  chmodSync(own, 0o755);
  for (const f of ['_lib.js', 'hostile-disk.js']) copyFileSync(join(FIXTURES, f), join(own, f));
  chmodSync(join(own, 'hostile-disk.js'), 0o755);
});
afterAll(() => {
  // GNU rm removes a tree of any depth (Node's rmSync runs out of file descriptors on 20,000 levels).
  if (own !== '') execFileSync('rm', ['-rf', own]);
});

async function play(args: readonly string[], sandbox: SandboxCapabilities = caps): Promise<GameRecord> {
  return playMatch(
    {
      game: games.more,
      bots: [
        {
          name: 'hostile',
          command: [node, join(own, 'hostile-disk.js'), ...args, '--', ...sampleCommand],
          cwd: own,
          paths: sampleLaunch(greedy).paths,
        },
        { name: 'greedy', command: sampleCommand, paths: sampleLaunch(greedy).paths },
      ],
      seed: 5,
      timing: 'official',
      graceMs: 300,
      limits: LIMITS,
    },
    processLauncher({ sandbox }),
  );
}

function report(record: GameRecord): DiskReport {
  const line = record.seats[0]!.stderr.full.split('\n').find((l) => l.startsWith('hostile-disk '));
  expect(line, record.seats[0]!.stderr.full).toBeDefined();
  return JSON.parse(line!.slice('hostile-disk '.length)) as DiskReport;
}

/** This Jury's private working folders still on the host's disk. */
const leftWorkdirs = (): string[] =>
  existsSync(workdirRoot()) ? readdirSync(workdirRoot()).filter((n) => n.startsWith(`${process.pid}-`)) : [];

describe.runIf(process.platform === 'linux' && caps.bwrap !== null)(
  'a bot against the disk and the kernel',
  () => {
    it('cannot fill the disk: its working folder is capped (as its /tmp), and nothing is left after the game', async () => {
      const r = await play(['--fill-mib=600', '--deep=20000']);
      expect(r.seats.map((s) => s.status)).toEqual(['OK', 'OK']);
      const seen = report(r);
      expect(seen.writeError).toBe('ENOSPC');
      expect(seen.wroteMiB).toBeLessThanOrEqual(256);
      // The chain was built in memory, and went with the sandbox.
      expect(seen.depth).toBe(20_000);
      expect(existsSync(join(own, 'fill.bin'))).toBe(false);
      expect(existsSync(join(own, 'd'))).toBe(false);
      expect(leftWorkdirs()).toEqual([]);
      expect(r.limits?.applied).toContainEqual(
        expect.objectContaining({
          limit: 'disk',
          detail: expect.stringContaining('256 MiB each, in memory'),
        }),
      );
    });

    it('cannot make a nested user namespace', async () => {
      const r = await play(['--userns']);
      expect(r.seats.map((s) => s.status)).toEqual(['OK', 'OK']);
      expect(report(r).userns).toMatch(/Operation not permitted/);
    });
  },
);

describe.runIf(process.platform === 'linux' && caps.bwrap !== null)(
  'the same attacks without the protections',
  () => {
    it('fills its folder on the host disk, leaves a chain deeper than a path, makes a user namespace', async () => {
      const r = await play(['--fill-mib=300', '--deep=20000', '--userns'], unprotected);
      const seen = report(r);
      expect(seen).toMatchObject({ wroteMiB: 300, writeError: null, depth: 20_000, userns: 'ok' });
      expect(existsSync(join(own, 'fill.bin'))).toBe(true);
      // What Jury's cleanup used to do with such a folder: Node gives up, the tree stays.
      expect(() => rmSync(join(own, 'd'), { recursive: true, force: true })).toThrow();
      expect(existsSync(join(own, 'd'))).toBe(true);
      rmSync(join(own, 'fill.bin'));
    });
  },
);
