import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findExecutable } from '../../../electron/engine/process/executables.ts';
import { juryIn } from './jury-process.ts';
import { carolGames, pythonEvent, writeCarol } from './python-bot.ts';

// JURY_SANDBOX=none as root: each bot still runs as a user of its own, which sees the host's files as
// "others" do. A bot whose script lies under a folder only root may enter is refused before anything is
// created, with the fix; once the way is open it plays, still as its own user.

const root = mkdtempSync(join(tmpdir(), 'jury-sandbox-none-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const asRoot = process.getuid?.() === 0;
const python = findExecutable('python3', '/', { PATH: '/usr/bin:/bin' });

describe.runIf(asRoot && python !== null)('JURY_SANDBOX=none as root', () => {
  it('refuses a bot under a folder closed to others, naming it and the fix; plays once it is open', async () => {
    chmodSync(root, 0o700); // like /root, or pyenv's python3 under it
    const club = join(root, 'club');
    writeCarol(join(club, 'carol.py'));
    writeFileSync(
      join(club, 'club.json'),
      JSON.stringify(pythonEvent('None', { executable: python, args: ['carol.py'] })),
    );
    const run = () =>
      juryIn({ cwd: club, env: { JURY_SANDBOX: 'none' } }, 'run', 'club.json', '--db', 'none.sqlite');
    const refused = await run();
    expect(refused.code, refused.err).toBe(2);
    expect(refused.err).toContain(`${join(club, 'carol.py')} cannot be reached by the bot's own user (uid `);
    expect(refused.err).toContain(`${root} is closed to others.`);
    expect(refused.err).toContain('chmod o+x');
    expect(existsSync(join(club, 'none.sqlite'))).toBe(false);

    chmodSync(root, 0o755);
    const played = await run();
    expect(played.code, played.err).toBe(0);
    expect(carolGames(join(club, 'none.sqlite')).map((g) => g.status)).toEqual(['OK', 'OK']);
  }, 60_000);
});
