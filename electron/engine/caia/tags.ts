/**
 * The exact lines caiaio sends a referee instead of a player's line (PROTOCOL.md §4). A referee treats
 * any line that starts with {@link TAG_PREFIX} as that player's failure.
 */

/** What every tag starts with. */
export const TAG_PREFIX = '<caiaio:';
/** The player's time budget ran out while the referee listened. Sticky: every later listen gets it too. */
export const TAG_TIMEOUT = '<caiaio:_player_timeout>';
/** The player had exited normally, and its end of output had been read already, when the listen began. */
export const TAG_STOPPED = '<caiaio:_player_stopped>';
/** The player sent an empty line, or its output ended (it exited or crashed) while the referee listened. */
export const TAG_EMPTY_LINE = "<caiaio:_player_sends_'\\n'>";
/**
 * Jury's own tag, which caiaio has no need for: the player sent a line Jury's framing refuses (longer
 * than the line limit, or not UTF-8). It starts with {@link TAG_PREFIX}, so referees take it as a failure.
 */
export const TAG_BAD_LINE = '<caiaio:_player_sends_bad_line>';

/** glibc's `strsignal` texts on Linux, by signal name. */
const SIGNAL_TEXTS: Readonly<Record<string, string>> = {
  SIGHUP: 'Hangup',
  SIGINT: 'Interrupt',
  SIGQUIT: 'Quit',
  SIGILL: 'Illegal instruction',
  SIGTRAP: 'Trace/breakpoint trap',
  SIGABRT: 'Aborted',
  SIGIOT: 'Aborted',
  SIGBUS: 'Bus error',
  SIGFPE: 'Floating point exception',
  SIGKILL: 'Killed',
  SIGUSR1: 'User defined signal 1',
  SIGSEGV: 'Segmentation fault',
  SIGUSR2: 'User defined signal 2',
  SIGPIPE: 'Broken pipe',
  SIGALRM: 'Alarm clock',
  SIGTERM: 'Terminated',
  SIGSTKFLT: 'Stack fault',
  SIGCHLD: 'Child exited',
  SIGCONT: 'Continued',
  SIGSTOP: 'Stopped (signal)',
  SIGTSTP: 'Stopped',
  SIGTTIN: 'Stopped (tty input)',
  SIGTTOU: 'Stopped (tty output)',
  SIGURG: 'Urgent I/O condition',
  SIGXCPU: 'CPU time limit exceeded',
  SIGXFSZ: 'File size limit exceeded',
  SIGVTALRM: 'Virtual timer expired',
  SIGPROF: 'Profiling timer expired',
  SIGWINCH: 'Window changed',
  SIGIO: 'I/O possible',
  SIGPOLL: 'I/O possible',
  SIGPWR: 'Power failure',
  SIGSYS: 'Bad system call',
};

/** What `strsignal` says for a signal given by name (`SIGABRT` → `Aborted`). */
export function signalText(signal: string): string {
  return SIGNAL_TEXTS[signal] ?? `Unknown signal ${signal}`;
}

/** The tag for a player that had died of `signal` before the listen: `<caiaio:_player_crashed:_Aborted>`. */
export function crashedTag(signal: string): string {
  return `<caiaio: player crashed: ${signalText(signal)}>`.replaceAll(' ', '_');
}

/** Whether a line sent to the referee is one of caiaio's (or Jury's) tags. */
export function isTag(line: string): boolean {
  return line.startsWith(TAG_PREFIX);
}
