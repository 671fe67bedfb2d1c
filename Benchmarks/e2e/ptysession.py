"""A program running in a pseudo-terminal, its output fed into a pyte screen.

A reader thread blocks on the pty master and timestamps every chunk as it arrives
(time.perf_counter, monotonic), so the program never waits for the emulator and pyte's
parsing is not part of any latency. The main thread feeds chunks to pyte and compares the
rows pyte marks dirty with a cached copy (characters and the attributes a selection uses),
so a row redrawn identically is not a change.
"""
import collections
import fcntl
import os
import signal
import struct
import subprocess
import termios
import threading
import time

import pyte

now = time.perf_counter

# Application cursor keys (DECSET 1); pyte keeps private modes shifted left by 5.
DECCKM = 1 << 5

# Cursor keys as a terminal sends them: (normal mode, application-cursor mode, DECCKM).
CURSOR_KEYS = {
    "down": ("\x1b[B", "\x1bOB"), "up": ("\x1b[A", "\x1bOA"),
    "home": ("\x1b[H", "\x1bOH"), "end": ("\x1b[F", "\x1bOF"),
}


class _Screen(pyte.Screen):
    """A pyte screen that answers the program's terminal queries (DA, DSR, CPR)."""

    def __init__(self, columns, lines, respond):
        super().__init__(columns, lines)
        self._respond = respond

    def write_process_input(self, data):
        self._respond(data.encode())


class _Reader(threading.Thread):
    """Reads the pty master until EOF, keeping (arrival time, bytes) chunks."""

    def __init__(self, fd):
        super().__init__(daemon=True)
        self.fd = fd
        self.chunks = collections.deque()
        self.cv = threading.Condition()
        self.eof = False

    def run(self):
        while True:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                data = b""
            stamp = now()
            with self.cv:
                if data:
                    self.chunks.append((stamp, data))
                else:
                    self.eof = True
                self.cv.notify()
            if not data:
                return

    def next(self, until):
        """The next chunk, waiting until `until` (a perf_counter time) at most."""
        with self.cv:
            while not self.chunks and not self.eof:
                left = until - now()
                if left <= 0:
                    return None
                self.cv.wait(left)
            return self.chunks.popleft() if self.chunks else None


def _clean_env(extra):
    env = {k: v for k, v in os.environ.items()
           if k not in ("COLUMNS", "LINES", "TMUX", "COLORTERM", "LESSOPEN", "LESSCLOSE", "LESS",
                        "FZF_DEFAULT_OPTS", "FZF_DEFAULT_COMMAND", "NO_COLOR")}
    env.update({"TERM": "xterm-256color", "LANG": "C.UTF-8", "LESSHISTFILE": "-"})
    env.pop("LC_ALL", None)
    env.update(extra or {})
    return env


