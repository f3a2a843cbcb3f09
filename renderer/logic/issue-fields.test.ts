import { describe, expect, it } from 'vitest';
import { createJuryI18n } from '../i18n/index.ts';
import { issueLabelKey, issueTargets, pathAndParents } from './issue-fields.ts';

describe('where a form problem lives', () => {
  it('walks from a path up to the fields it lies inside', () => {
    expect(pathAndParents('boards.2')).toEqual(['boards.2', 'boards']);
    expect(pathAndParents('name')).toEqual(['name']);
  });

  it('names the field of each problem, in English and Dutch', () => {
    const en = createJuryI18n('en').global;
    const nl = createJuryI18n('nl').global;
    const label = (path: string, i18n: typeof en) => i18n.t(issueLabelKey(path) ?? 'missing');
    expect(label('schedule.challengers', en)).toBe('Challengers');
    expect(label('boards.2', en)).toBe('Boards');
    expect(label('limits.memoryMiB', en)).toBe('Memory (MiB)');
    expect(label('bots', nl)).toBe('Bots');
    expect(label('name', nl)).toBe('Naam');
    expect(issueLabelKey('somewhere')).toBeNull();
  });

  it('looks for the field, then the fields around it, then its section', () => {
    expect(issueTargets('boards.2')).toEqual([
      '[data-testid="issues-boards.2"]',
      '[data-testid="issues-boards"]',
      '[aria-labelledby="section-boards"]',
    ]);
    expect(issueTargets('name')).toEqual(['[data-testid="issues-name"]', '#tournament-name']);
    expect(issueTargets('workers.localSlots').at(-1)).toBe('[aria-labelledby="section-concurrency"]');
  });
});
