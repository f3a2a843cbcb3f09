import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Prng } from '../../random/prng.ts';
import { importedGameFacts } from '../../games/imported.ts';
import { fromOutcomes } from '../ranking/totals.ts';
import { statusWords } from '../results/results.ts';
import { codecupEvent } from './event.ts';
import { parseCodecupCsv } from './parse.ts';

const SAMPLE = new URL('../../../test/fixtures/codecup/competition-sample.csv', import.meta.url);
const sample = readFileSync(SAMPLE, 'utf8');
// Names with blanks around them, Box's statuses by the draw score, rows that contradict the scores.
const quirks = readFileSync(
  new URL('../../../test/fixtures/codecup/published-quirks.csv', import.meta.url),
  'utf8',
);
const HEADER = 'Game,Round,IsSwiss,Player,User,Score,Status';

/** The event of `text`, or its error message. */
function read(text: string): string | ReturnType<typeof codecupEvent> {
  const rows = parseCodecupCsv(text);
  if (!rows.ok) return rows.error.message;
  const event = codecupEvent(rows.value);
  return event.ok ? event : event.error.message;
}

const file = (...rows: string[]): string => [HEADER, ...rows, ''].join('\n');
const game = (n: number, round: number, stage: string, a: string, b: string, sa: number, sb: number) => {
  const word = (x: number, y: number) => (x > y ? 'WIN' : x < y ? 'LOSE' : 'DRAW');
  return [
    `${n},${round},${stage},"Player 1","${a}",${sa},${word(sa, sb)}`,
    `${n},${round},${stage},"Player 2","${b}",${sb},${word(sb, sa)}`,
  ];
};

