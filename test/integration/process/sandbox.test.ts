import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { games } from '../../../shared/games/registry.ts';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import { sampleBots } from '../../../electron/engine/bots/samples/index.ts';
import { sampleLaunch } from '../../../electron/engine/bots/samples/launch.ts';
import { findExecutable } from '../../../electron/engine/process/executables.ts';
import { playMatch, type MatchBot } from '../../../electron/engine/play-match.ts';
import { sandboxCapabilities } from '../../../electron/engine/process/sandbox.ts';
import { ask, program, useBots } from './helpers.ts';

const caps = sandboxCapabilities();
const linux = process.platform === 'linux';

/** A folder of a contestant's own, enterable by a root Jury's unprivileged bots. */
function contestant(files: Record<string, string>, mode = 0o755): string {
  const dir = mkdtempSync(join(tmpdir(), 'jury-contestant-'));
  chmodSync(dir, mode);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text, { mode: 0o755 });
  return dir;
}

describe.runIf(linux && caps.bwrap !== null)('inside the sandbox', () => {
  useBots();

  it.runIf(findExecutable('python3') !== null)(
    'a program reads a data file from its own folder and writes scratch files beside it',
    async () => {
      const dir = contestant({
        'bot.py':
          'import sys\nw = open("weights.txt").read().strip()\nopen("scratch.txt", "w").write("x")\nfor l in sys.stdin:\n    print(w, open("scratch.txt").read(), l.strip(), flush=True)\n',
        'weights.txt': 'w42\n',
      });
      const bot = program('python3', ['bot.py'], {}, dir);
      expect(await ask(bot, 'hi')).toMatchObject({ kind: 'line', line: 'w42 x hi' });
    },
  );
});

describe.runIf(linux)('start failures are start failures, with the cause', () => {
  const greedy = sampleLaunch(sampleBots.more[1]!);
  const opponent: MatchBot = { name: 'greedy', command: greedy.command, paths: greedy.paths };
  const play = (bot: MatchBot) =>
    playMatch(
      {
        game: games.more,
        bots: [bot, opponent],
        seed: 3,
        timing: 'official',
        graceMs: 200,
        limits: { memoryMiB: 1024, maxProcesses: 256, network: false },
      },
      processLauncher(),
    );

  it('a 200 KB argument: CRASH, failure "start", naming E2BIG; the game goes on', async () => {
    const r = await play({ name: 'big', command: [process.execPath, '-e', '1', 'x'.repeat(200_000)] });
    expect(r.seats[0]).toMatchObject({ status: 'CRASH', failure: { kind: 'start', ply: 0 } });
    const failure = r.seats[0]!.failure;
    expect(failure?.kind === 'start' && failure.reason).toContain('argument list is too long (E2BIG)');
    expect(r.seats[1]!.status).toBe('OK');
  });

  it('a file that is not a program (ENOEXEC) and a script whose interpreter is missing', async () => {
    const dir = contestant({
      'bot.bin': 'MZ not an ELF file\n',
      'bot.sh': '#!/usr/bin/env no-such-interpreter\n',
    });
    const noExec = await play({ name: 'exe', command: [join(dir, 'bot.bin')], cwd: dir });
    const noInterp = await play({ name: 'sh', command: [join(dir, 'bot.sh')], cwd: dir });
    const reason = (r: typeof noExec) => {
      const f = r.seats[0]!.failure;
      return f?.kind === 'start' ? f.reason : `not a start failure: ${JSON.stringify(f)}`;
    };
    expect(reason(noExec)).toContain('is not a program Linux can run (ENOEXEC)');
    expect(reason(noInterp)).toContain('its interpreter no-such-interpreter');
    expect([noExec.seats[0]!.status, noInterp.seats[0]!.status]).toEqual(['CRASH', 'CRASH']);
  });

  it.runIf(caps.root && caps.bwrap !== null && caps.botUids !== null)(
    'as root, a program its uid cannot read is named with the fix, before it starts',
    async () => {
      const dir = contestant({ 'bot.js': '#!/usr/bin/env node\n' }, 0o700);
      const r = await play({ name: 'private', command: [join(dir, 'bot.js')], cwd: dir });
      const f = r.seats[0]!.failure;
      expect(f?.kind === 'start' && f.reason).toContain('chmod o+rX');
    },
  );
});
