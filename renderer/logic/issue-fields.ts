/**
 * Where a problem of the new-tournament form lives: the label of its field (a message key) and the
 * places to look for it on the page, from the field itself up to its section. The form's summary names
 * the field with it and takes the user there.
 */

/** The message key of each field's label, by the draft path the engine and the form name it with. */
const LABELS: Readonly<Record<string, string>> = {
  name: 'newTournament.name',
  game: 'newTournament.game.title',
  schedule: 'newTournament.format.title',
  'schedule.kind': 'newTournament.format.label',
  'schedule.repeats': 'newTournament.format.repeats',
  'schedule.mode': 'newTournament.format.mode',
  'schedule.rounds': 'newTournament.format.rounds',
  'schedule.swissRounds': 'newTournament.format.swissRounds',
  'schedule.finalists': 'newTournament.format.finalists',
  'schedule.gamesPerMatch': 'newTournament.format.gamesPerMatch',
  'schedule.permutations': 'newTournament.format.permutations',
  'schedule.challengers': 'newTournament.format.challengers',
  'schedule.ratings': 'newTournament.seeding.title',
  bots: 'newTournament.bots.title',
  seed: 'newTournament.seed.label',
  boards: 'newTournament.boards.title',
  timing: 'newTournament.timing.title',
  'timing.mode': 'newTournament.timing.mode',
  'timing.budgetMs': 'newTournament.timing.budget',
  'timing.graceMs': 'newTournament.timing.grace',
  limits: 'newTournament.limits.title',
  'limits.memoryMiB': 'newTournament.limits.memory',
  'limits.maxProcesses': 'newTournament.limits.processes',
  'limits.network': 'newTournament.limits.network',
  'limits.affinity': 'newTournament.limits.affinity',
  concurrency: 'newTournament.concurrency.label',
  workers: 'newTournament.playOn.title',
  'workers.localSlots': 'newTournament.playOn.localSlots',
};

/** The section of each top-level field (its `aria-labelledby` is `section-<id>`). */
const SECTIONS: Readonly<Record<string, string>> = {
  game: 'game',
  schedule: 'format',
  bots: 'bots',
  seed: 'seed',
  boards: 'boards',
  timing: 'timing',
  limits: 'limits',
  concurrency: 'concurrency',
  workers: 'concurrency',
};

/** `path` and each path it lies inside, nearest first: `boards.2` → `boards.2`, `boards`. */
export function pathAndParents(path: string): string[] {
  const parts = path.split('.');
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('.')).filter((p) => p !== '');
}

/** The label key of the field of `path` (or of the nearest field it lies inside), or null. */
export function issueLabelKey(path: string): string | null {
  for (const p of pathAndParents(path)) {
    const key = LABELS[p];
    if (key !== undefined) return key;
  }
  return null;
}

/**
 * CSS selectors of the places `path` is shown, best first: the field's own issue list (FieldIssues), the
 * lists of the fields it lies inside, then its section; the name field by its id.
 */
export function issueTargets(path: string): string[] {
  const own = pathAndParents(path).map((p) => `[data-testid="issues-${p}"]`);
  const top = path.split('.')[0] ?? '';
  const section = SECTIONS[top];
  return [
    ...own,
    ...(top === 'name' ? ['#tournament-name'] : []),
    ...(section === undefined ? [] : [`[aria-labelledby="section-${section}"]`]),
  ];
}
