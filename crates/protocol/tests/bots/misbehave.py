"""A bot that misbehaves on purpose, for parlour's protocol tests.

Usage: misbehave.py MODE [ARG]. It speaks the protocol correctly (answering the first legal
action) except for what MODE makes it do:

  ok          nothing wrong
  slow SECS   sleep SECS before every answer
  spin SECS   compute (a busy loop) for SECS of CPU time before every answer
  hang N      answer N decisions, then never answer again
  crash N     exit with status 3 at its Nth decision
  junk        answer every third decision with a line that is not JSON
  illegal     answer every third decision with an action that is not legal
  index       answer every third decision with an index out of range
  flood       answer its second decision with a 2 MiB line
  hog         at its first decision, try to allocate 2 GiB
  fork FILE   at its first decision, start a child that sleeps, and write its pid to FILE
  early       exit right after greeting
  silent      never greet
  secrets     answer illegally if it sees PARLOUR_TEST_SECRET or any descriptor beyond 0-2,
              or if PYTHONHASHSEED is not 0
  record FILE append every line received to FILE ("-": standard error); ask for events
  stderr      write to standard error at every decision
  deaf        greet, then never read again (nor answer)
  notroot     answer illegally if it runs as root
  games FILE  append {"copy": ..., "index": ...} to FILE ("-": standard error) at every start (copy: a random id
              of this process, as pids repeat across PID namespaces)
  quit        exit right after its first game's result line (without waiting for bye)
  closein     greet, close its standard input, and keep running (answering nothing)
  setsid FILE at its first decision, start a child in a new session (setsid) that sleeps, and
              write its pid to FILE
  forks N FILE  at its first decision, start N children that each start a grandchild, all
              sleeping, and write every pid to FILE (one a line)
"""
import json
import os
import sys
import time

mode = sys.argv[1]
arg = sys.argv[2] if len(sys.argv) > 2 else None


def note(path, text, how="a"):
    """Writes text to path, a file the test reads ("-": standard error, the bot's log, which is
    how a jailed bot reports: it cannot write the host's files; when it tries, it says so on
    standard error and goes on)."""
    if path == "-":
        sys.stderr.write(text if text.endswith("\n") else text + "\n")
        sys.stderr.flush()
        return
    try:
        with open(path, how) as f:
            f.write(text)
    except OSError as e:
        print("misbehave: cannot write %s: %s" % (path, e), file=sys.stderr, flush=True)


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


if mode == "silent":
    time.sleep(1000)
decisions = 0
COPY = os.urandom(8).hex()
for line in sys.stdin:
    if mode == "record":
        note(arg, line)
    m = json.loads(line)
    kind = m["type"]
    if kind == "hello":
        send({"type": "ready", "protocol": 1, "name": "misbehave " + mode, "events": mode == "record"})
        if mode == "early":
            sys.exit(0)
        if mode == "deaf":
            time.sleep(1000)
        if mode == "closein":
            os.close(0)
            time.sleep(1000)
    elif kind == "result" and mode == "quit":
        sys.exit(0)
    elif kind == "start" and mode == "games":
        note(arg, json.dumps({"copy": COPY, "index": m["index"]}) + "\n")
    elif kind == "act":
        decisions += 1
        answer = {"type": "action", "id": m["id"], "index": 0}
        if mode == "slow":
            time.sleep(float(arg))
        elif mode == "spin":
            end = time.process_time() + float(arg)
            while time.process_time() < end:
                pass
        elif mode == "hang" and decisions > int(arg):
            time.sleep(1000)
        elif mode == "crash" and decisions == int(arg):
            sys.exit(3)
        elif mode == "junk" and decisions % 3 == 0:
            sys.stdout.write("this is not json\n")
            sys.stdout.flush()
            continue
        elif mode == "illegal" and decisions % 3 == 0:
            answer = {"type": "action", "id": m["id"], "action": "not-an-action"}
        elif mode == "report" and decisions % 3 == 0:
            answer["fault"] = "my own fault at decision %d" % m["id"]
        elif mode == "badreport" and decisions % 3 == 0:
            answer["fault"] = 5
        elif mode == "index" and decisions % 3 == 0:
            answer = {"type": "action", "id": m["id"], "index": len(m["legal"])}
        elif mode == "flood" and decisions == 2:
            sys.stdout.write("x" * (2 << 20) + "\n")
            sys.stdout.flush()
            continue
        elif mode == "hog" and decisions == 1:
            hog = bytearray(2 << 30)
            hog[-1] = 1
        elif mode == "fork" and decisions == 1:
            pid = os.fork()
            if pid == 0:
                time.sleep(1000)
                os._exit(0)
            note(arg, str(pid), "w")
        elif mode == "setsid" and decisions == 1:
            pid = os.fork()
            if pid == 0:
                os.setsid()
                time.sleep(1000)
                os._exit(0)
            note(arg, str(pid), "w")
        elif mode == "forks" and decisions == 1:
            count, path = int(arg), sys.argv[3]
            r, w = os.pipe()
            for _ in range(count):
                if os.fork() == 0:
                    os.close(r)
                    grandchild = os.fork()
                    if grandchild == 0:
                        time.sleep(1000)
                        os._exit(0)
                    os.write(w, b"%d\n%d\n" % (os.getpid(), grandchild))
                    time.sleep(1000)
                    os._exit(0)
            os.close(w)
            pids = b""
            while pids.count(b"\n") < 2 * count:
                chunk = os.read(r, 4096)
                if not chunk:
                    break
                pids += chunk
            note(path, pids.decode(), "w")
        elif mode == "secrets":
            fds = sorted(int(fd) for fd in os.listdir("/proc/self/fd"))
            # listdir itself holds one descriptor open while it reads.
            extra = [fd for fd in fds if fd > 2][1:]
            # Python's string hashing is fixed, so a bot's set order replays.
            unfixed = os.environ.get("PYTHONHASHSEED") != "0"
            if "PARLOUR_TEST_SECRET" in os.environ or extra or unfixed:
                answer = {"type": "action", "id": m["id"], "action": "leak"}
        elif mode == "notroot" and os.getuid() == 0:
            answer = {"type": "action", "id": m["id"], "action": "root"}
        elif mode == "stderr":
            sys.stderr.write("thinking about decision %d\n" % m["id"])
            sys.stderr.flush()
        send(answer)
    elif kind == "bye":
        break
