import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTournamentConfig } from '../../../electron/engine/tournament/config.ts';
import { createTournamentStore } from '../../../electron/engine/tournament/run-store.ts';
import { snapshot } from '../../helpers/bad-stores.ts';
import { jury, smallEvent, writeJson, type JuryResult } from './jury-process.ts';

// Numbers and names of a config that cannot be what the organiser meant are refused before anything is
// created, with the bound or the name in the message: `--concurrency` beyond the config's own cap, knockout
// ratings of a bot that is not in the event, more Swiss finalists than bots. An event stored before these
// rules is still played to its end.

/** Several `jury` processes per test, on a 2-core machine that runs other suites at the same time. */
const SLOW = 90_000;
const folder = (): string => mkdtempSync(join(tmpdir(), 'jury-config-rules-'));

/** Asserts a refusal: exit code 2, nothing on stdout, exactly one stderr line matching `message`. */
function refused(result: JuryResult, message: RegExp): void {
  expect(result).toMatchObject({ code: 2, out: '' });
  expect(result.err).toMatch(message);
  expect(result.err.trimEnd().split('\n')).toHaveLength(1);
  expect(result.err).not.toMatch(/\n\s+at /);
}

describe('jury run refuses what the config cannot mean, before it creates anything', () => {
  it(
    "--concurrency beyond 256 (the config's own cap), knockout ratings of an unknown bot, more finalists than bots",
    async () => {
      const dir = folder();
      const db = join(dir, 'event.sqlite');
      const good = writeJson(dir, 'good.json', smallEvent);
      // Knockout on More: a 6561 match cannot be won (see below).
      const knockout = writeJson(dir, 'knockout.json', {
        ...smallEvent,
        game: 'more',
        schedule: { kind: 'knockout', ratings: { Greedy: 1800, Nobody: 2100 } },
      });
      const swiss = writeJson(dir, 'swiss.json', {
        ...smallEvent,
        schedule: { kind: 'swiss', swissRounds: 2, finalists: 7 },
      });
      const before = snapshot(dir);
      const results = await Promise.all([
        jury('run', good, '--db', db, '--concurrency', '100000'),
        jury('run', good, '--db', db, '--concurrency', '257'),
        jury('run', knockout, '--db', db),
        jury('run', swiss, '--db', db),
      ]);
      const [huge, over, rated, finalists] = results;
      refused(huge!, /^jury: --concurrency must be a whole number from 1 to 256, got 100000\n$/);
      refused(over!, /^jury: --concurrency must be a whole number from 1 to 256, got 257\n$/);
      refused(rated!, /^jury: schedule: ratings name "Nobody", who is not a participant\n$/);
      refused(
        finalists!,
        /^jury: schedule: 7 finalists, but there are only 3 players; give at most 3 finalists\n$/,
      );
      expect(snapshot(dir)).toEqual(before);

      // The bound itself is accepted, and so are the corrected configs.
      const ran = await jury('run', good, '--db', db, '--concurrency', '256', '--json');
      expect(ran.code, ran.err).toBe(0);
      writeJson(dir, 'knockout.json', {
        ...smallEvent,
        game: 'more',
        schedule: { kind: 'knockout', gamesPerMatch: 1, ratings: { Greedy: 1800 } },
      });
      writeJson(dir, 'swiss.json', {
        ...smallEvent,
        schedule: { kind: 'swiss', swissRounds: 2, finalists: 3 },
      });
      const fixed = await Promise.all([
        jury('run', knockout, '--db', join(dir, 'knockout.sqlite')),
        jury('run', swiss, '--db', join(dir, 'swiss.sqlite')),
      ]);
      for (const r of fixed) expect(r.code, r.err).toBe(0);
    },
    SLOW,
  );

  it(
    'a knockout of a cooperative game (6561: both players always score the same), whose seeding would decide it',
    async () => {
      const dir = folder();
      const config = writeJson(dir, 'knockout.json', { ...smallEvent, schedule: { kind: 'knockout' } });
      const before = snapshot(dir);
      refused(
        await jury('run', config, '--db', join(dir, 'knockout.sqlite')),
        /^jury: schedule: knockout needs matches that someone wins, but in 6561 both players always get the same score, so seeding alone would decide every match \(use round robin or Swiss\)\n$/,
      );
      expect(snapshot(dir)).toEqual(before);
    },
    SLOW,
  );

  it(
    'an event stored before these rules (more finalists than bots) is still played to its end',
    async () => {
      const dir = folder();
      const earlier = { ...smallEvent, schedule: { kind: 'swiss', swissRounds: 1, finalists: 5 } };
      const config = writeJson(dir, 'swiss.json', earlier);
      const db = join(dir, 'swiss.sqlite');
      const parsed = parseTournamentConfig(earlier);
      if (!parsed.ok) throw new Error(parsed.error.message);
      createTournamentStore(db, parsed.value).close();
      const ran = await jury('run', config, '--db', db);
      expect(ran.code, ran.err).toBe(0);
      expect(ran.out).toMatch(/finished: \d+ of \d+ games stored/);
      // A new event with the same config is refused.
      refused(
        await jury('run', config, '--db', join(dir, 'new.sqlite')),
        /^jury: schedule: 5 finalists, but there are only 3 players; give at most 3 finalists\n$/,
      );
    },
    SLOW,
  );
});
