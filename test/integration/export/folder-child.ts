// A child process for the atomic folder test: it writes argv[3] files into the folder argv[2] through
// writeFolderAtomic, one every 20 ms, printing `wrote N` after each, so the parent can kill it part-way.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeFolderAtomic } from '../../../electron/engine/atomic-file.ts';

const [path, countText] = process.argv.slice(2);
if (!path || !countText) throw new Error('usage: folder-child.ts FOLDER COUNT');
await writeFolderAtomic(path, async (dir) => {
  for (let i = 1; i <= Number(countText); i++) {
    await writeFile(join(dir, `game-${i}.txt`), `new ${i}\n`);
    process.stdout.write(`wrote ${i}\n`);
    await sleep(20);
  }
});
process.stdout.write('done\n');
