import { describe, expect, it } from 'vitest';
import { defaultForm } from './draft.ts';
import { boardIssues, issuesAt, isUnder, localIssues, mergeIssues, unplacedIssues } from './draft-issues.ts';

const t = (key: string, params?: Record<string, unknown> | number) =>
  params === undefined ? key : `${key} ${JSON.stringify(params)}`;
const defaults = { timingMode: 'official', graceMs: 1000, memoryMiB: 1024, concurrency: null } as const;

describe('paths', () => {
  it('finds issues at a field and inside it', () => {
    expect(isUnder('boards.2', 'boards')).toBe(true);
    expect(isUnder('botsx', 'bots')).toBe(false);
    const issues = [
      { path: 'schedule.rounds', message: 'too few' },
      { path: 'schedule.rounds', message: 'too few' },
      { path: 'schedule', message: 'bad' },
      { path: 'limits.memoryMiB', message: 'small' },
      { path: '', message: 'broken' },
    ];
    expect(issuesAt(issues, 'schedule.rounds')).toEqual(['too few']);
    expect(issuesAt(issues, 'schedule')).toEqual(['too few', 'bad']);
    expect(unplacedIssues(issues, ['schedule', 'limits.memoryMiB'])).toEqual([
      { path: 'schedule.rounds', message: 'too few' },
      { path: 'schedule.rounds', message: 'too few' },
      { path: '', message: 'broken' },
    ]);
    expect(unplacedIssues(issues, ['schedule.rounds', 'limits.memoryMiB', ''], ['schedule'])).toEqual([]);
    expect(unplacedIssues([{ path: 'boards.3', message: 'bad' }], ['boards'], [])).toHaveLength(1);
    expect(unplacedIssues([{ path: 'boards.3', message: 'bad' }], [], ['boards'])).toEqual([]);
  });
});

describe('mergeIssues', () => {
  it('prefers the local message of a path and drops repeats', () => {
    const merged = mergeIssues(
      [{ path: 'bots', message: 'pick two' }],
      [
        { path: 'bots', message: 'a tournament needs at least two bots' },
        { path: 'name', message: 'empty' },
        { path: 'name', message: 'empty' },
      ],
    );
    expect(merged).toEqual([
      { path: 'bots', message: 'pick two' },
      { path: 'name', message: 'empty' },
    ]);
  });
});

describe('boardIssues', () => {
  it('turns board indexes into line numbers of the box', () => {
    const issues = [
      { path: 'boards.1', message: 'too short' },
      { path: 'boards', message: 'not played on boards' },
    ];
    expect(boardIssues(issues, 'AAA\n\nBBB')).toEqual([
      { line: 3, message: 'too short' },
      { line: null, message: 'not played on boards' },
    ]);
  });
});

describe('localIssues', () => {
  it('checks the name, the bot count for the seats, challengers, finalists and pasted boards', () => {
    const form = defaultForm('less', 4, defaults, 1);
    form.bots = ['a', 'b', 'c'];
    expect(localIssues(form, 4, t)).toEqual([
      { path: 'name', message: 'newTournament.issues.name' },
      { path: 'bots', message: 'newTournament.issues.bots {"count":4}' },
    ]);
    form.name = 'N';
    form.bots = ['a', 'b', 'c', 'd'];
    form.format = 'gauntlet';
    expect(localIssues(form, 4, t)).toEqual([
      { path: 'schedule.challengers', message: 'newTournament.issues.noChallenger' },
    ]);
    form.challengers = ['a', 'b'];
    expect(localIssues(form, 4, t)).toEqual([
      { path: 'schedule.challengers', message: 'newTournament.issues.gauntletField 3' },
    ]);
    form.format = 'swiss';
    form.finalists = 2;
    form.boardMode = 'given';
    form.boardsText = '  \n';
    expect(localIssues(form, 4, t).map((i) => i.path)).toEqual(['schedule.finalists', 'boards']);
    form.finalists = 4;
    form.boardsText = 'x';
    expect(localIssues(form, 4, t)).toEqual([]);
  });
});

describe('localIssues: a format no match of the game can win', () => {
  it('refuses a knockout of 6561 (both players always score the same), brought by a preset', () => {
    const form = { ...defaultForm('6561', 2, defaults, 1), name: 'x', bots: ['a', 'b'] };
    expect(localIssues({ ...form, format: 'round-robin' }, 2, t)).toEqual([]);
    expect(localIssues({ ...form, format: 'knockout' }, 2, t)).toEqual([
      {
        path: 'schedule.kind',
        message: 'newTournament.issues.noWinner {"format":"tournaments.format.knockout","game":"6561"}',
      },
    ]);
    expect(localIssues({ ...form, game: 'more', format: 'knockout' }, 2, t)).toEqual([]);
  });
});
