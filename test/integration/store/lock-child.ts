// A child process for the run-lock tests: it opens the store at argv[2] for a run (holder argv[3]) and
// prints `got` or `refused <message>`. Holding, it waits argv[4] ms, then closes the store (`close`) or
// exits without closing it (`exit`), which must still let go of the lock.
import { StoreError } from '../../../electron/engine/store/errors.ts';
import { TournamentStore } from '../../../electron/engine/store/store.ts';

const [path, holder, holdText, end] = process.argv.slice(2);
if (!path || !holder || !holdText || (end !== 'close' && end !== 'exit')) {
  throw new Error('usage: lock-child.ts STORE HOLDER HOLD_MS close|exit');
}
let store: TournamentStore;
try {
  store = TournamentStore.open(path, { lock: holder });
} catch (e) {
  if (!(e instanceof StoreError)) throw e;
  process.stdout.write(`refused ${e.code}: ${e.message}\n`);
  process.exit(0);
}
process.stdout.write('got\n');
setTimeout(() => {
  if (end === 'close') store.close();
  process.exit(0);
}, Number(holdText));
