/** What the wall's order needs of a frame. */
export interface WallCard {
  readonly game: number;
  readonly done: boolean;
}

/**
 * The order of the live wall's cards: the running games first, in game order, then the finished ones
 * (which stay a few seconds with their result) in the order they finished, `finishedAt` giving each
 * finished game's turn. Running boards are what a user watches, so a finished card never stands before
 * them: sorted by game alone, the finished games (the earlier ones) filled the top of the wall and
 * pushed the running boards below the fold (issue 29). A finished game without a turn goes last.
 */
export function wallOrder<F extends WallCard>(
  frames: Iterable<F>,
  finishedAt: ReadonlyMap<number, number>,
): F[] {
  const running: F[] = [];
  const finished: F[] = [];
  for (const frame of frames) (frame.done ? finished : running).push(frame);
  running.sort((a, b) => a.game - b.game);
  const turn = (f: F): number => finishedAt.get(f.game) ?? Number.MAX_SAFE_INTEGER;
  finished.sort((a, b) => turn(a) - turn(b) || a.game - b.game);
  return [...running, ...finished];
}
