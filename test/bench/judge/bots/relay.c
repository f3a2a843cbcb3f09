/*
 * The native floor of the per-move part: a game's recorded lines relayed between the bots over pipes by
 * a C program with one poll(2) loop, as native engine managers (fastchess, cutechess) relay them. It
 * does what floor.ts's bare Node relay does, on the same schedule: step 0 of the script before the first
 * reply, after the k-th reply line (from any seat) step k, the last step once every reply came, then
 * every input closed. Nothing is parsed or checked while playing; each seat's replies are written to
 * OUTDIR/out-SEAT at the end (the caller compares them with the record) and its standard error goes to
 * OUTDIR/err-SEAT (the bots' stamps).
 *
 *   relay SCRIPT OUTDIR -- bot args… -- bot args…
 *
 * SCRIPT: "SEATS REPLIES STEPS\n", then per step "COUNT\n" and per write "SEAT LENGTH\n" and LENGTH bytes.
 * Exit 0 when the game was relayed to its end, 1 on a broken bot (it stalled 10 s or ended early).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_SEATS 8

struct write_op { int seat; size_t len; char *data; };
struct step { int count; struct write_op *ops; };

static struct step *steps;
static int seats, replies, nsteps;
static int in_fd[MAX_SEATS], out_fd[MAX_SEATS];
static char *got[MAX_SEATS];
static size_t got_len[MAX_SEATS], got_cap[MAX_SEATS];

static void die(const char *what) { perror(what); exit(1); }

static void read_script(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) die("script");
  if (fscanf(f, "%d %d %d\n", &seats, &replies, &nsteps) != 3 || seats < 1 || seats > MAX_SEATS) {
    fprintf(stderr, "relay: bad script header\n");
    exit(1);
  }
  steps = calloc((size_t)nsteps, sizeof *steps);
  for (int s = 0; s < nsteps; s++) {
    if (fscanf(f, "%d\n", &steps[s].count) != 1) die("script step");
    steps[s].ops = calloc((size_t)steps[s].count + 1, sizeof *steps[s].ops);
    for (int i = 0; i < steps[s].count; i++) {
      struct write_op *op = &steps[s].ops[i];
      if (fscanf(f, "%d %zu\n", &op->seat, &op->len) != 2) die("script write");
      op->data = malloc(op->len + 1);
      if (fread(op->data, 1, op->len, f) != op->len) die("script data");
    }
  }
  fclose(f);
}

static void write_all(int fd, const char *data, size_t len) {
  while (len > 0) {
    ssize_t n = write(fd, data, len);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return; /* the bot is gone: the game ends as it ends */
    data += n;
    len -= (size_t)n;
  }
}

static void write_step(int s) {
  if (s >= nsteps) return;
  for (int i = 0; i < steps[s].count; i++) {
    struct write_op *op = &steps[s].ops[i];
    write_all(in_fd[op->seat], op->data, op->len);
  }
}

static void keep(int seat, const char *buf, size_t n) {
  if (got_len[seat] + n > got_cap[seat]) {
    got_cap[seat] = (got_len[seat] + n) * 2;
    got[seat] = realloc(got[seat], got_cap[seat]);
  }
  memcpy(got[seat] + got_len[seat], buf, n);
  got_len[seat] += n;
}

int main(int argc, char **argv) {
  if (argc < 5 || strcmp(argv[3], "--") != 0) {
    fprintf(stderr, "usage: relay SCRIPT OUTDIR -- bot args… [-- bot args…]\n");
    return 1;
  }
  signal(SIGPIPE, SIG_IGN);
  read_script(argv[1]);
  const char *outdir = argv[2];
  pid_t pids[MAX_SEATS];
  int seat = 0;
  for (int a = 4; a < argc && seat < seats; seat++) {
    int start = a;
    while (a < argc && strcmp(argv[a], "--") != 0) a++;
    argv[a < argc ? a : argc] = NULL;
    int to_bot[2], from_bot[2];
    if (pipe(to_bot) || pipe(from_bot)) die("pipe");
    char err_path[4096];
    snprintf(err_path, sizeof err_path, "%s/err-%d", outdir, seat);
    int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (err < 0) die("stderr file");
    pid_t pid = fork();
    if (pid < 0) die("fork");
    if (pid == 0) {
      dup2(to_bot[0], 0);
      dup2(from_bot[1], 1);
      dup2(err, 2);
      for (int fd = 3; fd < 256; fd++) close(fd);
      execv(argv[start], &argv[start]);
      _exit(127);
    }
    close(to_bot[0]);
    close(from_bot[1]);
    close(err);
    in_fd[seat] = to_bot[1];
    out_fd[seat] = from_bot[0];
    pids[seat] = pid;
    a++;
  }
  if (seat != seats) {
    fprintf(stderr, "relay: %d commands for %d seats\n", seat, seats);
    return 1;
  }
  struct pollfd fds[MAX_SEATS];
  for (int s = 0; s < seats; s++) fds[s] = (struct pollfd){ .fd = out_fd[s], .events = POLLIN };
  char buf[65536];
  int k = 0, open_outputs = seats, status = 0;
  write_step(0);
  while (open_outputs > 0) {
    int ready = poll(fds, (nfds_t)seats, 10000);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) { fprintf(stderr, "relay: stalled after %d of %d replies\n", k, replies); status = 1; break; }
    for (int s = 0; s < seats; s++) {
      if (!(fds[s].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = read(fds[s].fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) { fds[s].fd = -1; open_outputs--; continue; }
      keep(s, buf, (size_t)n);
      for (ssize_t i = 0; i < n; i++) {
        if (buf[i] != '\n' || k >= replies) continue;
        k++;
        write_step(k);
        if (k == replies)
          for (int t = 0; t < seats; t++) close(in_fd[t]);
      }
    }
  }
  if (k < replies) status = 1;
  for (int s = 0; s < seats; s++) {
    if (k < replies) kill(pids[s], SIGKILL);
    waitpid(pids[s], NULL, 0);
    char path[4096];
    snprintf(path, sizeof path, "%s/out-%d", outdir, s);
    FILE *f = fopen(path, "wb");
    if (!f) die("out file");
    fwrite(got[s], 1, got_len[s], f);
    fclose(f);
  }
  return status;
}
