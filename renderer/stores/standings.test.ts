// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { EventPayload } from '../../shared/ipc/contract.ts';
import type { Ranking } from '../../shared/tournament/ranking/index.ts';
import { swissThenFinal } from '../../test/helpers/renderer-rankings.ts';
import { useNotices } from './notices.ts';
import { STANDINGS_REFETCH_MS, useStandingsStore, type ExportFile, type Standings } from './standings.ts';

type Changed = EventPayload<'tournament.changed'>;

function answer(ranking: Ranking, stages = ['swiss', 'final']): Standings {
  return {
    ranking,
    crosstable: null,
    stages,
  };
}

/** What the service answers: the whole event, or the stage asked for. */
const respond = async (request: { id: string; stage?: string }): Promise<Standings> =>
  answer(swissThenFinal(request.stage === undefined ? 'event' : { stage: request.stage }));

const listeners: ((p: Changed) => void)[] = [];
const env = vi.hoisted(() => ({ desktop: false }));
const file: ExportFile = { fileName: 't1.csv', mime: 'text/csv', content: 'Game,Round\r\n' };
const fake = {
  tournamentStandings: vi.fn(respond),
  tournamentExport: vi.fn(async (_: { id: string; kind: string }) => file),
  dialogSaveFile: vi.fn(async (_: ExportFile): Promise<string | null> => '/home/me/t1.csv'),
  onTournamentChanged: (l: (p: Changed) => void) => {
    listeners.push(l);
    return () => listeners.splice(listeners.indexOf(l), 1);
  },
};
vi.mock('../bridge/index.ts', () => ({ jury: () => fake, isDesktop: () => env.desktop }));

const changed = (id: string, reason: Changed['reason'] = 'game-finished'): void =>
  listeners.forEach((l) => l({ id, reason, game: 0 }));

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
  vi.clearAllMocks();
  env.desktop = false;
});

afterEach(() => {
  useStandingsStore().stopListening();
  vi.useRealTimers();
});

