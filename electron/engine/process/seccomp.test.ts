import { describe, expect, it } from 'vitest';
import { noUserNamespaceFilter } from './seccomp.ts';

/** Runs a classic BPF program over a seccomp_data record, as the kernel would (the opcodes it uses). */
function run(program: Buffer, data: { nr: number; arch: number; arg0: number }): number {
  const mem = Buffer.alloc(64);
  mem.writeInt32LE(data.nr, 0);
  mem.writeUInt32LE(data.arch, 4);
  mem.writeUInt32LE(data.arg0 >>> 0, 16);
  let a = 0;
  for (let pc = 0; pc * 8 < program.length; pc++) {
    const code = program.readUInt16LE(pc * 8);
    const [jt, jf, k] = [
      program.readUInt8(pc * 8 + 2),
      program.readUInt8(pc * 8 + 3),
      program.readUInt32LE(pc * 8 + 4),
    ];
    if (code === 0x20) a = mem.readUInt32LE(k);
    else if (code === 0x06) return k;
    else {
      const yes = code === 0x15 ? a === k : code === 0x35 ? a >= k : (a & k) !== 0;
      pc += yes ? jt : jf;
    }
  }
  throw new Error('fell off the program');
}

const X86_64 = 0xc000003e;
const I386 = 0x40000003;
const AARCH64 = 0xc00000b7;
const ALLOW = 0x7fff0000;
const EPERM = 0x00050001;
const ENOSYS = 0x00050026;
const NEWUSER = 0x10000000;

describe('the seccomp filter against user namespaces', () => {
  const filter = noUserNamespaceFilter('x64') as Buffer;

  it('refuses unshare and clone with CLONE_NEWUSER on every architecture it knows', () => {
    for (const [arch, unshare, clone] of [
      [X86_64, 272, 56],
      [I386, 310, 120],
      [AARCH64, 97, 220],
    ] as const) {
      expect(run(filter, { arch, nr: unshare, arg0: NEWUSER })).toBe(EPERM);
      expect(run(filter, { arch, nr: clone, arg0: NEWUSER | 0x11 })).toBe(EPERM);
      // Other namespaces and plain forks or threads are the kernel's to judge (they need privileges).
      expect(run(filter, { arch, nr: unshare, arg0: 0x00020000 })).toBe(ALLOW);
      expect(run(filter, { arch, nr: clone, arg0: 0x003d0f00 })).toBe(ALLOW);
      expect(run(filter, { arch, nr: 435, arg0: 0 })).toBe(ENOSYS); // clone3: libc falls back to clone
    }
  });

  it('allows every other call, refuses the x32 numbering, and leaves unknown architectures alone', () => {
    expect(run(filter, { arch: X86_64, nr: 0, arg0: NEWUSER })).toBe(ALLOW); // read
    expect(run(filter, { arch: X86_64, nr: 0x40000000 + 272, arg0: NEWUSER })).toBe(ENOSYS);
    expect(run(filter, { arch: 0xc00000f3, nr: 97, arg0: NEWUSER })).toBe(ALLOW); // riscv64
    expect(noUserNamespaceFilter('ia32')).toBeNull();
  });
});
