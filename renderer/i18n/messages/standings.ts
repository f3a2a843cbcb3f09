/** Texts of the standings area (English and Dutch). */
export default {
  en: {
    standings: {
      title: 'Standings',
      stage: 'Stage',
      allStages: 'Whole event',
      tableCaption: 'Standings, sortable by every column',
      noGames: 'No games have finished yet. The table fills in as results come in.',
      legend:
        'Ties are broken by fewer irregular losses, then head-to-head points, then the opponents’ average. Click a column to sort by it.',
      ratingHint: 'The rating with its 95% interval (±)',
      columns: {
        rank: 'Rank',
        name: 'Bot',
        points: 'Points',
        games: 'Games',
        average: 'Average',
        irregular: 'Irregular',
        rating: 'Rating',
        elo: 'Elo ± 95%',
        skill: 'Skill ± 95%',
      },
      crosstable: {
        title: 'Crosstable',
        caption: 'Points of the row bot against the column bot',
        cellTitle: '{bot} against {opponent}: {games} games, {wins} won, {draws} drawn, {losses} lost',
      },
      seats: {
        title: 'Points per seat',
        caption: 'Average points per game in each seat, with the number of games',
        seat: 'Seat {seat}',
        overall: 'All bots',
      },
      time: {
        title: 'Thinking time',
        caption: 'Time charged per bot',
        moves: 'Moves',
        meanMove: 'Mean per move',
        maxMove: 'Slowest move',
        meanGame: 'Mean per game',
        maxGame: 'Most in a game',
        closest: 'Closest call',
        closestHint: 'The most of the time limit used in one game (or by one move, for a limit per move)',
        openGame: 'Open game {game}',
      },
      chart: {
        title: 'Points per round',
        label: 'Chart of every bot’s cumulative points after each round',
        round: 'R{round}',
        points: 'Points',
      },
    },
  },
  nl: {
    standings: {
      title: 'Stand',
      stage: 'Fase',
      allStages: 'Hele toernooi',
      tableCaption: 'Stand, te sorteren op elke kolom',
      noGames: 'Er is nog geen partij afgelopen. De tabel vult zich zodra er uitslagen zijn.',
      legend:
        'Bij gelijke stand beslissen eerst minder onreglementaire nederlagen, dan de onderlinge punten, dan het gemiddelde van de tegenstanders. Klik op een kolom om erop te sorteren.',
      ratingHint: 'De rating met het 95%-interval (±)',
      columns: {
        rank: 'Plaats',
        name: 'Bot',
        points: 'Punten',
        games: 'Partijen',
        average: 'Gemiddelde',
        irregular: 'Onreglementair',
        rating: 'Rating',
        elo: 'Elo ± 95%',
        skill: 'Sterkte ± 95%',
      },
      crosstable: {
        title: 'Kruistabel',
        caption: 'Punten van de bot in de rij tegen de bot in de kolom',
        cellTitle:
          '{bot} tegen {opponent}: {games} partijen, {wins} gewonnen, {draws} gelijk, {losses} verloren',
      },
      seats: {
        title: 'Punten per plaats aan tafel',
        caption: 'Gemiddelde punten per partij op elke plaats, met het aantal partijen',
        seat: 'Plaats {seat}',
        overall: 'Alle bots',
      },
      time: {
        title: 'Denktijd',
        caption: 'Gerekende tijd per bot',
        moves: 'Zetten',
        meanMove: 'Gemiddeld per zet',
        maxMove: 'Traagste zet',
        meanGame: 'Gemiddeld per partij',
        maxGame: 'Meeste in één partij',
        closest: 'Krapste marge',
        closestHint:
          'Het grootste deel van de tijdslimiet dat in één partij (of bij een limiet per zet: door één zet) is gebruikt',
        openGame: 'Partij {game} openen',
      },
      chart: {
        title: 'Punten per ronde',
        label: 'Grafiek van de opgetelde punten van elke bot na elke ronde',
        round: 'R{round}',
        points: 'Punten',
      },
    },
  },
};
