import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RelayScript } from './floor.ts';

/**
 * The native floor (bots/relay.c): the recorded game relayed by a C program with one poll loop, as a
 * native engine manager (fastchess, cutechess) relays it, on the bare Node floor's schedule. Answers what
 * each seat wrote to standard error (the bots' stamps). Throws when the relay broke or a seat answered
 * differently from the record.
 */
export function nativeRelay(
  relayProgram: string,
  commands: readonly (readonly string[])[],
  script: RelayScript,
): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'jury-bench-relay-'));
  try {
    const file = join(dir, 'script');
    const parts: Buffer[] = [
      Buffer.from(`${script.seats} ${script.replySeats.length} ${script.steps.length}\n`),
    ];
    for (const step of script.steps) {
      parts.push(Buffer.from(`${step.length}\n`));
      for (const { seat, data } of step) parts.push(Buffer.from(`${seat} ${data.length}\n`), data);
    }
    writeFileSync(file, Buffer.concat(parts));
    const argv = [file, dir, ...commands.flatMap((c) => ['--', ...c])];
    const r = spawnSync(relayProgram, argv, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 });
    if (r.status !== 0) throw new Error(`the native relay failed (${r.status}): ${r.stderr.toString()}`);
    return Array.from({ length: script.seats }, (_, seat) => {
      const replies = readFileSync(join(dir, `out-${seat}`), 'latin1');
      if (replies !== script.expected[seat]) {
        throw new Error(`the native relay's seat ${seat} answered differently from the recorded game`);
      }
      return readFileSync(join(dir, `err-${seat}`), 'latin1');
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
