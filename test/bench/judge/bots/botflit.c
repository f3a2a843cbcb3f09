/*
 * The benchmark's Flit player (docs/rules/flit.md): it tracks the 32x32 torus from the updates it reads
 * and answers each M with a legal move.
 *
 *   botflit BURN_US MOVES [stamp]
 *
 * For its first MOVES prompts it burns BURN_US microseconds of CPU time (a busy loop on this thread's
 * CPU clock) and then moves a piece; after that it answers "0 0 0 0" (not moving) at once, so that the
 * game ends by the all-passed rule once every bot has made its MOVES moves. MOVES 0 gives the shortest
 * possible game: four non-moves. It exits when its input ends (Flit's end).
 *
 * Like a real bot, it answers every M, late or not: the referee drops a late reply whenever it arrives
 * (it counts the replies a timed-out bot still owes), so every turn of the benchmark stays independent.
 * `stamp`: as in bot6561.c, the CLOCK_MONOTONIC times (ns) at which the read() that brought each M
 * returned and at which its reply was about to be written, written to standard error at the end.
 * Compiled by the benchmark: cc -O2 -o botflit botflit.c
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define N 32
#define MAX_STAMPS 40000

static int cell[N * N];
static long long stamp_read[MAX_STAMPS], stamp_write[MAX_STAMPS];
static int stamps = 0;
static char inbuf[1 << 16];
static size_t in_start = 0, in_end = 0;
/* CLOCK_MONOTONIC (ns) at which the last read() returned: when the lines it completed became readable. */
static long long last_read_ns = 0;

static long long clock_ns(clockid_t id) {
  struct timespec t;
  clock_gettime(id, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* Reads one line (without its newline) into `out`; 0 at the end of input. */
static int read_line(char *out, size_t size) {
  for (;;) {
    char *nl = memchr(inbuf + in_start, '\n', in_end - in_start);
    if (nl) {
      size_t len = (size_t)(nl - (inbuf + in_start));
      if (len >= size) len = size - 1;
      memcpy(out, inbuf + in_start, len);
      out[len] = 0;
      in_start = (size_t)(nl - inbuf) + 1;
      return 1;
    }
    memmove(inbuf, inbuf + in_start, in_end - in_start);
    in_end -= in_start;
    in_start = 0;
    if (in_end == sizeof inbuf) in_end = 0; /* an overlong line: dropped */
    ssize_t n = read(0, inbuf + in_end, sizeof inbuf - in_end);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return 0;
    last_read_ns = clock_ns(CLOCK_MONOTONIC);
    in_end += (size_t)n;
  }
}

/* Burns `ns` of this thread's CPU time. */
static void burn(long long ns) {
  long long end = clock_ns(CLOCK_THREAD_CPUTIME_ID) + ns;
  while (clock_ns(CLOCK_THREAD_CPUTIME_ID) < end) {
  }
}

/* The four torus neighbours of cell i: above, left, right, below. */
static int neighbour(int i, int k) {
  int x = i % N, y = i / N;
  switch (k) {
  case 0: return ((y + N - 1) % N) * N + x;
  case 1: return y * N + (x + N - 1) % N;
  case 2: return y * N + (x + 1) % N;
  default: return ((y + 1) % N) * N + x;
  }
}

/* A legal move for `me`: an empty field next to one own piece (the anchor), reached by another own
 * piece. After the origin is vacated the anchor is still there, so the destination has an own neighbour. */
static void choose(int me, char *out, size_t size) {
  for (int anchor = 0; anchor < N * N; anchor++) {
    if (cell[anchor] != me) continue;
    for (int k = 0; k < 4; k++) {
      int to = neighbour(anchor, k);
      if (cell[to] != 0) continue;
      for (int from = 0; from < N * N; from++) {
        if (from == anchor || cell[from] != me) continue;
        snprintf(out, size, "%d %d %d %d\n", from % N, from / N, to % N, to / N);
        return;
      }
    }
  }
  snprintf(out, size, "0 0 0 0\n");
}

int main(int argc, char **argv) {
  long long burn_ns = argc > 1 ? atoll(argv[1]) * 1000LL : 0;
  long moves = argc > 2 ? atol(argv[2]) : 1000000000L;
  int stamping = argc > 3 && strcmp(argv[3], "stamp") == 0;
  char line[256], move[64];
  int me = 0;
  long prompts = 0;
  while (read_line(line, sizeof line)) {
    if (me == 0) {
      me = atoi(line);
      continue;
    }
    if (line[0] == 'M') {
      /* The M became readable when the read() that completed its line returned (the updates before it
       * in the same chunk are parsed after that, so they are not counted as the judge's time). */
      long long read_at = last_read_ns;
      if (prompts++ < moves) {
        burn(burn_ns);
        choose(me, move, sizeof move);
      } else {
        strcpy(move, "0 0 0 0\n");
      }
      if (stamping && stamps < MAX_STAMPS) {
        stamp_read[stamps] = read_at;
        stamp_write[stamps++] = clock_ns(CLOCK_MONOTONIC);
      }
      if (write(1, move, strlen(move)) < 0) return 1;
      continue;
    }
    int x, y, c;
    if (sscanf(line, "%d %d %d", &x, &y, &c) == 3 && x >= 0 && x < N && y >= 0 && y < N) cell[y * N + x] = c;
  }
  if (stamping) {
    for (int i = 0; i < stamps; i++) fprintf(stderr, "%lld %lld\n", stamp_read[i], stamp_write[i]);
    fflush(stderr);
  }
  return 0;
}
