import { describe, expect, it } from 'vitest';
import { tournamentDraftSchema } from '../../shared/ipc/app-schemas.ts';
import {
  boardLines,
  botsForGame,
  buildDraft,
  defaultForm,
  formFromDraft,
  formatsFor,
  randomSeed,
  switchGame,
  type LibraryBot,
} from './draft.ts';

const defaults = { timingMode: 'cpu', graceMs: 500, memoryMiB: 512, concurrency: 3 } as const;

function bot(id: string, name: string, game: LibraryBot['game']): LibraryBot {
  return {
    id,
    name,
    kind: game === null ? 'program' : 'sample',
    path: `/bots/${id}`,
    args: [],
    language: null,
    game,
    hash: null,
    modifiedAt: null,
    addedAt: '2026-01-01T00:00:00Z',
    status: 'ready',
    buildLog: null,
  };
}

const library = [
  bot('a', 'Alice', null),
  bot('b', 'Bob', null),
  bot('less-random', 'Less random', 'less'),
  bot('more-greedy', 'More greedy', 'more'),
];

describe('formatsFor', () => {
  it('offers only the formats the engine accepts for the seat count', () => {
    expect(formatsFor(2)).toEqual(['round-robin', 'swiss', 'knockout', 'gauntlet']);
    expect(formatsFor(4)).toEqual(['groups', 'swiss', 'gauntlet']);
  });
});

describe('defaultForm', () => {
  it('takes the settings defaults and the first fitting format', () => {
    const form = defaultForm('less', 4, defaults, 77);
    expect(form.format).toBe('groups');
    expect(form.finalists).toBe(4);
    expect(form.seed).toBe(77);
    expect([form.timingMode, form.graceMs, form.memoryMiB, form.concurrency]).toEqual(['cpu', 500, 512, 3]);
    expect(defaultForm('6561', 2, defaults, 1).format).toBe('round-robin');
  });
});

describe('switchGame', () => {
  it('keeps fitting settings, drops bots that cannot play and fixes the format', () => {
    const form = defaultForm('less', 4, defaults, 1);
    form.bots = ['a', 'less-random', 'b'];
    form.boardMode = 'given';
    switchGame(form, '6561', 2, library);
    expect(form.format).toBe('round-robin');
    expect(form.bots).toEqual(['a', 'b']);
    expect(form.boardMode).toBe('generated');
    form.format = 'swiss';
    switchGame(form, 'flit', 4, library);
    expect(form.format).toBe('swiss');
  });
});

describe('botsForGame', () => {
  it('keeps own programs and that game’s samples', () => {
    expect(botsForGame(library, 'more').map((b) => b.id)).toEqual(['a', 'b', 'more-greedy']);
  });
});

describe('boardLines', () => {
  it('numbers the non-empty lines', () => {
    expect(boardLines('x1\n\n  x2  \r\n')).toEqual([
      { line: 1, board: 'x1' },
      { line: 3, board: 'x2' },
    ]);
  });
});

describe('buildDraft', () => {
  it('builds a draft the contract accepts, leaving unset fields out', () => {
    const form = defaultForm('more', 2, defaults, 42);
    form.name = '  Club night ';
    form.bots = ['a', 'b'];
    form.concurrency = null;
    const draft = buildDraft(form, library);
    expect(draft).toEqual({
      name: 'Club night',
      game: 'more',
      seed: 42,
      schedule: { kind: 'round-robin', repeats: 1 },
      bots: ['a', 'b'],
      timing: { mode: 'cpu', graceMs: 500 },
      limits: { memoryMiB: 512, maxProcesses: 256, network: false, affinity: true },
    });
    expect(tournamentDraftSchema.safeParse(draft).success).toBe(true);
  });

  it('names the gauntlet challengers and adds budget, concurrency and pasted boards', () => {
    const form = defaultForm('more', 2, defaults, 1);
    form.name = 'G';
    form.format = 'gauntlet';
    form.bots = ['a', 'b', 'more-greedy'];
    form.challengers = ['a', 'less-random'];
    form.budgetMs = 5000;
    form.seed = null;
    form.boardMode = 'given';
    form.boardsText = 'B1\n\nB2\n';
    const draft = buildDraft(form, library);
    expect(draft.schedule).toEqual({
      kind: 'gauntlet',
      challengers: ['Alice'],
      repeats: 1,
      permutations: 'all',
    });
    expect(draft.timing).toEqual({ mode: 'cpu', graceMs: 500, budgetMs: 5000 });
    expect(draft.concurrency).toBe(3);
    expect(draft.boards).toEqual(['B1', 'B2']);
    expect('seed' in draft).toBe(false);
  });

  it('builds every format’s schedule', () => {
    const form = defaultForm('less', 4, defaults, 1);
    expect(buildDraft(form, library).schedule).toEqual({
      kind: 'groups',
      permutations: 'all',
      mode: 'rounds',
      rounds: 3,
    });
    form.format = 'swiss';
    expect(buildDraft(form, library).schedule).toEqual({
      kind: 'swiss',
      swissRounds: 5,
      finalists: 4,
      permutations: 'all',
    });
    form.format = 'knockout';
    expect(buildDraft(form, library).schedule).toEqual({ kind: 'knockout', gamesPerMatch: 2 });
  });
});

describe('formFromDraft', () => {
  it('gives back the form that builds the same draft', () => {
    const form = defaultForm('more', 2, defaults, 9);
    form.name = 'Again';
    form.format = 'gauntlet';
    form.bots = ['a', 'b', 'more-greedy'];
    form.challengers = ['b'];
    form.repeats = 3;
    form.memoryMiB = null;
    form.boardMode = 'given';
    form.boardsText = 'B1\nB2';
    const draft = buildDraft(form, library);
    const base = defaultForm('less', 4, defaults, 1);
    const back = formFromDraft(draft, base, library);
    expect(back.challengers).toEqual(['b']);
    expect(back.memoryMiB).toBeNull();
    expect(buildDraft(back, library)).toEqual(draft);
  });

  it('fills what an older draft leaves out from the base form', () => {
    const base = defaultForm('less', 4, defaults, 1);
    const back = formFromDraft(
      {
        name: 'S',
        game: 'less',
        schedule: { kind: 'swiss', swissRounds: 7, finalists: 8 },
        bots: ['a', 'b'],
      },
      base,
      library,
    );
    expect([back.swissRounds, back.finalists, back.permutations, back.seed]).toEqual([7, 8, 'all', null]);
    expect([back.timingMode, back.memoryMiB]).toEqual(['cpu', 512]);
  });
});

describe('randomSeed', () => {
  it('spans the unsigned 32-bit range', () => {
    expect(randomSeed(() => 0)).toBe(0);
    expect(randomSeed(() => 0.999999999999)).toBe(0xffffffff);
    expect(randomSeed(() => 0.5)).toBe(0x80000000);
  });
});
