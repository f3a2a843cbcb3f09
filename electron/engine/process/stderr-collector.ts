import type { StderrCapture } from '../channel.ts';

/** CodeCup shows the first 10,000 characters of a program's standard error. */
export const STDERR_SHOWN_CHARS = 10_000;
/** Default cap of the full standard-error log kept per bot per game. */
export const STDERR_FULL_BYTES = 1024 * 1024;

/**
 * Collects a bot's standard error as it arrives. Past the cap it only counts bytes, so a bot flooding
 * standard error costs Jury almost nothing and is never blocked (the pipe is always drained).
 */
export class StderrCollector {
  private readonly shownChars: number;
  private readonly fullBytes: number;
  private readonly decoder = new TextDecoder('utf-8');
  private readonly pieces: string[] = [];
  private keptBytes = 0;
  private totalBytes = 0;
  private cut = false;
  private joined: string | null = '';

  /** `shownChars`: the "shown" prefix; `fullBytes`: the cap of the full log (should be ≥ 4 × shownChars). */
  constructor(shownChars = STDERR_SHOWN_CHARS, fullBytes = STDERR_FULL_BYTES) {
    this.shownChars = shownChars;
    this.fullBytes = fullBytes;
  }

  /** Takes one chunk of standard error. */
  push(chunk: Buffer): void {
    this.totalBytes += chunk.length;
    this.keep(chunk);
  }

  /** Adds a line from Jury itself (for example why the bot could not start); not counted in `bytes`. */
  note(text: string): void {
    this.keep(Buffer.from(`[jury] ${text}\n`, 'utf8'));
  }

  private keep(chunk: Buffer): void {
    if (this.keptBytes >= this.fullBytes) {
      this.cut = true;
      return;
    }
    const room = this.fullBytes - this.keptBytes;
    const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
    if (part.length < chunk.length) this.cut = true;
    this.keptBytes += part.length;
    this.pieces.push(this.decoder.decode(part, { stream: true }));
    if (this.keptBytes >= this.fullBytes) this.pieces.push(this.decoder.decode());
    this.joined = null;
  }

  /** What was collected so far. */
  capture(): StderrCapture {
    if (this.joined === null) this.joined = this.pieces.join('');
    const full = this.joined;
    let cut = Math.min(full.length, this.shownChars);
    // Never split a surrogate pair in two.
    if (cut > 0 && cut < full.length && isHighSurrogate(full.charCodeAt(cut - 1))) cut--;
    return {
      shown: full.slice(0, cut),
      full,
      truncated: this.cut,
      bytes: this.totalBytes,
    };
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
