import type { IOType } from 'node:child_process';
import type { Writable } from 'node:stream';

/**
 * The seccomp filter bubblewrap installs on every confined bot (`bwrap --seccomp FD`): it refuses new user
 * namespaces, which no contestant's program needs and which open kernel code to it that root alone could
 * otherwise reach (`unshare -Ur`, a nested bwrap). Everything else is allowed.
 *
 * - `unshare` and `clone` with CLONE_NEWUSER in their flags fail with EPERM;
 * - `clone3` fails with ENOSYS (its flags are in memory, out of a filter's reach): C libraries then fall
 *   back to `clone`, as they do on kernels older than 5.3;
 * - on x86-64, the x32 ABI (system call numbers from 0x40000000) fails with ENOSYS: a second numbering
 *   of the same calls, which no program built for Linux today uses;
 * - 32-bit x86 programs on x86-64 are filtered by their own numbers.
 *
 * A classic BPF program (struct sock_filter: u16 code, u8 jt, u8 jf, u32 k, little-endian), written with
 * labels and assembled here: there is no library for the few instructions it needs.
 */

const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const JSET_K = 0x45;
const RET_K = 0x06;

const RET_ALLOW = 0x7fff0000;
const RET_ERRNO = 0x00050000;
const EPERM = 1;
const ENOSYS = 38;
const CLONE_NEWUSER = 0x10000000;
const X32_BIT = 0x40000000;

/** seccomp_data: nr at 0, arch at 4, args[0] (its low half on little-endian machines) at 16. */
const NR = 0;
const ARCH = 4;
const ARG0 = 16;

/** System call numbers per architecture (AUDIT_ARCH_* values). */
const ARCHES = [
  { arch: 0xc000003e, name: 'x86_64', unshare: 272, clone: 56, clone3: 435, x32: true },
  { arch: 0x40000003, name: 'i386', unshare: 310, clone: 120, clone3: 435, x32: false },
  { arch: 0xc00000b7, name: 'aarch64', unshare: 97, clone: 220, clone3: 435, x32: false },
] as const;

type Insn =
  | { readonly op: 'ld'; readonly at: number }
  | { readonly op: 'jeq' | 'jge' | 'jset'; readonly k: number; readonly yes: string; readonly no: string }
  | { readonly op: 'ret'; readonly k: number };

/** The program as labelled instructions: each block starts with its label. */
function program(): [string, Insn][] {
  const out: [string, Insn][] = [];
  const add = (label: string, insn: Insn): void => void out.push([label, insn]);
  add('start', { op: 'ld', at: ARCH });
  ARCHES.forEach((a, i) => {
    const next = i + 1 < ARCHES.length ? `arch${i + 1}` : 'allow';
    add(`arch${i}`, { op: 'jeq', k: a.arch, yes: a.name, no: next });
  });
  for (const a of ARCHES) {
    add(a.name, { op: 'ld', at: NR });
    if (a.x32) add('', { op: 'jge', k: X32_BIT, yes: 'nosys', no: `${a.name}-calls` });
    add(a.x32 ? `${a.name}-calls` : '', { op: 'jeq', k: a.unshare, yes: 'flags', no: `${a.name}-clone` });
    add(`${a.name}-clone`, { op: 'jeq', k: a.clone, yes: 'flags', no: `${a.name}-clone3` });
    add(`${a.name}-clone3`, { op: 'jeq', k: a.clone3, yes: 'nosys', no: 'allow' });
  }
  add('flags', { op: 'ld', at: ARG0 });
  add('', { op: 'jset', k: CLONE_NEWUSER, yes: 'eperm', no: 'allow' });
  add('eperm', { op: 'ret', k: RET_ERRNO | EPERM });
  add('nosys', { op: 'ret', k: RET_ERRNO | ENOSYS });
  add('allow', { op: 'ret', k: RET_ALLOW });
  return out;
}

/** Assembles labelled instructions into sock_filter bytes (jumps are relative to the next one). */
export function assemble(insns: readonly [string, Insn][]): Buffer {
  const at = new Map<string, number>();
  insns.forEach(([label], i) => {
    if (label !== '') at.set(label, i);
  });
  const buf = Buffer.alloc(insns.length * 8);
  insns.forEach(([, insn], i) => {
    const offset = (label: string): number => {
      const target = at.get(label);
      const jump = target === undefined ? -1 : target - i - 1;
      if (jump < 0 || jump > 255) throw new Error(`seccomp: bad jump to ${label}`);
      return jump;
    };
    let code: number;
    let jt = 0;
    let jf = 0;
    let k: number;
    if (insn.op === 'ld') [code, k] = [LD_W_ABS, insn.at];
    else if (insn.op === 'ret') [code, k] = [RET_K, insn.k];
    else {
      code = insn.op === 'jeq' ? JEQ_K : insn.op === 'jge' ? JGE_K : JSET_K;
      [jt, jf, k] = [offset(insn.yes), offset(insn.no), insn.k];
    }
    buf.writeUInt16LE(code, i * 8);
    buf.writeUInt8(jt, i * 8 + 2);
    buf.writeUInt8(jf, i * 8 + 3);
    buf.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  return buf;
}

/**
 * Gives a spawned child its seccomp filter: bwrap reads it from its fourth stdio entry (a pipe: spawn
 * with {@link stdioWithFilter}) to the end. Errors (the child gone at once) are ignored.
 */
export function feedFilter(child: { readonly stdio: readonly unknown[] }, filter: Buffer): void {
  const pipe = child.stdio[3] as Writable | null | undefined;
  pipe?.on('error', () => undefined);
  pipe?.end(filter);
}

/** The stdio entries of a spawn: `first3`, and a fourth pipe for bwrap's filter when there is one. */
export function stdioWithFilter(first3: readonly IOType[], filter: Buffer | null): IOType[] {
  return filter ? [...first3, 'pipe'] : [...first3];
}

let cached: Buffer | null = null;

/**
 * The filter's bytes, for bubblewrap's `--seccomp FD`; null on a machine that is not little-endian
 * x86-64 or arm64 (where the filter's numbers would be wrong: no filter, and the record says so).
 */
export function noUserNamespaceFilter(arch: string = process.arch): Buffer | null {
  if (arch !== 'x64' && arch !== 'arm64') return null;
  cached ??= assemble(program());
  return cached;
}
