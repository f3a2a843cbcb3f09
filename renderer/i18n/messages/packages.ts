/**
 * Texts of game packages in the app: adding and removing them (renderer/components/bots/PackagePanel.vue)
 * and the transcript board that shows a package game (renderer/boards/TranscriptBoard.vue).
 */
export default {
  en: {
    packages: {
      title: 'Game packages',
      intro:
        'A game package is a folder with a jury-game.json: a CodeCup year’s Caia referee and sample players. Its game is offered beside the built-in ones.',
      browse: 'Choose a folder…',
      path: 'Folder of a game package (or its jury-game.json)',
      pathPlaceholder: '/home/me/codecup/toy',
      submit: 'Add package',
      adding: 'Adding…',
      added: 'Added the game package {title}.',
      removed: 'Removed the game package {title}.',
      remove: 'Remove {title}',
      samples: 'Add its sample players',
      none: 'No game packages yet.',
      facts: '{players} players · {seconds} s per player · {folder}',
      dropped: 'Drop a jury-game.json to add its game package.',
      droppedBrowser:
        'In the browser, type the folder’s path as the computer running jury serve sees it: a browser cannot tell where a dropped folder is. Dropping a jury-game.json works in the desktop app.',
    },
    transcript: {
      label: 'Protocol transcript of {game}',
      referee: 'referee',
      player: 'player {n}',
      toProgram: 'to {who}',
      fromProgram: 'from {who}',
      omitted: 'one earlier line not shown | {n} earlier lines not shown',
      empty: 'No lines yet.',
      failure: '{who} got {tag}',
      refereeLog: 'The referee’s log: {file}',
    },
    refereeLog: {
      title: 'The referee’s log',
      intro: 'What the referee wrote to {file} during this game, kept beside the tournament.',
      frameTitle: 'The referee’s log {file}',
      truncated: 'Only the first 2 MB are shown; save the file to see the rest.',
      save: 'Save as file…',
      download: 'Download',
      saved: 'Saved as {path}.',
      downloaded: 'Downloaded {file}.',
      missing: {
        'not-kept': 'The referee wrote no log in this game.',
        gone: 'The log file has been removed since the game.',
        elsewhere: 'The record names a log file outside the tournament’s log folder; it is not read.',
      },
    },
  },
  nl: {
    packages: {
      title: 'Spelpakketten',
      intro:
        'Een spelpakket is een map met een jury-game.json: de Caia-scheidsrechter en voorbeeldspelers van een CodeCup-jaar. Het spel wordt naast de ingebouwde spellen aangeboden.',
      browse: 'Map kiezen…',
      path: 'Map van een spelpakket (of de jury-game.json)',
      pathPlaceholder: '/home/ik/codecup/toy',
      submit: 'Pakket toevoegen',
      adding: 'Bezig met toevoegen…',
      added: 'Spelpakket {title} toegevoegd.',
      removed: 'Spelpakket {title} verwijderd.',
      remove: '{title} verwijderen',
      samples: 'Voorbeeldspelers toevoegen',
      none: 'Nog geen spelpakketten.',
      facts: '{players} spelers · {seconds} s per speler · {folder}',
      dropped: 'Sleep een jury-game.json hierheen om het spelpakket toe te voegen.',
      droppedBrowser:
        'Typ in de browser het pad van de map zoals de computer waarop jury serve draait het ziet: een browser weet niet waar een gesleepte map staat. Een jury-game.json hierheen slepen werkt in de desktop-app.',
    },
    transcript: {
      label: 'Protocolverslag van {game}',
      referee: 'scheidsrechter',
      player: 'speler {n}',
      toProgram: 'naar {who}',
      fromProgram: 'van {who}',
      omitted: 'één eerdere regel niet getoond | {n} eerdere regels niet getoond',
      empty: 'Nog geen regels.',
      failure: '{who} kreeg {tag}',
      refereeLog: 'Het logboek van de scheidsrechter: {file}',
    },
    refereeLog: {
      title: 'Het logboek van de scheidsrechter',
      intro: 'Wat de scheidsrechter tijdens deze partij in {file} schreef, bewaard naast het toernooi.',
      frameTitle: 'Het logboek van de scheidsrechter {file}',
      truncated: 'Alleen de eerste 2 MB worden getoond; sla het bestand op voor de rest.',
      save: 'Opslaan als bestand…',
      download: 'Downloaden',
      saved: 'Opgeslagen als {path}.',
      downloaded: '{file} gedownload.',
      missing: {
        'not-kept': 'De scheidsrechter schreef in deze partij geen logboek.',
        gone: 'Het logbestand is na de partij verwijderd.',
        elsewhere:
          'Het verslag noemt een logbestand buiten de logmap van het toernooi; het wordt niet gelezen.',
      },
    },
  },
};
