import type { ReadResult } from '../channel.ts';

/** What the framer produces: a line or a framing error (the other ReadResult kinds come from the channel). */
export type FramedResult = Extract<ReadResult, { kind: 'line' } | { kind: 'bad-line' }>;

/**
 * Splits a bot's standard output into lines on "\n" (a "\r" before it stays in the line: the game
 * parsers trim), decodes each as strict UTF-8, and enforces a maximum line length in bytes. A line that
 * grows past the limit is reported at once, without waiting for its newline, and the rest of it is
 * skipped up to the next newline. Every result of one chunk carries the chunk's arrival time.
 *
 * Hot path: a line that lies inside one chunk is decoded straight from that chunk (no copy); only a line
 * split over chunks is joined.
 */
export class LineFramer {
  private readonly maxBytes: number;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private parts: Buffer[] = [];
  private partBytes = 0;
  private skipping = false;

  /** `maxBytes`: the longest line accepted, without its newline. */
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** Frames `chunk`, which arrived at `atUs`, and calls `emit` for each line or error, in order. */
  push(chunk: Buffer, atUs: number, emit: (result: FramedResult, bytes: number) => void): void {
    let pos = 0;
    for (;;) {
      const nl = chunk.indexOf(10, pos);
      if (nl < 0) {
        this.keepPartial(chunk, pos, atUs, emit);
        return;
      }
      const segment = chunk.subarray(pos, nl);
      pos = nl + 1;
      if (this.skipping) {
        this.skipping = false;
        continue;
      }
      const total = this.partBytes + segment.length;
      if (total > this.maxBytes) {
        this.reset();
        emit(tooLong(this.maxBytes, atUs), total);
        continue;
      }
      const bytes = this.parts.length === 0 ? segment : Buffer.concat([...this.parts, segment], total);
      this.reset();
      emit(this.decode(bytes, atUs), total);
    }
  }

  /** The partial line received after the last newline, decoded leniently ("" when none). */
  pendingText(): string {
    if (this.partBytes === 0) return '';
    return Buffer.concat(this.parts, this.partBytes).toString('utf8');
  }

  private keepPartial(
    chunk: Buffer,
    pos: number,
    atUs: number,
    emit: (result: FramedResult, bytes: number) => void,
  ): void {
    if (pos >= chunk.length || this.skipping) return;
    this.parts.push(chunk.subarray(pos));
    this.partBytes += chunk.length - pos;
    if (this.partBytes > this.maxBytes) {
      const bytes = this.partBytes;
      this.reset();
      this.skipping = true;
      emit(tooLong(this.maxBytes, atUs), bytes);
    }
  }

  private decode(bytes: Uint8Array, atUs: number): FramedResult {
    try {
      return { kind: 'line', line: this.decoder.decode(bytes), atUs };
    } catch {
      const at = firstInvalidUtf8(bytes);
      const near = Buffer.from(bytes.subarray(at, at + 8)).toString('hex');
      return {
        kind: 'bad-line',
        code: 'undecodable',
        detail: `a line of ${bytes.length} bytes is not valid UTF-8 (bad byte at offset ${at}: ${near})`,
        atUs,
      };
    }
  }

  private reset(): void {
    this.parts = [];
    this.partBytes = 0;
  }
}

function tooLong(maxBytes: number, atUs: number): FramedResult {
  return { kind: 'bad-line', code: 'too-long', detail: `a line longer than ${maxBytes} bytes`, atUs };
}

/** The offset of the first byte that breaks UTF-8 (only called once decoding has failed). */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i] ?? 0;
    const n =
      c < 0x80
        ? 0
        : c >= 0xc2 && c <= 0xdf
          ? 1
          : c >= 0xe0 && c <= 0xef
            ? 2
            : c >= 0xf0 && c <= 0xf4
              ? 3
              : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) {
      const cc = b[i + k];
      if (cc === undefined || (cc & 0xc0) !== 0x80) return i;
    }
    // Overlong 3/4-byte forms, surrogates and code points past U+10FFFF.
    const c1 = b[i + 1] ?? 0;
    if ((c === 0xe0 && c1 < 0xa0) || (c === 0xed && c1 > 0x9f)) return i;
    if ((c === 0xf0 && c1 < 0x90) || (c === 0xf4 && c1 > 0x8f)) return i;
    i += n + 1;
  }
  return b.length;
}
