// Run by event-crash.test.ts as its own process, to be killed with SIGKILL mid-build: creates an event in
// argv[2], uploads an archive whose build sleeps until the Unix time argv[3], prints the version's id.
import { strToU8, zipSync } from 'fflate';
import { EventService } from '../../../electron/engine/event/service.ts';
import { bot6561, options, SETTINGS } from './event-helpers.ts';

const [folder = '', until = '0'] = process.argv.slice(2);
const event = EventService.create(
  SETTINGS,
  options(folder, () => new Date('2026-05-01T10:00:00Z')),
);
const code = event.organiser.addContestants(['Kim'])[0]?.code ?? '';
const up = await event.contestant.upload(code, {
  fileName: 'kim.zip',
  bytes: zipSync({ 'bot.py': bot6561('kim'), 'notes.txt': strToU8('v1\n') }),
  buildCommand: `[ "$(date +%s)" -ge ${Number(until)} ] || sleep 60`,
  runCommand: 'python3 bot.py',
});
process.stdout.write(`${up.submission.id}\n`);
await up.built;
