import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import { findGameSample, sampleMatchBot } from '../../../electron/engine/bots/sample-match-bot.ts';
import { playMatch } from '../../../electron/engine/play-match.ts';
import { DEFAULT_LIMITS } from '../../../electron/engine/process/index.ts';
import type { GameRecord } from '../../../electron/engine/record/schema.ts';
import { packRecord } from '../../../electron/engine/store/record-codec.ts';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import { outcomeOf } from '../../../electron/engine/tournament/outcome.ts';
import { gameDriver } from '../../../shared/games/driver.ts';
import { gameModule } from '../../../shared/games/registry.ts';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import { figure, heading, num, round3 } from '../lib/format.ts';
import type { BenchContext, PartResult, Target } from '../lib/section.ts';
import { summarize } from '../lib/stats.ts';

/**
 * The issue's target: a Flit game in at most 1 MiB of store. CodeCup's final at full size is 17,190 games
 * (codecup-final.ts); at 1 MiB each, a Flit event that size is 18 GB, which a laptop holds (at 17 MB a game,
 * as records were stored before, it was 290 GB).
 */
const TARGET_BYTES = 1024 * 1024;
const KIB = 1024;
const SEATS = ['g1', 'r1', 'g2', 'r2'] as const;

/** CPU time of `fn` in this process (ms): user and system, all threads (zstd runs on this one). */
function cpuMs(fn: () => unknown): number {
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** The moves alone, each as the bare text line it was played as: what any record must keep. */
const movesText = (record: GameRecord): number =>
  record.moves.reduce((sum, m) => sum + Buffer.byteLength(m.line) + 1, 0);

/** The store file's size once its WAL is checkpointed into it (bytes). */
const fileBytes = (path: string): number => statSync(path).size;

/**
 * Stored bytes per Flit game: `games` real Flit games between the sample bots (greedy, random, greedy,
 * random), played through the real judge as `jury play` plays them (processes, confinement, official
 * timing) and stored through the real store (`finishGame`: checked, packed, one transaction), measured as
 * the store file's growth per game beside the floor of the moves alone as bare text lines. INFO rows: the
 * same records as the JSON text stored before schema version 3, and the CPU of packing one against the
 * `JSON.stringify` it replaced.
 */
export async function measureFlitRecord(ctx: BenchContext, games: number): Promise<PartResult> {
  ctx.log(heading(`flit-record: ${games} real Flit games of the sample bots through the real store`));
  const dir = mkdtempSync(join(tmpdir(), 'jury-bench-flit-record-'));
  try {
    const path = join(dir, 'flit.sqlite');
    const participants = SEATS.map((id) => ({ id, name: id, command: null, executableHash: null }));
    const schedule: ScheduledGame[] = Array.from({ length: games }, (_, index) => ({
      index,
      stage: 'main',
      round: 1,
      seats: [...SEATS],
      seed: 1000 + index,
      board: null,
      match: `m${index}`,
    }));
    const created = TournamentStore.create(path, { seed: 1, config: { game: 'flit' }, participants });
    created.addScheduled(schedule);
    created.close();
    const emptyBytes = fileBytes(path);

    const launcher = processLauncher();
    const bots = SEATS.map((id) => {
      const sample = findGameSample('flit', id.startsWith('g') ? 'greedy' : 'random');
      if (!sample) throw new Error('Flit has no sample bots');
      return sampleMatchBot(sample, id);
    });
    const store = TournamentStore.open(path);
    const per = { json: [] as number[], floor: [] as number[], turns: [] as number[] };
    const cpu = { pack: [] as number[], stringify: [] as number[] };
    try {
      for (const game of schedule) {
        const record = await playMatch(
          { game: gameModule('flit'), bots, seed: game.seed, timing: 'official', limits: DEFAULT_LIMITS },
          launcher,
        );
        per.json.push(Buffer.byteLength(JSON.stringify(record)));
        per.floor.push(movesText(record));
        per.turns.push(record.moves.length);
        cpu.stringify.push(cpuMs(() => JSON.stringify(record)));
        cpu.pack.push(cpuMs(() => packRecord(record)));
        store.finishGame(game.index, outcomeOf(game, record), record);
        ctx.log(
          `  game ${game.index + 1}: ${record.moves.length} turns, ${record.end.kind}; JSON ${figure(per.json.at(-1)! / KIB)} KiB`,
        );
      }
    } finally {
      // Closing the last connection checkpoints the WAL into the file.
      store.close();
    }
    const db = new DatabaseSync(path, { readOnly: true });
    const packed = Number(db.prepare('SELECT sum(length(packed)) AS n FROM records').get()?.['n']);
    db.close();

    const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
    const stored = (fileBytes(path) - emptyBytes) / games;
    const floor = mean(per.floor);
    const turns = mean(per.turns);
    const declared = gameDriver('flit').storedBytes;
    const packCpu = summarize(cpu.pack).p50;
    const stringifyCpu = summarize(cpu.stringify).p50;
    const fullGame = (bytes: number): string => `${figure(((bytes / turns) * 32768) / KIB)} KiB`;
    const targets: Target[] = [
      {
        name: 'Flit game record, stored bytes per game',
        measured: round3(stored / KIB),
        floor: round3(floor / KIB),
        unit: 'KiB',
        ratio: Math.round((stored / floor) * 100) / 100,
        goal: '≤ 1,024 KiB a game (CodeCup final size, 17,190 games: ≤ 18 GB)',
        pass: stored <= TARGET_BYTES,
        note:
          `floor: the moves alone as bare text lines; ${games} games of ${num(turns, 0)} turns on average ` +
          `(32,768 turns: ${fullGame(stored)}); the packed records alone ${figure(packed / games / KIB)} KiB; ` +
          `declared in Flit's registration: ${declared === null ? 'nothing' : `${figure(declared / KIB)} KiB`}`,
      },
      {
        name: 'Flit game record as JSON text (stored so before schema version 3), bytes per game',
        measured: round3(mean(per.json) / KIB),
        floor: round3(floor / KIB),
        unit: 'KiB',
        ratio: Math.round((mean(per.json) / floor) * 100) / 100,
        goal: 'none',
        pass: null,
        note: `32,768 turns: ${fullGame(mean(per.json))}; packed it is ${num(mean(per.json) / stored, 1)}× smaller`,
      },
      {
        name: 'Flit game record, packing CPU per game (p50)',
        measured: round3(packCpu),
        floor: round3(stringifyCpu),
        unit: 'ms',
        ratio: Math.round((packCpu / stringifyCpu) * 100) / 100,
        goal: 'none',
        pass: null,
        note: 'floor: JSON.stringify of the same record, which the store did before',
      },
    ];
    return {
      figures: {
        games,
        turnsPerGame: round3(turns),
        storedBytesPerGame: Math.round(stored),
        packedBytesPerGame: Math.round(packed / games),
        jsonBytesPerGame: Math.round(mean(per.json)),
        movesTextBytesPerGame: Math.round(floor),
        packCpuMs: round3(packCpu),
        stringifyCpuMs: round3(stringifyCpu),
      },
      targets,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
