import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { Prng } from '../../../shared/random/prng.ts';

/**
 * What the benchmark's contestants upload (uploads.ts): sources that really compile (C, Python) but
 * fail the smoke test after 20 moves (so that no test competition ever seats them: the measured games
 * stay the same with and without contestants), archives small and large, and uploads the event refuses.
 * Every upload differs from the one before (its version number is in the text).
 */

/** One upload: the query (`name`, and for an archive `run` and `build`) and the body. */
export interface Payload {
  readonly name: string;
  readonly query: Readonly<Record<string, string>>;
  readonly bytes: Uint8Array;
}

/** The benchmark's Flit player (judge/bots/botflit.c): the finalists' program, as a .tar.gz to build. */
export function finalistArchive(burnUs: number, moves: number): Payload {
  const source = readFileSync(new URL('../judge/bots/botflit.c', import.meta.url));
  return {
    name: 'botflit.tar.gz',
    query: { build: 'cc -O2 -o botflit botflit.c', run: `./botflit ${burnUs} ${moves}` },
    bytes: tarGz([{ path: 'botflit.c', bytes: new Uint8Array(source) }]),
  };
}

/**
 * A C program of about 300 lines (gcc -O2 takes a few hundred ms, as for a contestant's bot) that
 * answers Flit's first 20 prompts with a pass and then exits: it builds, and its smoke test fails.
 */
export function cSource(tag: string): Uint8Array {
  const helpers = Array.from(
    { length: 60 },
    (_, i) => `static int h${i}(int x) {
  int s = ${i};
  for (int k = 0; k < x % 17; k++) s = (s * 31 + k * ${i + 7}) % 1000003;
  return s ^ (x << ${i % 7});
}`,
  ).join('\n');
  const sum = Array.from({ length: 60 }, (_, i) => `h${i}(v)`).join(' + ');
  return strToU8(`/* ${tag} */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
${helpers}
int main(void) {
  char line[256];
  int prompts = 0;
  long v = 0;
  setvbuf(stdout, NULL, _IONBF, 0);
  while (fgets(line, sizeof line, stdin)) {
    if (line[0] != 'M') continue;
    v = (${sum}) % 1000;
    if (++prompts > 20) return 3;
    printf("0 0 0 0\\n");
  }
  return (int)(v % 2);
}
`);
}

/** The same contestant in Python: passes 20 times, then exits. */
export function pythonSource(tag: string): Uint8Array {
  return strToU8(`# ${tag}
import sys

prompts = 0
for line in sys.stdin:
    if line.startswith('M'):
        prompts += 1
        if prompts > 20:
            sys.exit(3)
        print('0 0 0 0', flush=True)
`);
}

/** A .tar.gz or .zip of the C program with a build command; `bookBytes` of random data beside it. */
export function sourceArchive(tag: string, kind: 'zip' | 'tar.gz', bookBytes: number, seed: number): Payload {
  const files = [
    { path: 'src/bot.c', bytes: cSource(tag) },
    { path: 'README.txt', bytes: strToU8(`${tag}\n`) },
    ...(bookBytes > 0 ? [{ path: 'data/book.bin', bytes: randomBytes(bookBytes, seed) }] : []),
  ];
  return {
    name: `bot.${kind}`,
    query: { build: 'cc -O2 -o bot src/bot.c', run: './bot' },
    bytes: kind === 'zip' ? zip(files) : tarGz(files),
  };
}

/** A source file over the 1 MiB cap: 413 as it streams in. */
export function tooLarge(): Payload {
  return { name: 'bot.c', query: {}, bytes: new Uint8Array(1536 * 1024).fill(0x20) };
}

/** A decompression bomb: a zip whose one entry inflates to 96 MiB of zeros (the cap is 64 MiB). */
export function zipBomb(): Payload {
  return {
    name: 'bot.zip',
    query: { run: './bot' },
    bytes: zipSync({ 'bot.c': new Uint8Array(96 * 1024 * 1024) }, { level: 9 }),
  };
}

/** A .tar.gz with a `../` path: refused at its entry. */
export function escapingArchive(): Payload {
  return {
    name: 'bot.tar.gz',
    query: { run: './bot' },
    bytes: tarGz([{ path: '../evil.c', bytes: strToU8('int main(void){return 0;}\n') }]),
  };
}

/** Random bytes named .zip: not an archive. */
export function notAZip(seed: number): Payload {
  return { name: 'bot.zip', query: { run: './bot' }, bytes: randomBytes(2 * 1024 * 1024, seed) };
}

function randomBytes(n: number, seed: number): Uint8Array {
  const rng = Prng.fromSeed(seed);
  const out = new Uint8Array(n);
  const words = new Uint32Array(out.buffer, 0, Math.floor(n / 4));
  for (let i = 0; i < words.length; i++) words[i] = rng.nextU32();
  return out;
}

function zip(files: readonly { path: string; bytes: Uint8Array }[]): Uint8Array {
  // Stored, not deflated, for random data (as zip tools do); the source deflated.
  return zipSync(
    Object.fromEntries(files.map((f) => [f.path, [f.bytes, { level: f.path.endsWith('.bin') ? 0 : 6 }]])),
  );
}

/** A .tar.gz (ustar) of regular files, mode 0644. */
export function tarGz(files: readonly { path: string; bytes: Uint8Array }[]): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (const f of files) {
    const header = new Uint8Array(512);
    const put = (text: string, at: number): void => header.set(strToU8(text), at);
    put(f.path, 0);
    put('0000644\0', 100);
    put('0000000\0', 108);
    put('0000000\0', 116);
    put(`${f.bytes.length.toString(8).padStart(11, '0')}\0`, 124);
    put('00000000000\0', 136);
    put('        ', 148);
    put('0', 156);
    put('ustar\0', 257);
    put('00', 263);
    let sum = 0;
    for (const b of header) sum += b;
    put(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    blocks.push(header, f.bytes, new Uint8Array((512 - (f.bytes.length % 512)) % 512));
  }
  blocks.push(new Uint8Array(1024));
  return new Uint8Array(gzipSync(Buffer.concat(blocks), { level: 6 }));
}