class Session:
    """One run of a program at `columns` x `rows`; stdin is `stdin_path`, else a pipe from
    `stdin_command` (`["cat", FILE]`: the program's pid is its own, not a shell's), else the
    pty."""

    def __init__(self, argv, stdin_path=None, columns=120, rows=40, env=None, stdin_command=None):
        self.columns, self.rows = columns, rows
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.feeder = None
        if stdin_path:
            stdin_fd = os.open(stdin_path, os.O_RDONLY)
        elif stdin_command:
            stdin_fd, write_end = os.pipe()
            self.feeder = subprocess.Popen(stdin_command, stdin=subprocess.DEVNULL, stdout=write_end)
            os.close(write_end)
        else:
            stdin_fd = slave
        environment = _clean_env(env)
        self.started = now()
        pid = os.fork()
        if pid == 0:  # the child: a session of its own with the pty as controlling tty
            try:
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                os.dup2(stdin_fd, 0)
                os.dup2(slave, 1)
                os.dup2(slave, 2)
                os.closerange(3, 1024)
                for sig in (signal.SIGPIPE, signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
                    signal.signal(sig, signal.SIG_DFL)
                os.execvpe(argv[0], argv, environment)
            finally:
                os._exit(127)
        os.close(slave)
        if stdin_fd != slave:
            os.close(stdin_fd)
        self.pid, self.master = pid, master
        self.screen = _Screen(columns, rows, lambda data: os.write(master, data))
        self.stream = pyte.ByteStream(self.screen)
        self.rows_seen = [None] * rows
        self.lines = [""] * rows
        self.reader = _Reader(master)
        self.reader.start()
        self.bytes_read = 0
        self.spill = 0  # chunks that changed the screen after a key was judged settled
        self.exit_status = None

    # -- the screen ---------------------------------------------------------------

    def _feed(self, data):
        """Feeds output to pyte; returns whether a row changed."""
        self.bytes_read += len(data)
        self.stream.feed(data)
        changed = False
        buffer = self.screen.buffer
        for y in self.screen.dirty:
            if y >= self.rows:
                continue
            row = buffer[y]
            cells = tuple((c.data, c.fg, c.bg, c.bold, c.reverse)
                          for c in (row[x] for x in range(self.columns)))
            if cells != self.rows_seen[y]:
                self.rows_seen[y] = cells
                self.lines[y] = "".join(cell[0] for cell in cells).rstrip()
                changed = True
        self.screen.dirty.clear()
        return changed

    def text(self):
        """The screen as text, one line per row."""
        return "\n".join(self.lines)

    def key(self, name):
        """The bytes of a named cursor key in the terminal's current cursor mode, or
        `name` itself."""
        if name in CURSOR_KEYS:
            application = DECCKM in self.screen.mode
            return CURSOR_KEYS[name][1 if application else 0].encode()
        return name.encode()

    # -- waiting ------------------------------------------------------------------

    def wait_for(self, predicate, timeout):
        """Processes output until `predicate(self)` holds after a change. Returns the
        arrival time of the chunk that made it hold, or None on timeout or exit."""
        deadline = now() + timeout
        if predicate(self):
            return now()
        while True:
            chunk = self.reader.next(deadline)
            if chunk is None:
                return None
            stamp, data = chunk
            if self._feed(data) and predicate(self):
                return stamp

    def drain(self, quiet):
        """Processes output until none arrived for `quiet` seconds. Returns whether the
        screen changed."""
        changed = False
        while True:
            chunk = self.reader.next(now() + quiet)
            if chunk is None:
                return changed
            changed |= self._feed(chunk[1])

    def press(self, data, quiet, timeout, predicate=None):
        """Writes `data` and follows the output until none arrived for `quiet` seconds
        (or `timeout` passed with no output at all).

        Without `predicate`, chunks are only collected (and timestamped by the reader)
        while waiting and parsed once the output is quiet, so parsing never delays a
        timestamp. With `predicate`, chunks are parsed as they arrive until
        `predicate(self)` holds after a change, and the quiet period starts only then.

        Returns (first change, predicate met, last change, bytes): times in seconds after
        the write (None when it did not happen), bytes counting all output until quiet."""
        if self.drain(0):
            self.spill += 1
        start = self.bytes_read
        written = now()
        os.write(self.master, data)
        deadline = written + timeout
        first = met = last = None
        pending = []
        last_arrival = None
        while True:
            waiting = predicate is not None and met is None
            until = deadline if waiting or last_arrival is None else min(deadline, last_arrival + quiet)
            chunk = self.reader.next(until)
            if chunk is None:
                break
            last_arrival = chunk[0]
            if not waiting:
                pending.append(chunk)
            elif self._feed(chunk[1]):
                first = chunk[0] if first is None else first
                last = chunk[0]
                if predicate(self):
                    met = chunk[0]
        for stamp, output in pending:
            if self._feed(output):
                first = stamp if first is None else first
                last = stamp

        def since(stamp):
            return None if stamp is None else stamp - written
        return since(first), since(met), since(last), self.bytes_read - start

    # -- the process --------------------------------------------------------------

    def cpu_seconds(self):
        """CPU time of each thread in seconds, by thread id, from /proc/PID/task/*/schedstat
        (nanoseconds on a CPU: exact, unlike the 10 ms ticks of /proc/PID/stat)."""
        times = {}
        for task in os.listdir("/proc/%d/task" % self.pid):
            try:
                with open("/proc/%d/task/%s/schedstat" % (self.pid, task)) as f:
                    times[task] = int(f.read().split()[0]) / 1e9
            except OSError:
                pass  # the thread ended meanwhile
        return times

    @staticmethod
    def cpu_between(before, after):
        """CPU seconds from `before` to `after` (two cpu_seconds() results) of the threads
        alive at the end; a thread that ended meanwhile took its time with it."""
        return sum(seconds - before.get(task, 0) for task, seconds in after.items())

    def context_switches(self):
        """Voluntary and involuntary context switches of each thread, by thread id: how
        many times each went to sleep or was preempted."""
        counts = {}
        for task in os.listdir("/proc/%d/task" % self.pid):
            try:
                with open("/proc/%d/task/%s/status" % (self.pid, task)) as f:
                    counts[task] = sum(int(line.split()[1]) for line in f if "ctxt_switches:" in line)
            except OSError:
                pass  # the thread ended meanwhile
        return counts

    @staticmethod
    def switches_between(before, after):
        """Context switches from `before` to `after` (two context_switches() results):
        the growth of each thread that lived through both, all of each new thread's, and
        one for each thread that ended (its own count is gone with it)."""
        grown = sum(count - before.get(task, 0) for task, count in after.items())
        ended = sum(1 for task in before if task not in after)
        return grown + ended

    def peak_rss_mb(self):
        """The kernel's high-water mark of resident memory (VmHWM), in MB."""
        with open("/proc/%d/status" % self.pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        return None

    def alive(self):
        if self.exit_status is not None:
            return False
        pid, status = os.waitpid(self.pid, os.WNOHANG)
        if pid:
            self.exit_status = status
            return False
        return True

    def close(self):
        """Ends the program (SIGTERM to its process group, SIGKILL after 1 s) and reaps
        it. Returns the peak RSS the kernel reports through wait4, in MB."""
        maxrss = None
        if self.exit_status is None:
            for sig in (signal.SIGTERM, signal.SIGKILL):
                try:
                    os.killpg(self.pid, sig)
                except ProcessLookupError:
                    pass
                deadline = now() + 1.0
                while now() < deadline:
                    pid, status, usage = os.wait4(self.pid, os.WNOHANG)
                    if pid:
                        self.exit_status, maxrss = status, usage.ru_maxrss / 1024
                        break
                    time.sleep(0.01)
                if self.exit_status is not None:
                    break
        if self.feeder is not None:
            self.feeder.kill()
            self.feeder.wait()
        self.reader.join(2)
        os.close(self.master)
        return maxrss
