import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describeFailure } from '../../../electron/engine/referee/failure.ts';
import { TournamentStore } from '../../../electron/engine/store/store.ts';

// A contestant as organisers have them: a Python script run by `python3` (here a pyenv shim, the way
// users type it), playing 6561 legally (the first empty field, the first slide that changes the board).
// Before its first line it tries to read every file of its working folder and says on stderr what it
// could read: `peek {"name": "ok <bytes>" | "<error>"}`, so a test sees whether the store was hidden.

/** The bot's source. */
export const CAROL_PY = `import json, os, sys

def peek():
    seen = {}
    for name in sorted(os.listdir('.')):
        try:
            with open(name, 'rb') as f:
                seen[name] = 'ok %d' % len(f.read())
        except OSError as e:
            seen[name] = os.strerror(e.errno) if e.errno else str(e)
    sys.stderr.write('peek ' + json.dumps(seen) + '\\n')
    sys.stderr.flush()

RHYTHM = ['B', 'R', 'G', None, None, 'B', 'R', 'G', None, None]
board = [[None] * 4 for _ in range(4)]
moves = 0

def line_cells(d, i):
    if d == 'U': return [(r, i) for r in range(4)]
    if d == 'D': return [(r, i) for r in range(3, -1, -1)]
    if d == 'L': return [(i, c) for c in range(4)]
    return [(i, c) for c in range(3, -1, -1)]

def slid(d):
    out = [row[:] for row in board]
    for i in range(4):
        cells = line_cells(d, i)
        pieces = [board[r][c] for r, c in cells if board[r][c] is not None]
        merged, k = [], 0
        while k < len(pieces):
            if k + 1 < len(pieces) and pieces[k][1] == pieces[k + 1][1]:
                if pieces[k][0] == pieces[k + 1][0]:
                    merged.append((pieces[k][0], pieces[k][1] * 3))
                k += 2
            else:
                merged.append(pieces[k])
                k += 1
        for j, (r, c) in enumerate(cells):
            out[r][c] = merged[j] if j < len(merged) else None
    return out

def apply(move):
    global board, moves
    colour = RHYTHM[moves % 10]
    if colour is None:
        board = slid(move)
    else:
        board[int(move[0]) - 1][int(move[1]) - 1] = (colour, 1)
    moves += 1

def choose():
    if RHYTHM[moves % 10] is None:
        return next(d for d in 'UDLR' if slid(d) != board)
    return next('%d%d' % (r + 1, c + 1) for r in range(4) for c in range(4) if board[r][c] is None)

def play():
    move = choose()
    apply(move)
    print(move, flush=True)

peek()
seat = sys.stdin.readline().strip()
if seat == 'A':
    play()
for line in sys.stdin:
    line = line.strip()
    if line == 'Quit':
        break
    apply(line)
    play()
`;

/** Writes the bot to `path` (its folders made, readable by the bots' own users when Jury is root). */
export function writeCarol(path: string): string {
  mkdirSync(dirname(path), { recursive: true, mode: 0o755 });
  writeFileSync(path, CAROL_PY, { mode: 0o644 });
  chmodSync(dirname(path), 0o755);
  return path;
}

/** A 6561 round robin of a program bot (its definition as the config names it) and the greedy sample. */
export function pythonEvent(name: string, carol: object): object {
  return {
    format: 'jury-tournament',
    version: 1,
    name,
    game: '6561',
    seed: 7,
    schedule: { kind: 'round-robin' },
    bots: [
      { name: 'Carol', ...carol },
      { name: 'Greedy', sample: 'greedy' },
    ],
    timing: { mode: 'cpu' },
  };
}

/** Per finished game of a store: Carol's status, its failure if any, and what it could read. */
export function carolGames(db: string): {
  status: string;
  failure: string | null;
  peek: Record<string, string> | null;
  stderr: string;
  command: readonly string[];
}[] {
  const store = TournamentStore.open(db, { readOnly: true });
  try {
    return store.outcomes().map((o) => {
      const record = store.record(o.index);
      const seat = record?.seats[o.seats.indexOf('carol')];
      const line = seat?.stderr.full.split('\n').find((l) => l.startsWith('peek '));
      const failure = seat?.failure;
      return {
        status: seat?.status ?? 'none',
        failure: failure ? describeFailure(failure) : null,
        peek: line === undefined ? null : (JSON.parse(line.slice(5)) as Record<string, string>),
        stderr: seat?.stderr.shown ?? '',
        command: seat?.command ?? [],
      };
    });
  } finally {
    store.close();
  }
}