describe('the standings store', () => {
  it('loads the whole event, then one stage, each as the service ranks it', async () => {
    const store = useStandingsStore();
    await store.load('t1');
    expect(fake.tournamentStandings).toHaveBeenLastCalledWith({ id: 't1' });
    expect(store.stages).toEqual(['swiss', 'final']);
    expect(store.rows.map((r) => [r.name, r.stage, r.points])).toEqual([
      ['Bob', 'final', 21],
      ['Dee', 'final', 19],
      ['Cy', 'swiss', 19],
      ['Ann', 'swiss', 18],
      ['Eve', 'swiss', 6],
    ]);
    expect(store.columns.map((c) => c.id)).toContain('points@swiss');
    await store.setStage('swiss');
    expect(fake.tournamentStandings).toHaveBeenLastCalledWith({ id: 't1', stage: 'swiss' });
    expect(store.stage).toBe('swiss');
    expect(store.ranking?.view).toEqual({ stage: 'swiss' });
    expect(store.rows.map((r) => r.name)).toEqual(['Dee', 'Bob', 'Cy', 'Ann', 'Eve']);
    expect(store.columns.map((c) => c.id)).not.toContain('stage');
  });

  it('sorts by a column and reverses on the second click (ties stay in rank order)', async () => {
    const store = useStandingsStore();
    await store.load('t1');
    store.sortBy('points@swiss');
    expect(store.rows.map((r) => r.name)).toEqual(['Dee', 'Bob', 'Cy', 'Ann', 'Eve']);
    store.sortBy('points@swiss');
    expect(store.rows.map((r) => r.name)).toEqual(['Eve', 'Ann', 'Cy', 'Bob', 'Dee']);
    store.sortBy('no-such-column');
    expect(store.sort).toEqual({ column: 'points@swiss', direction: 'ascending' });
  });

  it('shows a view lacking the sorted column in ranking order, and sorts it again when it returns', async () => {
    const store = useStandingsStore();
    await store.load('t1');
    store.sortBy('points@swiss');
    await store.setStage('final');
    expect(store.activeSort).toEqual({ column: 'place', direction: 'ascending' });
    expect(store.rows.map((r) => r.name)).toEqual(['Bob', 'Dee', 'Ann', 'Cy', 'Eve']);
    store.sortBy('elo');
    expect(store.rows.map((r) => r.name)).toEqual(['Bob', 'Dee', 'Ann', 'Cy', 'Eve']);
    await store.setStage(null);
    expect(store.activeSort).toEqual({ column: 'elo', direction: 'descending' });
  });

  it('starts afresh (whole event, standings order) for another tournament', async () => {
    const store = useStandingsStore();
    await store.load('t1');
    await store.setStage('swiss');
    store.sortBy('name');
    expect(store.sort.column).toBe('name');
    const loading = store.load('t2');
    expect(store.data).toBeNull();
    await loading;
    expect(store.stage).toBeNull();
    expect(store.sort.column).toBe('place');
    expect(fake.tournamentStandings).toHaveBeenLastCalledWith({ id: 't2' });
  });

  it('refetches at most once a second while games of its tournament finish', async () => {
    const store = useStandingsStore();
    await store.load('t1');
    store.listen();
    fake.tournamentStandings.mockClear();
    for (let i = 0; i < 5; i++) changed('t1');
    changed('other');
    changed('t1', 'game-started');
    await vi.advanceTimersByTimeAsync(STANDINGS_REFETCH_MS - 1);
    expect(fake.tournamentStandings).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.tournamentStandings).toHaveBeenCalledTimes(1);
    changed('t1');
    await vi.advanceTimersByTimeAsync(STANDINGS_REFETCH_MS);
    expect(fake.tournamentStandings).toHaveBeenCalledTimes(2);
  });

  it('drops an answer overtaken by a newer request', async () => {
    const store = useStandingsStore();
    let release: (value: Standings) => void = () => undefined;
    fake.tournamentStandings.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const slow = store.load('t1');
    await store.setStage('final');
    release(answer(swissThenFinal()));
    await slow;
    expect(store.ranking?.view).toEqual({ stage: 'final' });
    expect(store.rows.map((r) => r.name)).toEqual(['Bob', 'Dee', 'Ann', 'Cy', 'Eve']);
  });

  it('shows a failure as a notice', async () => {
    fake.tournamentStandings.mockRejectedValueOnce(new Error('no such tournament'));
    const store = useStandingsStore();
    await store.load('gone');
    expect(store.data).toBeNull();
    expect(store.loading).toBe(false);
    expect(useNotices().items.map((n) => n.message)).toEqual(['no such tournament']);
  });
});

describe('exports', () => {
  it('saves through the native dialog in the desktop app', async () => {
    env.desktop = true;
    const store = useStandingsStore();
    expect(await store.exportAs('t1', 'csv')).toEqual({ kind: 'saved', path: '/home/me/t1.csv' });
    expect(fake.tournamentExport).toHaveBeenCalledWith({ id: 't1', kind: 'csv' });
    expect(fake.dialogSaveFile).toHaveBeenCalledWith(file);
    fake.dialogSaveFile.mockResolvedValueOnce(null);
    expect(await store.exportAs('t1', 'json')).toEqual({ kind: 'cancelled' });
    expect(store.exporting).toBeNull();
  });

  it('downloads in a browser, named as the engine says', async () => {
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const store = useStandingsStore();
    expect(await store.exportAs('t1', 'csv')).toEqual({ kind: 'downloaded', fileName: 't1.csv' });
    expect(clicked).toEqual(['t1.csv']);
    expect(fake.dialogSaveFile).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('answers null and shows the notice when the export fails', async () => {
    fake.tournamentExport.mockRejectedValueOnce(new Error('disk full'));
    const store = useStandingsStore();
    expect(await store.exportAs('t1', 'html')).toBeNull();
    expect(useNotices().items.map((n) => n.message)).toEqual(['disk full']);
    expect(store.exporting).toBeNull();
  });
});
