/** Texts of the tournaments area (English and Dutch): the list, states, formats, progress, confirmations. */
export default {
  en: {
    tournaments: {
      title: 'Tournaments',
      tabs: 'Tournament screens',
      progress: 'Progress',
      eta: 'about {eta} left',
      units: { h: 'h', min: 'min', s: 's' },
      removeQuestion: 'Remove this tournament and its results?',
      runAgain: 'Run again',
      runAgainHint:
        'A new tournament with the same settings and bots; this one and its results stay as they are.',
      import: {
        button: 'Import CodeCup results…',
        hint: "Make a read-only tournament of CodeCup's published result file (Game, Round, IsSwiss, Player, User, Score, Status): its standings, crosstable, ratings and exports",
        choose: "CodeCup's result file (.csv)",
        contradictions:
          'Imported as published, but {rows} rows of {games} games contradict the file itself, such as {example}',
        blanks:
          '1 name has blanks around it, kept as written: {names} | {n} names have blanks around them, kept as written: {names}',
        refused: '{file} was not imported',
        refusedHint: 'Nothing was created. Fix the file where it says, then choose it again.',
        dismiss: 'Dismiss',
      },
      state: {
        idle: 'Not started',
        running: 'Running',
        paused: 'Paused',
        stopping: 'Stopping',
        done: 'Finished',
        stopped: 'Stopped',
        aborted: 'Aborted',
        unfinished: 'Unfinished',
      },
      stateHint: {
        unfinished:
          'Part of its games are played and no run is under way (Jury was restarted after a stop, an abort or a crash): continue it, or run it again.',
      },
      format: {
        'round-robin': 'Round robin',
        groups: 'Groups',
        swiss: 'Swiss, then a final',
        knockout: 'Knockout',
        gauntlet: 'Gauntlet',
      },
      confirm: { sure: 'Sure?', yes: 'Yes, {action}', no: 'No' },
      empty: {
        title: 'No tournaments yet',
        text: 'Set one up with your own bots, or watch the demo: a small Less tournament of the sample bots that shows live boards within seconds.',
        demo: 'Run the demo',
      },
      columns: {
        name: 'Name',
        game: 'Game',
        format: 'Format',
        state: 'State',
        progress: 'Progress',
        created: 'Created',
        actions: 'Actions',
      },
    },
  },
  nl: {
    tournaments: {
      title: 'Toernooien',
      tabs: 'Schermen van het toernooi',
      progress: 'Voortgang',
      eta: 'nog ongeveer {eta}',
      units: { h: 'u', min: 'min', s: 's' },
      removeQuestion: 'Dit toernooi met zijn uitslagen verwijderen?',
      runAgain: 'Opnieuw spelen',
      runAgainHint:
        'Een nieuw toernooi met dezelfde instellingen en bots; dit toernooi en zijn uitslagen blijven zoals ze zijn.',
      import: {
        button: 'CodeCup-uitslagen importeren…',
        hint: 'Maak een alleen-lezen toernooi van het uitslagenbestand dat CodeCup publiceert (Game, Round, IsSwiss, Player, User, Score, Status): de stand, kruistabel, ratings en exports',
        choose: 'Uitslagenbestand van CodeCup (.csv)',
        contradictions:
          'Geïmporteerd zoals gepubliceerd, maar {rows} regels van {games} partijen spreken het bestand zelf tegen, zoals {example}',
        blanks:
          '1 naam heeft spaties ervoor of erna, ongewijzigd overgenomen: {names} | {n} namen hebben spaties ervoor of erna, ongewijzigd overgenomen: {names}',
        refused: '{file} is niet geïmporteerd',
        refusedHint:
          'Er is niets aangemaakt. Verbeter het bestand op de genoemde plaats en kies het opnieuw.',
        dismiss: 'Sluiten',
      },
      state: {
        idle: 'Niet gestart',
        running: 'Bezig',
        paused: 'Gepauzeerd',
        stopping: 'Stopt',
        done: 'Afgelopen',
        stopped: 'Gestopt',
        aborted: 'Afgebroken',
        unfinished: 'Onvoltooid',
      },
      stateHint: {
        unfinished:
          'Een deel van de partijen is gespeeld en er loopt niets (Jury is herstart na stoppen, afbreken of een crash): ga verder, of speel het opnieuw.',
      },
      format: {
        'round-robin': 'Ieder tegen ieder',
        groups: 'Groepen',
        swiss: 'Zwitsers, dan een finale',
        knockout: 'Knock-out',
        gauntlet: 'Uitdagers tegen het veld',
      },
      confirm: { sure: 'Zeker weten?', yes: 'Ja, {action}', no: 'Nee' },
      empty: {
        title: 'Nog geen toernooien',
        text: 'Zet er een op met je eigen bots, of bekijk de demo: een klein Less-toernooi van de voorbeeldbots, met binnen enkele seconden live borden.',
        demo: 'Demo starten',
      },
      columns: {
        name: 'Naam',
        game: 'Spel',
        format: 'Opzet',
        state: 'Status',
        progress: 'Voortgang',
        created: 'Aangemaakt',
        actions: 'Acties',
      },
    },
  },
};
