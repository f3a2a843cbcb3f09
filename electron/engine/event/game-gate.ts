/**
 * Keeps an event's builds out of its games' way: no build or smoke test runs while a game of a
 * competition is being played. Running beside a game on the judge's thread, a build cost that game's
 * bots their time: each process it started stalled the thread 30-110 ms (a fork of a large process),
 * a Python shim's lookup 300 ms, its smoke test refereed a game of its own, and the bench's test
 * competition went from 1.6-6.4 late turns in 1000 without contestants to 311-581 while 30 uploaded.
 *
 * So they take turns. A build waits until no game is in progress; a game that would start while a
 * build waits or runs waits for that build; after a build the waiting games go first, so builds and
 * games alternate (one build in each gap between games, every gap while games keep coming) and neither
 * starves the other. Turns are handed over synchronously: whoever is let in holds its place before any
 * other continuation runs. Outside competitions builds run at once.
 */
export class GameGate {
  #games = 0;
  #building = false;
  readonly #buildsWaiting: (() => void)[] = [];
  readonly #gamesWaiting: (() => void)[] = [];

  /** Games in progress now. */
  get games(): number {
    return this.#games;
  }

  /** Resolves once the game may start; the caller must call {@link afterGame} when it has ended. */
  beforeGame(): Promise<void> {
    if (!this.#building && this.#buildsWaiting.length === 0) {
      this.#games += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#gamesWaiting.push(resolve));
  }

  /** A game let in by {@link beforeGame} has ended (also when it failed). */
  afterGame(): void {
    this.#games -= 1;
    if (this.#games === 0) this.#admitBuild();
  }

  /** Resolves once a build may run; the caller must call {@link afterBuild} when it has ended. */
  beforeBuild(): Promise<void> {
    if (this.#games === 0 && !this.#building && this.#gamesWaiting.length === 0) {
      this.#building = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#buildsWaiting.push(resolve));
  }

  /** A build let in by {@link beforeBuild} has ended (also when it failed). */
  afterBuild(): void {
    this.#building = false;
    if (this.#gamesWaiting.length > 0) {
      const games = this.#gamesWaiting.splice(0);
      this.#games += games.length;
      for (const start of games) start();
    } else this.#admitBuild();
  }

  /** Runs `play` as one game (see {@link beforeGame}). */
  game<T>(play: () => Promise<T>): Promise<T> {
    return turn(this.beforeGame(), play, () => this.afterGame());
  }

  /** Runs `work` as one build (see {@link beforeBuild}). */
  build<T>(work: () => Promise<T>): Promise<T> {
    return turn(this.beforeBuild(), work, () => this.afterBuild());
  }

  #admitBuild(): void {
    if (this.#building) return;
    const next = this.#buildsWaiting.shift();
    if (next) {
      this.#building = true;
      next();
    }
  }
}

/** Waits for `admitted`, runs `work`, then `done` whatever happened. */
async function turn<T>(admitted: Promise<void>, work: () => Promise<T>, done: () => void): Promise<T> {
  await admitted;
  try {
    return await work();
  } finally {
    done();
  }
}
