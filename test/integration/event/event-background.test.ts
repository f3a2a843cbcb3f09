import { availableParallelism } from 'node:os';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EventService } from '../../../electron/engine/event/service.ts';
import { backgroundCores } from '../../../electron/engine/play-match.ts';
import { bot6561, clock, eventFolder, options, SETTINGS } from './event-helpers.ts';

/**
 * An event's builds never take the cores or the priority of its games (issue 26: uploads never delay
 * the judge's moves): a build runs at nice 19, pinned to the cores a competition's games leave. The
 * build command reports both from inside the sandbox, and the log the contestant sees shows them.
 */
describe.runIf(process.platform === 'linux')('builds as background work', () => {
  it('a build runs at the lowest priority, on the cores the games leave', async () => {
    const place = eventFolder();
    const time = clock('2026-05-01T10:00:00Z');
    // One game at a time: on 2 cores the games get core 1 and builds core 0.
    const event = EventService.create(SETTINGS, options(place.folder, time.now, { concurrency: 1 }));
    try {
      const code = event.organiser.addContestants(['Ann'])[0]!.code;
      const upload = await event.contestant.upload(code, {
        fileName: 'bot.zip',
        bytes: zipSync({ 'bot.py': bot6561('x'), 'note.txt': strToU8('hi') }),
        runCommand: 'python3 bot.py',
        buildCommand:
          'awk \'{print "nice=" $19}\' /proc/self/stat && grep Cpus_allowed_list /proc/self/status',
      });
      const built = await upload.built;
      const log = 'log' in built.status ? built.status.log : '';
      expect(log).toMatch(/^nice=19$/m);
      const cores = backgroundCores(1, availableParallelism());
      const allowed = /^Cpus_allowed_list:\s*(\S+)$/m.exec(log)?.[1];
      if (cores === null) expect(allowed).toBeDefined();
      else expect(allowed).toBe(cores.length === 1 ? `${cores[0]}` : `${cores[0]}-${cores.at(-1)}`);
      expect(built.status.state).toBe('working');
    } finally {
      await event.close();
      place.remove();
    }
  });
});
