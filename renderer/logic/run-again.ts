/**
 * "Run again": a finished tournament's settings in a new tournament, which needs a name of its own. The
 * next free one after `name`: `Club night` → `Club night 2`, `Club night 2` → `Club night 3`, skipping
 * the names taken (ignoring case, as the engine does).
 */
export function againName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((n) => n.toLowerCase()));
  const numbered = /^(.*\S) (\d+)$/.exec(name.trim());
  const base = numbered?.[1] ?? name.trim();
  for (let n = numbered ? Number(numbered[2]) + 1 : 2; ; n++) {
    const suffix = ` ${n}`;
    const candidate = `${base.slice(0, 120 - suffix.length)}${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
