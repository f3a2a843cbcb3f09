// Records a golden playthrough of one game as JSON on stdout:
//   node test/helpers/record-golden.ts <game-id> <seed> [--random SHARE] [--board STRING] [--note TEXT]
// The game is played by the takeover player mixed with seeded random legal moves (SHARE, default 0.3).
// Save the output as shared/games/<game-id>/golden/<name>.json; the tests then replay it line for line.
import { parseArgs } from 'node:util';
import type { AnyGameModule } from '../../shared/games/types.ts';
import { playOut } from './playout.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { random: { type: 'string' }, board: { type: 'string' }, note: { type: 'string' } },
});
const [id, seedText] = positionals;
if (!id || !seedText || !/^\d+$/.test(seedText)) {
  process.stderr.write(
    'usage: node test/helpers/record-golden.ts <game-id> <seed> [--random SHARE] [--board STRING]\n',
  );
  process.exit(2);
}
const module = (await import(`../../shared/games/${id}/index.ts`)) as Record<string, unknown>;
const game = Object.values(module).find(
  (v): v is AnyGameModule => typeof v === 'object' && v !== null && 'info' in v,
);
if (!game) throw new Error(`shared/games/${id}/index.ts exports no game module`);
const played = playOut(game, Number(seedText), {
  randomShare: values.random === undefined ? 0.3 : Number(values.random),
  ...(values.board === undefined ? {} : { board: values.board }),
});
if (!played) throw new Error('the game did not end');
const { plies: _plies, ...rest } = played;
const golden = { game: id, note: values.note ?? `seed ${seedText}, takeover and random moves`, ...rest };
process.stdout.write(`${JSON.stringify(golden, null, 1)}\n`);
