/*
 * The benchmark's 6561 player (docs/rules/6561.md): it tracks the board from what it reads and answers
 * every prompt with a legal move at once, so that what Jury charges it is Jury's own overhead.
 *
 *   bot6561 BURN_US SEED [stamp|ponder] [setup=US] [detach] [total]
 *
 * BURN_US: CPU time in microseconds to burn on every prompt before answering (a busy loop on this
 * thread's CPU clock), 0 for an instant reply. SEED: varies the placements. `stamp`: the
 * CLOCK_MONOTONIC times (ns) at which each prompt was read and each reply was about to be written, and
 * the process's CPU time (ns, all threads) once each reply was written, are kept in memory and written to
 * standard error at the end, one "readNs writeNs cpuNs" line per reply (standard error, because a
 * confined bot can write no file the benchmark could read; the judge keeps it). Between two replies' CPU
 * stamps lies all the CPU time of the later move as the bot itself counts it: waiting for and reading its
 * prompt, thinking, writing the reply.
 * `ponder`: after its first reply it starts a thread that spins on the CPU for good, so it computes while
 * the other thinks (a pondering bot without a child process, for the tests of official timing).
 * `setup=US`: after its first line (its opening, or its first prompt) it burns US microseconds of CPU
 * before anything else: a program that prepares once it knows its seat (for the tests of cpu timing).
 * `detach`: at start it double-forks a child that leaves its session (setsid) and spins on the CPU for
 * good, detached from the bot (for the tests that a whole bot is stopped and charged, not its main
 * process). `total`: at the end it writes "cpu-total <ns>" to standard error, the CPU time of the
 * process and of the children it waited for, as it counts them itself.
 *
 * Strategy: placements on a pseudo-random empty field; slides in the direction that leaves the fewest
 * pieces, so the board stays sparse. The game would end early if the board were empty when a slide is
 * due, so the first of two slides never empties it, and the placement before them avoids fields after
 * which every slide would. Every game lasts its full 1000 moves.
 * Compiled by the benchmark: cc -O2 -o bot6561 bot6561.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MOVE_LIMIT 1000
#define MAX_STAMPS 2048

/* A field holds 0 (empty) or colour << 5 | exponent (the value is 3^exponent); colours 1-3 (B, R, G). */
static int board[16];
static int moves = 0;
/* What turn t (0-based, mod 10) asks for: the colour to place, or 0 for a slide. */
static const int RHYTHM[10] = {1, 2, 3, 0, 0, 1, 2, 3, 0, 0};
static unsigned long long rng = 88172645463325252ULL;
static long long burn_ns = 0;
static long long stamp_read[MAX_STAMPS], stamp_write[MAX_STAMPS], stamp_cpu[MAX_STAMPS];
static int stamps = 0;

