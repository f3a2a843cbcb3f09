/** Texts of the bracket area (English and Dutch). */
export default {
  en: {
    bracket: {
      knockoutTitle: 'Knockout bracket',
      overviewTitle: 'Rounds',
      empty: 'No games are scheduled yet. Start the tournament to fill the bracket.',
      hint: 'Click a match to see its games.',
      bye: 'Bye',
      byeSlot: 'bye',
      pending: 'Waiting for the players',
      playing: 'Playing…',
      games: '{finished} of {total} games',
      openMatch: 'Open the games of {top} against {bottom}',
      champion: 'Champion',
      rounds: {
        final: 'Final',
        semi: 'Semi-finals',
        quarter: 'Quarter-finals',
        round: 'Round {round}',
      },
    },
  },
  nl: {
    bracket: {
      knockoutTitle: 'Knock-outschema',
      overviewTitle: 'Rondes',
      empty: 'Er zijn nog geen partijen ingepland. Start het toernooi om het schema te vullen.',
      hint: 'Klik op een wedstrijd om de partijen ervan te zien.',
      bye: 'Vrij',
      byeSlot: 'vrij',
      pending: 'Wacht op de spelers',
      playing: 'Bezig…',
      games: '{finished} van {total} partijen',
      openMatch: 'De partijen van {top} tegen {bottom} openen',
      champion: 'Winnaar',
      rounds: {
        final: 'Finale',
        semi: 'Halve finales',
        quarter: 'Kwartfinales',
        round: 'Ronde {round}',
      },
    },
  },
};
