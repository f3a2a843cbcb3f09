import type { CaiaSection } from './caia-section.ts';
import type { GameRecord } from './schema.ts';

const ms = (us: number): string => `${(us / 1000).toFixed(3)} ms`;

/**
 * A line for each player whose status came from the referee's word against caiaio's tag, or whose tag
 * stood against the referee's word (docs/caia.md, "The referee's verdict"); none where both agree.
 */
function verdictLines(verdicts: NonNullable<CaiaSection['verdicts']>, names: readonly string[]): string[] {
  return verdicts.flatMap((v, i) => {
    const who = names[i] ?? `player ${i + 1}`;
    if (v.by === 'referee' && v.referee !== 'OK' && v.referee !== v.tag) {
      return [
        `  ${who}: ${v.referee} by the referee's word ${JSON.stringify(v.word)} (caiaio's tag: ${v.tag})`,
      ];
    }
    if (v.by === 'tag' && v.referee !== null && v.referee !== v.tag) {
      return [`  ${who}: ${v.tag} by caiaio's tag (the referee said ${JSON.stringify(v.word)})`];
    }
    return [];
  });
}

/**
 * The part of a transcript (transcript.ts) that only a game package's record has: with `dialogue`, the
 * whole protocol in time order, the referee's lines among the players' (`<` written to the program, `>`
 * read from it; `(ignored)` for a referee line that went nowhere); without it, the tags the referee was
 * sent, where its log was kept, and its own standard error. Empty for other records.
 */
export function packageTranscript(record: GameRecord, names: readonly string[], dialogue: boolean): string[] {
  const caia = record.caia;
  if (caia === undefined) return [];
  const out: string[] = [];
  out.push(`referee: ${caia.referee.command.join(' ')}; time factor ${caia.timeFactor}`);
  if (dialogue) {
    const lines = [
      ...caia.referee.lines.map((l) => ({ ...l, who: 'referee' })),
      ...record.lines.map((l) => ({ ...l, who: names[l.seat] ?? `player ${l.seat + 1}`, ignored: false })),
    ].sort((a, b) => a.t - b.t);
    for (const l of lines) {
      const mark = l.dir === 'in' ? '<' : '>';
      out.push(
        `${ms(l.t).padStart(14)}  ${l.who.padEnd(9)} ${mark} ${l.text}${l.ignored ? '  (ignored)' : ''}`,
      );
    }
    return out;
  }
  caia.firstTags.forEach((tag, i) => {
    if (tag === null) return;
    const times = caia.tags[i] ?? 1;
    out.push(
      `  ${names[i] ?? `player ${i + 1}`}: sent ${tag.tag} at its listen ${tag.listen + 1} (${ms(tag.t)})${times > 1 ? `, ${times} tags in all` : ''}`,
    );
  });
  out.push(...verdictLines(caia.verdicts ?? [], names));
  for (const line of caia.managerLines) out.push(`  the referee told the manager: ${line}`);
  if (caia.log.path !== null) out.push(`referee log (${caia.log.kind}): ${caia.log.path}`);
  if (caia.referee.stderr.shown) {
    out.push(
      '',
      `stderr of the referee (${caia.referee.stderr.bytes} bytes):`,
      caia.referee.stderr.shown.trimEnd(),
    );
  }
  return out;
}
