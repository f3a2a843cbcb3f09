/**
 * Texts of the protections around every bot (English and Dutch): the warning of the bot library and the
 * new-tournament form, and the limits of a finished game. The engine's sentence after each is English.
 */
export default {
  en: {
    protections: {
      names: {
        memory: 'Memory cap',
        processes: 'Process cap',
        network: 'No network',
        containment: 'Containment',
        filesystem: 'Private file system',
        disk: 'Disk use capped',
        identity: 'Unprivileged user',
        affinity: 'Own CPU core',
        suspend: 'Others paused while one thinks',
        cpuTime: 'CPU time measured',
      },
      statuses: { enforced: 'enforced', partial: 'partial', missing: 'missing' },
      machine: {
        warningTitle: 'Not everything is enforced on this machine',
        warning:
          'One protection or timing guarantee is missing or weaker here: | {count} protections or timing guarantees are missing or weaker here:',
        allEnforced: 'All protections are enforced on this machine',
        enforced: 'Enforced ({count})',
        checking: 'Checking what this machine enforces…',
        unknown: 'Could not find out what this machine enforces: {error}',
        forLimits: 'For the limits above.',
      },
      game: {
        title: 'Limits',
        memory: 'Memory',
        processes: 'Processes',
        network: 'Network',
        mib: '{mib} MiB',
        noCap: 'no cap',
        allowed: 'allowed',
        blocked: 'blocked',
        gaps: 'Not enforced in this game:',
        allEnforced: 'Every protection was enforced in this game.',
        enforced: 'Enforced ({count})',
        unknown: 'This game’s record does not say which limits it ran under.',
      },
    },
  },
  nl: {
    protections: {
      names: {
        memory: 'Geheugenlimiet',
        processes: 'Procesgrens',
        network: 'Geen netwerk',
        containment: 'Insluiting',
        filesystem: 'Eigen bestandssysteem',
        disk: 'Schijfgebruik begrensd',
        identity: 'Gebruiker zonder rechten',
        affinity: 'Eigen processorkern',
        suspend: 'Anderen gepauzeerd tijdens het denken',
        cpuTime: 'CPU-tijd gemeten',
      },
      statuses: { enforced: 'afgedwongen', partial: 'gedeeltelijk', missing: 'ontbreekt' },
      machine: {
        warningTitle: 'Niet alles wordt op deze computer afgedwongen',
        warning:
          'Eén bescherming of tijdgarantie ontbreekt of is hier zwakker: | {count} beschermingen of tijdgaranties ontbreken of zijn hier zwakker:',
        allEnforced: 'Alle beschermingen worden op deze computer afgedwongen',
        enforced: 'Afgedwongen ({count})',
        checking: 'Nagaan wat deze computer afdwingt…',
        unknown: 'Kon niet nagaan wat deze computer afdwingt: {error}',
        forLimits: 'Voor de limieten hierboven.',
      },
      game: {
        title: 'Limieten',
        memory: 'Geheugen',
        processes: 'Processen',
        network: 'Netwerk',
        mib: '{mib} MiB',
        noCap: 'geen limiet',
        allowed: 'toegestaan',
        blocked: 'geblokkeerd',
        gaps: 'Niet afgedwongen in deze partij:',
        allEnforced: 'Elke bescherming werd in deze partij afgedwongen.',
        enforced: 'Afgedwongen ({count})',
        unknown: 'Het verslag van deze partij zegt niet onder welke limieten ze gespeeld werd.',
      },
    },
  },
};
