/** Texts of the exporting area (English and Dutch). */
export default {
  en: {
    exporting: {
      title: 'Export',
      introDesktop: 'Save the results of this tournament. You choose where each file goes.',
      introBrowser: 'Download the results of this tournament.',
      save: 'Save…',
      download: 'Download',
      saved: 'Saved to {path}',
      downloaded: 'Downloaded {file}',
      cancelled: 'Not saved: the dialog was cancelled.',
      kinds: {
        csv: {
          title: 'CSV (CodeCup layout)',
          body: 'One line per seat of every finished game (round, bot, score, status), as CodeCup publishes them.',
        },
        json: {
          title: 'JSON',
          body: 'Everything: settings, schedule, results, standings and ratings, for your own scripts.',
        },
        html: {
          title: 'HTML report',
          body: 'A standalone page with the standings, crosstable and statistics, to share or print.',
        },
        transcripts: {
          title: 'Transcripts',
          body: 'The protocol dialogue of every game, move by move, together in one text file.',
        },
      },
    },
  },
  nl: {
    exporting: {
      title: 'Exporteren',
      introDesktop: 'Sla de uitslagen van dit toernooi op. Je kiest zelf waar elk bestand komt.',
      introBrowser: 'Download de uitslagen van dit toernooi.',
      save: 'Opslaan…',
      download: 'Downloaden',
      saved: 'Opgeslagen in {path}',
      downloaded: '{file} gedownload',
      cancelled: 'Niet opgeslagen: het venster is geannuleerd.',
      kinds: {
        csv: {
          title: 'CSV (indeling van CodeCup)',
          body: 'Eén regel per plaats van elke afgelopen partij (ronde, bot, score, status), zoals CodeCup ze publiceert.',
        },
        json: {
          title: 'JSON',
          body: 'Alles: instellingen, schema, uitslagen, stand en ratings, voor je eigen scripts.',
        },
        html: {
          title: 'HTML-rapport',
          body: 'Een losse pagina met de stand, kruistabel en statistieken, om te delen of af te drukken.',
        },
        transcripts: {
          title: 'Transcripten',
          body: 'De protocoldialoog van elke partij, zet voor zet, samen in één tekstbestand.',
        },
      },
    },
  },
};
