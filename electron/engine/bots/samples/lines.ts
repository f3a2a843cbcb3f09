import { StringDecoder } from 'node:string_decoder';

/**
 * Splits text that arrives in arbitrary chunks (as a pipe delivers it) into lines. A line ends at `\n`;
 * a `\r` just before it is dropped too, so a judge on Windows line ends reads the same. Bytes are decoded
 * as UTF-8 with a decoder that keeps a character split across two chunks whole.
 */
export class LineSplitter {
  private pending = '';
  private readonly decoder = new StringDecoder('utf8');

  /** The lines completed by `chunk`, oldest first, without their line ends. */
  push(chunk: Uint8Array | string): string[] {
    const text = this.pending + (typeof chunk === 'string' ? chunk : this.decoder.write(chunk));
    const lines = text.split('\n');
    // The last part has no newline yet: keep it for the next chunk.
    this.pending = lines.pop() ?? '';
    for (let i = 0; i < lines.length; i++) lines[i] = withoutCr(lines[i] as string);
    return lines;
  }

  /** At the end of the input: the last line if it had no newline (none when the input ended cleanly). */
  end(): string[] {
    const rest = this.pending + this.decoder.end();
    this.pending = '';
    return rest === '' ? [] : [withoutCr(rest)];
  }
}

function withoutCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** What {@link readLines} does with each line and at the end of the input. */
export interface LineHandler {
  /** Called for every line in order; return `true` to stop reading (the rest of the input is ignored). */
  line(line: string): boolean;
  /** Called once when the input ended before any `line` call asked to stop. */
  end(): void;
}

/**
 * Feeds the lines of `input` to `handler` synchronously, chunk by chunk: no promise or timer per line,
 * so a bot answers as soon as its prompt has arrived (Flit allows 50 ms, and every millisecond spent
 * here is charged to the bot). When the handler stops, the stream is destroyed so that an idle standard
 * input no longer keeps the process alive and the bot can exit by itself.
 */
export function readLines(input: NodeJS.ReadableStream & { destroy(): void }, handler: LineHandler): void {
  const splitter = new LineSplitter();
  let stopped = false;
  const stop = (): void => {
    stopped = true;
    input.removeListener('data', onData);
    input.removeListener('end', onEnd);
    input.destroy();
  };
  const deliver = (lines: readonly string[]): void => {
    for (const line of lines) {
      if (stopped) return;
      if (handler.line(line)) stop();
    }
  };
  const onData = (chunk: Uint8Array | string): void => deliver(splitter.push(chunk));
  const onEnd = (): void => {
    deliver(splitter.end());
    if (!stopped) {
      stopped = true;
      handler.end();
    }
  };
  input.on('data', onData);
  input.on('end', onEnd);
}