static long long clock_ns(clockid_t id) {
  struct timespec t;
  clock_gettime(id, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* Burns `ns` of this thread's CPU time. */
static void burn_for(long long ns) {
  long long end = clock_ns(CLOCK_THREAD_CPUTIME_ID) + ns;
  while (clock_ns(CLOCK_THREAD_CPUTIME_ID) < end) {
  }
}

/* A grandchild in a session of its own that spins for good (the bot no longer waits for it). */
static void detach_spinner(void) {
  pid_t child = fork();
  if (child != 0) {
    if (child > 0) waitpid(child, NULL, 0);
    return;
  }
  setsid();
  if (fork() != 0) _exit(0);
  volatile unsigned x = 0;
  for (;;) x = x * 31 + 7;
}

static void burn(void) {
  if (burn_ns > 0) burn_for(burn_ns);
}

static void *spin(void *unused) {
  volatile unsigned x = 0;
  for (;;) x = x * 31 + 7;
  return unused;
}

static unsigned long long next_random(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* Field of the step-th position (0 = at the edge the pieces move toward) of line k, for U D L R (0-3). */
static int line_field(int dir, int k, int step) {
  int along = (dir == 1 || dir == 3) ? 3 - step : step;
  return dir <= 1 ? along * 4 + k : k * 4 + along;
}

/* Compact, pair from the edge (equal piece: one of 3x the value; equal value, other colour: both
 * vanish; a piece made or removed is not paired again), compact. */
static void slide(const int *in, int *out, int dir) {
  for (int k = 0; k < 4; k++) {
    int pieces[4], n = 0, res[4], m = 0, i = 0;
    for (int step = 0; step < 4; step++) {
      int f = in[line_field(dir, k, step)];
      if (f) pieces[n++] = f;
    }
    while (i < n) {
      if (i + 1 < n && (pieces[i] & 31) == (pieces[i + 1] & 31)) {
        if (pieces[i] == pieces[i + 1]) res[m++] = pieces[i] + 1;
        i += 2;
      } else {
        res[m++] = pieces[i++];
      }
    }
    for (int step = 0; step < 4; step++) out[line_field(dir, k, step)] = step < m ? res[step] : 0;
  }
}

static int count_pieces(const int *b) {
  int n = 0;
  for (int i = 0; i < 16; i++) n += b[i] != 0;
  return n;
}

/* Applies a move line (as read or as written) to the board. */
static void apply(const char *line) {
  const char *dirs = "UDLR";
  const char *d = strchr(dirs, line[0]);
  if (d && line[0]) {
    int out[16];
    slide(board, out, (int)(d - dirs));
    memcpy(board, out, sizeof board);
  } else {
    int field = (line[0] - '1') * 4 + (line[1] - '1');
    if (field >= 0 && field < 16) board[field] = RHYTHM[moves % 10] << 5;
  }
  moves++;
}

/* Whether some slide changes `b` and leaves at least one piece (so that a second slide is possible). */
static int survivable(const int *b) {
  for (int dir = 0; dir < 4; dir++) {
    int out[16];
    slide(b, out, dir);
    if (memcmp(out, b, sizeof out) != 0 && count_pieces(out) > 0) return 1;
  }
  return 0;
}

/* Chooses this turn's move into `move` (at least 3 chars). */
static void choose(char *move) {
  int colour = RHYTHM[moves % 10];
  if (colour) {
    /* Before two slides in a row, only fields after which the first slide can leave a piece. */
    int two_slides = !RHYTHM[(moves + 1) % 10] && !RHYTHM[(moves + 2) % 10];
    int empty[16], safe[16], n = 0, m = 0;
    for (int i = 0; i < 16; i++) {
      if (board[i]) continue;
      empty[n++] = i;
      board[i] = colour << 5;
      if (!two_slides || survivable(board)) safe[m++] = i;
      board[i] = 0;
    }
    int f = m > 0 ? safe[next_random() % (unsigned)m] : n > 0 ? empty[next_random() % (unsigned)n] : 0;
    move[0] = (char)('1' + f / 4);
    move[1] = (char)('1' + f % 4);
    move[2] = 0;
    return;
  }
  int second_slide = moves + 1 < MOVE_LIMIT && RHYTHM[(moves + 1) % 10] == 0;
  int best = 0, best_score = 1000;
  for (int dir = 0; dir < 4; dir++) {
    int out[16];
    slide(board, out, dir);
    if (memcmp(out, board, sizeof board) == 0) continue;
    int score = count_pieces(out);
    if (second_slide && score == 0) score = 100; /* no slide could follow: only as a last resort */
    if (score < best_score) best_score = score, best = dir;
  }
  move[0] = "UDLR"[best];
  move[1] = 0;
}

int main(int argc, char **argv) {
  if (argc > 1) burn_ns = atoll(argv[1]) * 1000LL;
  if (argc > 2) rng ^= (unsigned long long)atoll(argv[2]) * 0x9E3779B97F4A7C15ULL;
  int stamping = 0, pondering = 0, detaching = 0, total = 0;
  long long setup_ns = 0;
  for (int i = 3; i < argc; i++) {
    if (strcmp(argv[i], "stamp") == 0) stamping = 1;
    if (strcmp(argv[i], "ponder") == 0) pondering = 1;
    if (strcmp(argv[i], "detach") == 0) detaching = 1;
    if (strcmp(argv[i], "total") == 0) total = 1;
    if (strncmp(argv[i], "setup=", 6) == 0) setup_ns = atoll(argv[i] + 6) * 1000LL;
  }
  if (detaching) detach_spinner();
  int replies = 0;
  char line[256], move[4];
  int seat = -1;
  while (fgets(line, sizeof line, stdin)) {
    long long read_at = stamping ? clock_ns(CLOCK_MONOTONIC) : 0;
    line[strcspn(line, "\r\n")] = 0;
    if (strcmp(line, "Quit") == 0) break;
    if (seat < 0) {
      seat = line[0] == 'B';
      if (setup_ns > 0) burn_for(setup_ns);
    } else {
      apply(line);
    }
    if (moves >= MOVE_LIMIT || moves % 2 != seat) continue;
    burn();
    choose(move);
    apply(move);
    int stamp = stamping && stamps < MAX_STAMPS ? stamps++ : -1;
    if (stamp >= 0) {
      stamp_read[stamp] = read_at;
      stamp_write[stamp] = clock_ns(CLOCK_MONOTONIC);
    }
    fputs(move, stdout);
    fputc('\n', stdout);
    fflush(stdout);
    if (stamp >= 0) stamp_cpu[stamp] = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
    if (pondering && ++replies == 1) {
      pthread_t thread;
      pthread_create(&thread, NULL, spin, NULL);
    }
  }
  if (total) {
    struct rusage self, children;
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &children);
    long long us = 0;
    us += (long long)self.ru_utime.tv_sec * 1000000LL + self.ru_utime.tv_usec;
    us += (long long)self.ru_stime.tv_sec * 1000000LL + self.ru_stime.tv_usec;
    us += (long long)children.ru_utime.tv_sec * 1000000LL + children.ru_utime.tv_usec;
    us += (long long)children.ru_stime.tv_sec * 1000000LL + children.ru_stime.tv_usec;
    fprintf(stderr, "cpu-total %lld\n", us * 1000LL);
    fflush(stderr);
  }
  if (stamping) {
    for (int i = 0; i < stamps; i++)
      fprintf(stderr, "%lld %lld %lld\n", stamp_read[i], stamp_write[i], stamp_cpu[i]);
    fflush(stderr);
  }
  return 0;
}
