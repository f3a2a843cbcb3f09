import type { SameTexts } from './message.ts';

/**
 * The board texts every game shares, in English and Dutch, under the key `board.`: the board's label, the
 * line that says how a game ended (one text per kind of {@link GameEnd}), a seat with its player, and the
 * note shown when a stored state cannot be drawn. The texts of one game live in its folder (`texts.ts`).
 */

const en = {
  label: '{game} board, ply {ply}',
  seat: 'seat {n}',
  seatWithPlayer: '{seat} · {player}',
  cannotShow: 'Cannot show this board.',
  over: 'Game over: {end}',
  end: {
    allHome: 'all pieces reached their target corners',
    turnLimitRush: 'turn limit reached; unfinished players rushed home',
    stuckRush: '{seat} had no legal move; unfinished players rushed home',
    stuckCutoff: '{seat} had no legal move; remaining distances were added',
    moveCutoff: 'cut off after {moves} moves; remaining distances were added',
    moveLimit: 'move limit of {moves} reached',
    noValidMove: '{seat} had no valid move',
    allPassed: 'all four bots did not move in a row',
    outOfReach: '{seat} could no longer be caught',
    refereeReport: 'the referee reported the result ({message})',
    refereeFailed: {
      badReport: 'no result: the referee wrote a report Jury cannot read',
      protocol: 'no result: the referee broke the Caia protocol',
      exited: 'no result: the referee ended before it reported',
      watchdog: 'no result: the referee took too long and was stopped',
      aborted: 'no result: the game was stopped',
    },
  },
} as const;

const nl: SameTexts<typeof en> = {
  label: '{game}-bord, zet {ply}',
  seat: 'plaats {n}',
  seatWithPlayer: '{seat} · {player}',
  cannotShow: 'Dit bord kan niet worden getoond.',
  over: 'Partij afgelopen: {end}',
  end: {
    allHome: 'alle stukken hebben hun doelhoek bereikt',
    turnLimitRush: 'beurtlimiet bereikt; wie nog niet klaar was, ging rechtstreeks naar huis',
    stuckRush: '{seat} had geen reglementaire zet; wie nog niet klaar was, ging rechtstreeks naar huis',
    stuckCutoff: '{seat} had geen reglementaire zet; de resterende afstanden zijn opgeteld',
    moveCutoff: 'afgebroken na {moves} zetten; de resterende afstanden zijn opgeteld',
    moveLimit: 'limiet van {moves} zetten bereikt',
    noValidMove: '{seat} had geen geldige zet',
    allPassed: 'alle vier de bots pasten achter elkaar',
    outOfReach: '{seat} was niet meer in te halen',
    refereeReport: 'de scheidsrechter gaf de uitslag door ({message})',
    refereeFailed: {
      badReport: 'geen uitslag: Jury kan het verslag van de scheidsrechter niet lezen',
      protocol: 'geen uitslag: de scheidsrechter hield zich niet aan het Caia-protocol',
      exited: 'geen uitslag: de scheidsrechter stopte voordat hij de uitslag doorgaf',
      watchdog: 'geen uitslag: de scheidsrechter deed er te lang over en is gestopt',
      aborted: 'geen uitslag: de partij is afgebroken',
    },
  },
};

/** The shared board texts by language; the renderer merges them under `board.`. */
export const boardTexts = { en, nl } as const;

/** The English texts' shape, for typed keys (see board-view.ts). */
export type BoardTextTree = typeof en;