describe("CodeCup's result file", () => {
  it('reads the published sample: players from User, stages from IsSwiss, CodeCup numbers and rounds', () => {
    const event = read(sample);
    if (typeof event === 'string' || !event.ok) throw new Error(String(event));
    const e = event.value;
    expect(e.game).toBe('codecup-import-2');
    expect(e.scheduled).toHaveLength(62);
    expect(e.participants).toHaveLength(48);
    expect(e.participants[0]).toEqual({ id: 'p1', name: 'Contestant 1' });
    expect(e.gameNumbers.slice(0, 2)).toEqual([296165, 296166]);
    // Scheduled as played: the Swiss rounds in order (the file ends with games of rounds 2 and 4), then
    // the final; the file's order is kept for the export.
    expect(e.scheduled.map((g) => `${g.stage}/${g.round}`).slice(29, 33)).toEqual([
      'swiss/1',
      'swiss/2',
      'swiss/4',
      'final/12',
    ]);
    expect(e.scheduled[32]).toMatchObject({ stage: 'final', round: 12, seats: ['p31', 'p1'] });
    expect([e.gameNumbers[30], e.fileOrder[30], e.fileOrder[32]]).toEqual([296280, 60, 30]);
    // Game 296830: Contestant 30 made an illegal move and scored 0.
    const illegal = e.outcomes[e.gameNumbers.indexOf(296830)];
    expect(illegal).toMatchObject({ scores: [0, 263], statuses: ['ILLEGAL', 'OK'] });
    expect([e.swissRounds, e.finalists]).toEqual([3, 30]);
  });

  it('accepts CRLF, a byte order mark, no last line end and quoted commas and quotes in names', () => {
    const text = `\uFEFF${file(...game(7, 1, 'swiss', 'Smith, ""J""', 'B', 3, 1))
      .replaceAll('\n', '\r\n')
      .trimEnd()}`;
    const event = read(text);
    if (typeof event === 'string' || !event.ok) throw new Error(String(event));
    expect(event.value.participants.map((p) => p.name)).toEqual(['Smith, "J"', 'B']);
  });

  it('names the line, the column and the field of every refusal', () => {
    const ok = game(1, 1, 'swiss', 'A', 'B', 3, 1);
    const cases: [string, string][] = [
      ['', 'line 1, column 1: the file is empty'],
      ['Game,Round\n', 'line 1, column 1: the header is "Game,Round", not CodeCup\'s ' + HEADER],
      [`${HEADER}\n`, 'line 2, column 1: the file has no rows'],
      [file('1,1,swiss,"Player 1","A,3,WIN'), 'line 2, column 22: a quoted field is never closed'],
      [
        file('1,1,swiss,"Player 1"x,"A",3,WIN'),
        'line 2, column 21: "x" after a closing quote; expected a comma',
      ],
      [file('1,1,sw"iss,"Player 1","A",3,WIN'), 'line 2, column 7: a quote inside an unquoted field'],
      [file('1,1,swiss,"Player 1","A",3'), "line 2, column 26: 6 fields; CodeCup's rows have 7"],
      [file(...ok, '', ...game(2, 1, 'swiss', 'B', 'A', 1, 1)), 'line 4, column 1: an empty line'],
      [
        file('x1,1,swiss,"Player 1","A",3,WIN'),
        'line 2, column 1 (Game): "x1" is not a game number (1 or more)',
      ],
      [
        file('1,0,swiss,"Player 1","A",3,WIN'),
        'line 2, column 3 (Round): "0" is not a round number (1 or more)',
      ],
      [file('1,1,1,"Player 1","A",3,WIN'), 'line 2, column 5 (IsSwiss): "1" is neither swiss nor final'],
      [
        file('1,1,swiss,"Alpha","A",3,WIN'),
        'line 2, column 11 (Player): "Alpha" is not a seat ("Player 1" to "Player 32")',
      ],
      [file('1,1,swiss,"Player 1","",3,WIN'), 'line 2, column 22 (User): an empty name'],
      [file('1,1,swiss,"Player 1","A",3x,WIN'), 'line 2, column 26 (Score): "3x" is not a score'],
      [
        file('1,1,swiss,"Player 1","A",3,WON'),
        'line 2, column 28 (Status): "WON" is not a status (WIN, LOSE, DRAW, TIMEOUT, ILLEGAL, CRASH, EXIT)',
      ],
      [
        file('1,1,swiss,"Player 2","A",3,WIN'),
        'line 2, column 11 (Player): game 1 must start with "Player 1"',
      ],
      [
        file(ok[0] as string, '1,2,swiss,"Player 2","B",1,LOSE'),
        'line 3, column 3 (Round): game 1 is in round 1 on line 2',
      ],
      [
        file(ok[0] as string, '1,1,final,"Player 2","B",1,LOSE'),
        'line 3, column 5 (IsSwiss): game 1 is swiss on line 2',
      ],
      [
        file(ok[0] as string, '1,1,swiss,"Player 2","A",1,LOSE'),
        'line 3, column 22 (User): already plays game 1 on line 2',
      ],
      [
        file(ok[0] as string, '1,1,swiss,"Player 3","B",1,LOSE'),
        'line 3, column 11 (Player): expected "Player 2" in game 1',
      ],
      [
        file(...ok, ...game(2, 1, 'swiss', 'B', 'A', 1, 1), ...ok),
        "line 6, column 1 (Game): game 1 began on line 2; a game's rows must be together",
      ],
      [
        file(...ok, '2,1,swiss,"Player 1","C",3,WIN'),
        'line 4, column 11 (Player): game 2 has 1 players; the first game has 2',
      ],
      [
        file('1,1,swiss,"Player 1","A",3,WIN'),
        'line 2, column 22 (User): the file names 1 player(s); an event needs at least 2',
      ],
    ];
    for (const [text, message] of cases) expect(read(text)).toBe(message);
  });

  it('seats up to "Player 4" and more: 4-player games by the same rule (a sole best wins)', () => {
    const four = (n: number, scores: number[], words: string[]) =>
      scores.map((s, i) => `${n},1,final,"Player ${i + 1}","U${(i + n) % 5}",${s},${words[i]}`);
    const event = read(
      file(
        ...four(1, [0, 0, 1, 0], ['LOSE', 'EXIT', 'WIN', 'LOSE']),
        ...four(2, [1, 1, 0, 0], ['DRAW', 'DRAW', 'LOSE', 'LOSE']),
      ),
    );
    if (typeof event === 'string' || !event.ok) throw new Error(String(event));
    expect(event.value.game).toBe('codecup-import-4');
    expect(event.value.outcomes[0]?.statuses).toEqual(['OK', 'EXIT', 'OK', 'OK']);
    expect(event.value.participants).toHaveLength(5);
  });

  it('reads a published file as published: names as written, statuses as given, contradictions named', () => {
    const event = read(quirks);
    if (typeof event === 'string' || !event.ok) throw new Error(String(event));
    const e = event.value;
    // The name is the identity: "Contestant 7" and "Contestant 7 " are two contestants.
    expect(e.participants.map((p) => p.name)).toEqual([
      'Contestant 1',
      'Contestant 7 ',
      ' Contestant 3',
      'Contestant 4',
      'Contestant 7',
    ]);
    const game = (n: number) => e.outcomes[e.gameNumbers.indexOf(n)];
    // Box: the opponent of a TIMEOUT with 0 loses with 93 and draws with 150 (its score against 150).
    expect(game(1003)).toMatchObject({
      scores: [0, 93],
      statuses: ['TIMEOUT', 'OK'],
      results: ['LOSE', 'LOSE'],
    });
    expect(game(1004)).toMatchObject({
      scores: [150, 0],
      statuses: ['OK', 'TIMEOUT'],
      results: ['DRAW', 'LOSE'],
    });
    expect(game(1006)?.results).toEqual(['WIN', 'WIN']);
    expect(game(1008)).toMatchObject({
      scores: [12, 288],
      statuses: ['ILLEGAL', 'OK'],
      results: ['LOSE', 'WIN'],
    });
    // Every status word of the file is the event's, row by row, in the file's order.
    const rows = quirks.trimEnd().split('\n').slice(1);
    const words = e.fileOrder
      .map((place, index) => [place, index] as const)
      .sort((a, b) => a[0] - b[0])
      .flatMap(([, index]) => statusWords(e.outcomes[index] as never, importedGameFacts(e.game) as never));
    expect(words).toEqual(rows.map((r) => r.split(',').at(-1)));
    // W/D/L of the ranking's totals: the published ones (Contestant 4: W1 D1 L1 in the Swiss, not W2 L1).
    const totals = fromOutcomes(e.outcomes, e.scheduled, importedGameFacts(e.game) as never);
    const swiss = totals.stages['swiss']?.bots;
    expect(swiss?.['p4']).toMatchObject({ points: 383, wins: 1, draws: 1, losses: 1 });
    expect(swiss?.['p3']).toMatchObject({
      points: 0,
      wins: 0,
      draws: 0,
      losses: 2,
      irregular: { TIMEOUT: 2 },
    });
    expect(totals.stages['final']?.bots['p4']).toMatchObject({ points: 213, wins: 1, losses: 1 });
    const rule = '(the higher score wins, equal best scores draw, a failed player loses)';
    expect(e.contradictions).toEqual([
      {
        kind: 'status',
        game: 1003,
        line: 7,
        message: `line 7, column 43 (Status): LOSE, but the scores of game 1003 give WIN ${rule}`,
      },
      {
        kind: 'status',
        game: 1004,
        line: 8,
        message: `line 8, column 44 (Status): DRAW, but the scores of game 1004 give WIN ${rule}`,
      },
      {
        kind: 'status',
        game: 1006,
        line: 13,
        message: `line 13, column 44 (Status): WIN, but the scores of game 1006 give LOSE ${rule}`,
      },
      {
        kind: 'score',
        game: 1008,
        line: 16,
        message: 'line 16, column 40 (Score): 12 for a player with ILLEGAL; a failed player scores 0',
      },
    ]);
    // The sample contradicts nothing.
    const plain = read(sample);
    expect(typeof plain !== 'string' && plain.ok && plain.value.contradictions).toEqual([]);
  });

  // Random damage to the sample: every answer is an event or a sentence naming line and column, never a throw.
  it('answers fuzzed files with a line and column, never an exception', () => {
    const prng = Prng.fromSeed(17);
    const alphabet = ['"', ',', '\n', '\r', 'x', '0', '9', ' ', '-', '.', 'é', 'W'];
    let refused = 0;
    for (let trial = 0; trial < 400; trial++) {
      let text = sample.slice(0, 600 + prng.below(2000));
      for (let edits = 1 + prng.below(3); edits > 0; edits--) {
        const at = prng.below(text.length);
        const c = alphabet[prng.below(alphabet.length)] as string;
        const kind = prng.below(3);
        text = text.slice(0, at) + (kind === 2 ? '' : c) + text.slice(kind === 0 ? at : at + 1);
      }
      const answer = read(text);
      if (typeof answer === 'string') {
        refused++;
        expect(answer).toMatch(
          /^line \d+, column \d+( \((Game|Round|IsSwiss|Player|User|Score|Status)\))?: \S/,
        );
      } else expect(answer.ok).toBe(true);
    }
    expect(refused).toBeGreaterThan(200);
  });
});
