import type { PlayerChannel } from '../channel.ts';
import { parseRefereeCommand } from './commands.ts';
import { routeLine } from './line.ts';
import type { CaiaPlayers } from './players.ts';
import { isReport, parseReport, type CaiaReport } from './report.ts';
import type { CaiaEnd, CaiaEvent, CaiaLine } from './types.ts';

/** What {@link Dialogue} needs from the game around it. */
export interface DialogueOptions {
  readonly referee: PlayerChannel;
  readonly channels: readonly PlayerChannel[];
  readonly players: CaiaPlayers;
  readonly timeFactor: number;
  readonly clock: () => number;
  readonly t0: number;
  readonly abort: Promise<'aborted'>;
  readonly onEvent?: ((event: CaiaEvent) => void) | undefined;
}

/**
 * The referee's side of one hosted game: carries out each line the referee writes (routing, commands,
 * the report) and keeps the transcript. The loop that reads the referee, with its watchdog, is in
 * host.ts.
 */
export class Dialogue {
  readonly transcript: CaiaLine[] = [];
  readonly managerLines: string[] = [];
  report: CaiaReport | null = null;
  locked = false;
  private readonly opts: DialogueOptions;

  constructor(options: DialogueOptions) {
    this.opts = options;
  }

  /**
   * Carries out one line from the referee. Resolves with the game's end when the line ends it (a fatal
   * command, an unreadable report, an abort during a listen), else null. The first `M report …` is the
   * result (see {@link report}); other `M` lines are kept in {@link managerLines}.
   */
  async handle(line: string): Promise<CaiaEnd | null> {
    const { channels, players } = this.opts;
    const route = routeLine(line, channels.length);
    this.record(0, 'out', line, this.opts.clock(), route.kind === 'ignored');
    switch (route.kind) {
      case 'ignored':
        return null;
      case 'player':
        channels[route.player - 1]?.send([route.text]);
        this.record(route.player, 'in', route.text, this.opts.clock());
        return null;
      case 'manager': {
        if (this.report !== null || !isReport(route.text)) {
          this.managerLines.push(route.text);
          return null;
        }
        const parsed = parseReport(route.text, channels.length);
        if (!parsed.ok) return { kind: 'bad-report', line, reason: parsed.error };
        this.report = parsed.value;
        return null;
      }
      case 'command': {
        const command = parseRefereeCommand(route.rest, line, channels.length);
        switch (command.kind) {
          case 'fatal':
            return { kind: 'referee-error', line, reason: command.reason };
          case 'lock':
            this.locked = true;
            this.toReferee('lock_ok');
            return null;
          case 'unlock':
            this.locked = false;
            return null;
          case 'request_time':
            this.toReferee(players.requestTime(command.player, this.opts.timeFactor));
            return null;
          case 'listen': {
            const reply = await players.listen(command.player, this.opts.abort);
            if (reply === null) return { kind: 'aborted' };
            if (reply.kind === 'line') this.record(command.player, 'out', reply.line, reply.atUs);
            this.toReferee(reply.line);
            return null;
          }
        }
      }
    }
  }

  /** Writes one line to the referee (a reply, a player's line, a tag). */
  private toReferee(text: string): void {
    this.opts.referee.send([text]);
    this.record(0, 'in', text, this.opts.clock());
  }

  private record(program: number, dir: 'in' | 'out', text: string, atUs: number, ignored = false): void {
    const t = Math.max(0, atUs - this.opts.t0);
    const line: CaiaLine = ignored ? { t, program, dir, text, ignored } : { t, program, dir, text };
    this.transcript.push(line);
    this.opts.onEvent?.({ kind: 'line', line });
  }
}
