import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventRefusal } from '../../../electron/engine/event/refusal.ts';
import { EventService } from '../../../electron/engine/event/service.ts';
import { sandboxCapabilities } from '../../../electron/engine/process/sandbox.ts';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import { bot6561, clock, eventFolder, options, SETTINGS } from './event-helpers.ts';

/** The refusal `work` throws: its code and message (fails the test when it throws none). */
async function refused(work: () => unknown): Promise<EventRefusal> {
  try {
    await work();
  } catch (e) {
    if (e instanceof EventRefusal) return e;
    throw e;
  }
  throw new Error('not refused');
}

// One event played through as on the day: two contestants, a failed compile, a fix, a smoke failure, an
// archive, a test competition, who sees what, the lock, the final, the standings (docs/event-day.md).
describe('an event, from the first upload to the final (real builds, real games)', () => {
  const place = eventFolder();
  const time = clock('2026-05-01T10:00:00Z');
  let event: EventService;
  let ada: string;
  let bob: string;
  const ids: Record<string, string> = {};

  beforeAll(() => {
    event = EventService.create(SETTINGS, options(place.folder, time.now));
    const issued = event.organiser.addContestants(['Ada', 'Bob']);
    ada = issued[0]!.code;
    bob = issued[1]!.code;
  });
  afterAll(async () => {
    await event.close();
    place.remove();
  });

  it('issues unguessable codes that sign in exactly their contestant', () => {
    expect(ada).toMatch(/^([2-9A-HJKMNP-Z]{4}-){3}[2-9A-HJKMNP-Z]{4}$/);
    expect(event.contestant.signIn(ada).name).toBe('Ada');
    // Typed in lower case, without dashes: still Ada.
    expect(event.contestant.signIn(ada.toLowerCase().replaceAll('-', ' ')).name).toBe('Ada');
    expect(event.contestant.signIn(bob).name).toBe('Bob');
    // Only a hash of each code is stored.
    const stored = ['event.sqlite', 'event.sqlite-wal']
      .filter((f) => existsSync(join(place.folder, f)))
      .map((f) => readFileSync(join(place.folder, f)).toString('latin1'))
      .join('');
    expect(stored).toContain('Ada');
    for (const code of [ada, bob]) expect(stored).not.toContain(code.replaceAll('-', ''));
  });

  it('a source that does not compile is stored, marked build-failed with the compiler log', async () => {
    const up = await event.contestant.upload(ada, { fileName: 'bot.c', bytes: strToU8('int main( {\n') });
    expect(up.submission).toMatchObject({
      version: 1,
      language: 'c',
      kind: 'file',
      status: { state: 'received' },
    });
    const done = await up.built;
    expect(done.status.state).toBe('build-failed');
    expect(done.status.state === 'build-failed' && done.status.log).toMatch(
      /gcc failed \(exit 1\)[\s\S]*error/,
    );
    ids['ada1'] = done.id;
  });

  it('the fix builds and passes its smoke test against the sample bot, with the dialogue', async () => {
    const up = await event.contestant.upload(ada, { fileName: 'bot.py', bytes: bot6561('secret-of-ada') });
    const done = await up.built;
    expect(done.version).toBe(2);
    if (done.status.state !== 'working') throw new Error(JSON.stringify(done.status));
    expect(done.status.smoke.verdict).toMatch(/^Played 500 moves without a fault/);
    expect(done.status.smoke.dialogue.length).toBeGreaterThan(10);
    ids['ada2'] = done.id;
  });

  it('a program that fails its smoke test is stored, marked smoke-failed with the verdict', async () => {
    const crash = strToU8('import sys\nprint("bob gives up", file=sys.stderr)\nsys.exit(3)\n');
    const done = await (await event.contestant.upload(bob, { fileName: 'bot.py', bytes: crash })).built;
    if (done.status.state !== 'smoke-failed') throw new Error(JSON.stringify(done.status));
    expect(done.status.smoke.verdict).toMatch(/^CRASH: .*exited with code 3.*bob gives up/);
    ids['bob1'] = done.id;
  });

  it('an archive builds with its own command in the sandbox and runs with its run command', async () => {
    const zip = zipSync({ 'bob/bot.py': bot6561('secret-of-bob'), 'README.txt': strToU8('Bob\n') });
    const up = await event.contestant.upload(bob, {
      fileName: 'bob.zip',
      bytes: zip,
      buildCommand: 'python3 -m py_compile bob/bot.py && ls bob/__pycache__',
      runCommand: 'python3 bob/bot.py',
    });
    const done = await up.built;
    if (done.status.state !== 'working') throw new Error(JSON.stringify(done.status));
    expect(done.status.log).toMatch(/bot\.cpython-\d+\.pyc/);
    expect(done).toMatchObject({ kind: 'archive', version: 2, runCommand: ['python3', 'bob/bot.py'] });
    ids['bob2'] = done.id;
  });

  it('the organiser sees every submission; a contestant only their own', () => {
    const all = event.organiser.submissions().map((s) => [s.version, s.status.state]);
    expect(all.sort()).toEqual([
      [1, 'build-failed'],
      [1, 'smoke-failed'],
      [2, 'working'],
      [2, 'working'],
    ]);
    expect(event.contestant.versions(ada).map((s) => s.id)).toEqual([ids['ada1'], ids['ada2']]);
    expect(event.contestant.status(ada).playing).toBe(ids['ada2']);
  });

  it('a test competition plays the working versions; each sees only their own stderr', async () => {
    const test = await event.organiser.runTest();
    expect(test.state).toBe('done');
    expect(test.entrants.map((e) => [e.name, e.submission])).toEqual([
      ['Ada', ids['ada2']],
      ['Bob', ids['bob2']],
    ]);
    // An ordinary tournament store, as `jury standings` reads it.
    const store = TournamentStore.open(join(place.folder, 'competitions', test.file), { readOnly: true });
    expect(store.counts().finished).toBe(2);
    store.close();
    const standings = event.contestant.standings(ada, test.id);
    expect(standings.rows.map((r) => r.name).sort()).toEqual(['Ada', 'Bob']);
    const games = event.contestant.games(ada, test.id);
    expect(games).toHaveLength(2);
    const seen = JSON.stringify(event.contestant.game(ada, test.id, games[0]!.index));
    expect(seen).toContain('secret-of-ada');
    expect(seen).not.toContain('secret-of-bob');
    expect(seen).not.toContain(ids['bob2']); // not even the path of Bob's program
    const bobs = JSON.stringify(event.contestant.game(bob, test.id, games[0]!.index));
    expect(bobs).toContain('secret-of-bob');
    expect(bobs).not.toContain('secret-of-ada');
    const full = JSON.stringify(event.organiser.game(test.id, games[0]!.index));
    expect(full).toContain('secret-of-ada');
    expect(full).toContain('secret-of-bob');
  });

  it('refuses an attacker: a made-up code, another’s version, source or choice, a path for an id', async () => {
    for (const code of ['', 'AAAA-AAAA-AAAA-AAAA', `${ada}X`, '../../event.sqlite', ada.replace(/.$/, '2')]) {
      if (code === ada) continue;
      expect((await refused(() => event.contestant.versions(code))).code).toBe('denied');
    }
    const notMine = 'you have no such version';
    expect((await refused(() => event.contestant.source(ada, ids['bob2']!))).message).toBe(notMine);
    expect((await refused(() => event.contestant.source(ada, '../../etc/passwd'))).message).toBe(notMine);
    expect((await refused(() => event.contestant.source(ada, 'nonexistent'))).message).toBe(notMine);
    expect((await refused(() => event.contestant.choose(ada, ids['bob2']!))).message).toBe(notMine);
    expect(new TextDecoder().decode(event.contestant.source(ada, ids['ada2']!))).toContain('secret-of-ada');
    // Choosing a version that does not work is refused; the own working one is fine.
    expect((await refused(() => event.contestant.choose(ada, ids['ada1']!))).code).toBe('invalid');
    expect(event.contestant.choose(ada, ids['ada2']!).chosen).toBe(ids['ada2']);
    const test = event.contestant.competitions(ada)[0]!;
    expect((await refused(() => event.contestant.game(ada, test.id, 99))).code).toBe('not-found');
    expect((await refused(() => event.contestant.standings(ada, '../test-1.sqlite'))).code).toBe('not-found');
    // A name with path tricks is only a name: the stored file is the upload's, never outside the event.
    const up = await refused(() =>
      event.contestant.upload(ada, { fileName: '../../x.py', bytes: strToU8('1') }),
    );
    expect(up.code).toBe('bad-upload');
    expect(existsSync(join(place.folder, '..', 'x.py'))).toBe(false);
  });

  it.skipIf(sandboxCapabilities().bwrap === null)(
    "a contestant's program cannot read another's files or the event's store (bwrap)",
    async () => {
      const targets = [
        join(place.folder, 'work', ids['bob2']!, 'build', 'bob', 'bot.py'),
        join(place.folder, 'event.sqlite'),
        join(place.folder, 'competitions', 'test-1.sqlite'),
        '../../../event.sqlite',
      ];
      const spy = [
        'import sys',
        'seen = []',
        `for p in ${JSON.stringify(targets)}:`,
        '    try:',
        "        seen.append('READ ' + open(p, 'rb').read(40).hex())",
        '    except OSError as e:',
        "        seen.append('NO ' + type(e).__name__)",
        "print(' '.join(seen), file=sys.stderr)",
        'sys.exit(1)',
      ].join('\n');
      const done = await (
        await event.contestant.upload(ada, { fileName: 'spy.py', bytes: strToU8(spy) })
      ).built;
      if (done.status.state !== 'smoke-failed') throw new Error(JSON.stringify(done.status));
      expect(done.status.smoke.verdict).toContain(
        '"NO FileNotFoundError NO FileNotFoundError NO FileNotFoundError NO FileNotFoundError"',
      );
    },
  );

  it('disqualifying a version takes it out of play; re-admitting gives it back', () => {
    expect(event.organiser.disqualify(ids['ada2']!, 'copied').disqualified?.reason).toBe('copied');
    expect(event.contestant.status(ada).playing).toBeNull();
    expect(event.organiser.readmit(ids['ada2']!).status.state).toBe('working');
    expect(event.contestant.status(ada).playing).toBe(ids['ada2']);
  });

  it('the deadline locks uploads with the reason; the final plays the locked versions', async () => {
    expect((await refused(() => event.organiser.runFinal())).code).toBe('conflict');
    expect(event.contestant.competitions(ada).map((c) => c.kind)).toEqual(['test']);
    time.set('2026-05-01T16:00:00Z');
    expect(event.organiser.lockState()).toMatchObject({ state: 'locked', by: 'deadline' });
    const late = await refused(() =>
      event.contestant.upload(bob, { fileName: 'bot.py', bytes: bot6561('too late') }),
    );
    expect(late.code).toBe('locked');
    expect(late.message).toBe('uploads are closed: the upload deadline (2026-05-01T16:00:00Z) has passed');
    expect(event.contestant.versions(bob)).toHaveLength(2);
    const final = await event.organiser.runFinal();
    expect(final.state).toBe('done');
    expect(final.entrants.map((e) => e.submission)).toEqual([ids['ada2'], ids['bob2']]);
    const standings = event.organiser.standings(final.id);
    expect(standings.stages.map((s) => s.stage)).toEqual(['swiss', 'final']);
    expect(standings.rows.map((r) => r.name).sort()).toEqual(['Ada', 'Bob']);
    expect(event.organiser.games(final.id)).toHaveLength(4);
    // Contestants see the final once it is over.
    expect(event.contestant.competitions(bob).map((c) => c.kind)).toEqual(['test', 'final']);
    expect(event.contestant.standings(bob, final.id).rows).toHaveLength(2);
  });

  it('a lock by hand refuses uploads with its own reason, before the deadline too', async () => {
    time.set('2026-05-01T12:00:00Z');
    expect(event.organiser.lockState().state).toBe('open');
    event.organiser.setLocked(true);
    const r = await refused(() => event.contestant.upload(ada, { fileName: 'bot.py', bytes: bot6561('x') }));
    expect(r.message).toBe('uploads are closed: the organiser has locked submissions');
    expect(event.organiser.setLocked(false).state).toBe('open');
  });
});
