import { describeEnd } from '../../../shared/games/end.ts';
import { findGameInfo } from '../../../shared/games/registry.ts';
import { describeFailure } from '../referee/failure.ts';
import type { GameRecord } from './schema.ts';
import { packageTranscript } from './package-transcript.ts';

type LimitsRecord = NonNullable<GameRecord['limits']>;

/**
 * The transcript's `limits:` line: what was asked (memory, processes, network), then each protection by
 * name — enforced, partial (weaker than asked) or not applied with the reason. Never an object's
 * `[object Object]`: this is the file contestants receive.
 */
export function limitsLine(limits: LimitsRecord): string {
  const r = limits.requested;
  const asked = [
    r.memoryMiB === null ? 'no memory cap' : `${r.memoryMiB} MiB memory`,
    r.maxProcesses === null ? 'no process cap' : `${r.maxProcesses} processes`,
    r.network ? 'network allowed' : 'no network',
  ].join(', ');
  const names = (list: readonly { readonly limit: string }[]): string => list.map((a) => a.limit).join(', ');
  const enforced = limits.applied.filter((a) => a.partial !== true);
  const partial = limits.applied.filter((a) => a.partial === true);
  const parts = [`enforced: ${names(enforced) || 'none'}`];
  if (partial.length) parts.push(`partial: ${names(partial)}`);
  if (limits.notApplied.length)
    parts.push(`not applied: ${limits.notApplied.map((n) => `${n.limit} (${n.why})`).join(', ')}`);
  return `limits: ${asked}; ${parts.join('; ')}`;
}

const ms = (us: number | undefined): string => (us === undefined ? '' : `${(us / 1000).toFixed(3)} ms`);

/**
 * A plain-text transcript of a game in the spirit of Caia's logs: the setup, every move with its seat and
 * times, failures and takeovers, the end, scores and time totals, and what each program wrote to stderr
 * (the shown part). With `dialogue`, every line sent and received, in order, instead of the move list.
 */
export function renderTranscript(record: GameRecord, options: { dialogue?: boolean } = {}): string {
  const game = findGameInfo(record.game);
  const names = game?.seatNames ?? record.seats.map((_, i) => String(i + 1));
  const out: string[] = [];
  out.push(`${game?.title ?? record.game} — Jury ${record.jury}, record v${record.version}`);
  out.push(`rules: ${record.rulesVersion}`);
  out.push(`seed ${record.seed}${record.board === null ? '' : `, board ${record.board}`}`);
  const tc = record.timing.control;
  const limit =
    tc.kind === 'game-total' ? `${tc.budgetMs / 1000} s per game` : `${tc.deadlineMs} ms per move`;
  out.push(`timing: ${record.timing.mode}, ${limit}; started ${record.startedAt}`);
  if (record.limits) out.push(limitsLine(record.limits));
  record.seats.forEach((s, i) =>
    out.push(`  ${names[i]}: ${s.name}${s.command ? `  [${s.command.join(' ')}]` : ''}`),
  );
  out.push('');

  if (record.caia !== undefined) {
    out.push(...packageTranscript(record, names, options.dialogue === true));
  } else if (options.dialogue) {
    for (const l of record.lines) {
      out.push(
        `${ms(l.t).padStart(14)}  ${(names[l.seat] ?? '').padEnd(6)} ${l.dir === 'in' ? '<' : '>'} ${l.text}`,
      );
    }
  } else {
    for (const m of record.moves) {
      const who = (names[m.seat] ?? '').padEnd(6);
      const what = m.by === 'missed' ? `(no move: ${m.cause})` : m.line;
      const by = m.by === 'takeover' ? '  [judge]' : '';
      const time = m.chargedUs === undefined ? '' : `  ${ms(m.chargedUs)} (cpu ${ms(m.cpuUs)})`;
      out.push(`${String(m.ply + 1).padStart(5)}  ${who} ${what}${by}${time}`);
    }
  }
  out.push('');
  const judgeFrom = (seat: number): number | null => {
    const takeover = record.seats[seat]?.takeover;
    return takeover ? takeover.fromPly + 1 : null;
  };
  out.push(`end: ${describeEnd(record.end, names, judgeFrom)}`);
  record.seats.forEach((s, i) => {
    const fail = s.failure ? ` — ${describeFailure(s.failure)}` : '';
    const takeover = s.takeover
      ? `; the judge made ${s.takeover.moves} moves from move ${s.takeover.fromPly + 1}`
      : '';
    const missed = s.missed.timeout + s.missed.invalid + s.missed.gone;
    const missedText = missed
      ? `; missed turns: ${s.missed.timeout} late, ${s.missed.invalid} invalid, ${s.missed.gone} gone`
      : '';
    out.push(
      `  ${(names[i] ?? '').padEnd(6)} ${String(s.score).padStart(5)}  ${s.status}${fail}${takeover}${missedText}`,
    );
    out.push(
      `         time ${ms(s.time.chargedUs)} charged, ${ms(s.time.cpuUs)} cpu over ${s.time.moves} replies; slowest ${ms(s.time.maxChargedUs)}`,
    );
    if (s.killedAfterEnd) out.push('         it did not exit after the game ended and was killed');
  });
  for (const [i, s] of record.seats.entries()) {
    if (!s.stderr.shown) continue;
    out.push(
      '',
      `stderr of ${names[i]} (${s.stderr.bytes} bytes${s.stderr.truncated ? ', log truncated' : ''}):`,
    );
    out.push(s.stderr.shown.trimEnd());
  }
  return `${out.join('\n')}\n`;
}
