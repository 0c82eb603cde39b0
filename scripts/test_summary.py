#!/usr/bin/env python3
"""What `make test` skipped, and why.

  test_summary.py reset DIR
      empty DIR (out/test-summary), at the start of `make test`.
  test_summary.py go-test DIR -- go test ARGS...
      run `go test -json ARGS...` and print what plain `go test ARGS...` prints: each package's
      closing line ("ok ...", "FAIL ...", "? ... [no test files]"), build errors, and the
      output of failing tests (tests that pass or skip stay quiet). Record each test's result
      in DIR/go-test.tsv; exit with go test's status.
  test_summary.py report DIR
      print the summary: go test's counts, every skipped test grouped by its reason, and the
      skipped notebooks and steps other scripts recorded in DIR/*.tsv.

DIR/*.tsv files hold one line per result: STATUS<TAB>WHAT<TAB>REASON, STATUS one of ok,
failed, skipped, partial (run in part; REASON says what was left out). scripts/run_notebooks.py
(--summary) and scripts/test_slurm.sh (UFMI_SUMMARY_DIR) write them too.

Only the standard library: any python3 runs it.
"""

import json
import shutil
import subprocess
import sys
from collections import OrderedDict, defaultdict
from pathlib import Path

# Lines of `go test -json`'s verbose stream that plain `go test` does not print.
VERBOSE_ONLY = ("=== RUN", "=== PAUSE", "=== CONT", "=== NAME")
# The steps of `make test`, in the order they run, for the report.
STAGES = (("go-test", "go test"), ("notebooks", "notebooks"), ("notebooks-repeat", "notebooks run repeatedly"),
          ("slurm", "Slurm"), ("dockerfile", "Dockerfile"))


def clean(text):
    return " ".join(text.replace("\t", " ").split())


def write_tsv(path, rows):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as f:
        for status, what, reason in rows:
            f.write("%s\t%s\t%s\n" % (status, clean(what), clean(reason)))


def read_tsv(path):
    rows = []
    for line in path.read_text().splitlines():
        parts = line.split("\t")
        if len(parts) >= 2:
            rows.append((parts[0], parts[1], parts[2] if len(parts) > 2 else ""))
    return rows


def skip_reason(lines):
    """The t.Skip message in a skipped test's output (before or after its "--- SKIP" line)."""
    reason = []
    for line in lines:
        text = line.strip()
        if not text or text.startswith(VERBOSE_ONLY) or text.startswith("--- SKIP:"):
            continue
        # "file_test.go:22: message": keep the message.
        head, sep, rest = text.partition(": ")
        reason.append(rest if sep and ".go:" in head else text)
    return " ".join(reason) or "(no reason given)"


def go_test(summary_dir, command):
    if not command or command[0] == "--":
        command = command[1:]
    if len(command) < 2 or command[1] != "test":
        print("test_summary.py go-test: want `-- go test ARGS...`, got %r" % command, file=sys.stderr)
        return 2
    command = command[:2] + ["-json"] + command[2:]
    buffers = defaultdict(list)  # (package, test) -> output lines
    failed = defaultdict(list)  # (package, top-level test) -> [(depth, lines)] of failed subtests
    results = []  # (status, package test, reason)
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, bufsize=1)
    out = sys.stdout
    for line in proc.stdout:
        try:
            event = json.loads(line)
        except ValueError:
            out.write(line)  # not JSON: go's own messages
            out.flush()
            continue
        action = event.get("Action")
        pkg = event.get("Package") or event.get("ImportPath") or ""
        test = event.get("Test")
        text = event.get("Output", "")
        if action == "build-output":
            out.write(text)
        elif action == "output" and not test:
            if text.strip() != "PASS":  # plain go test prints only the package line
                out.write(text)
        elif action == "output":
            buffers[(pkg, test)].append(text)
        elif action in ("pass", "fail", "skip") and test:
            lines = buffers.pop((pkg, test), [])
            if action == "fail":
                # As plain go test: a failed test's output, then its failed subtests' indented.
                top, depth = test.split("/")[0], test.count("/")
                failed[(pkg, top)].append((depth, [l for l in lines if not l.startswith(VERBOSE_ONLY)]))
                if depth == 0:
                    subtests = failed.pop((pkg, top))
                    for d, text_lines in [subtests[-1]] + subtests[:-1]:
                        heads = [l.lstrip(" ") for l in text_lines if l.lstrip(" ").startswith("--- ")]
                        rest = [l for l in text_lines if not l.lstrip(" ").startswith("--- ")]
                        out.writelines("    " * d + l for l in heads + rest)
                results.append(("failed", "%s %s" % (pkg, test), ""))
            elif action == "skip":
                results.append(("skipped", "%s %s" % (pkg, test), skip_reason(lines)))
            else:
                results.append(("ok", "%s %s" % (pkg, test), ""))
        elif action == "fail" and not test:
            # A package that failed with tests unfinished (a panic, a timeout): show them.
            for key in [k for k in failed if k[0] == pkg]:
                for _, text_lines in failed.pop(key):
                    out.writelines(text_lines)
            for key in [k for k in buffers if k[0] == pkg]:
                out.writelines(l for l in buffers.pop(key) if not l.startswith(VERBOSE_ONLY))
        elif action in ("pass", "skip") and not test:
            for key in [k for k in buffers if k[0] == pkg]:
                del buffers[key]
        out.flush()
    status = proc.wait()
    if status != 0:
        out.write("FAIL\n")  # plain go test's last line when something failed
    write_tsv(summary_dir / "go-test.tsv", results)
    return status


def short_package(name):
    return name.replace("github.com/ufmi-dev/ufmi/", "")


def report(summary_dir):
    files = {p.stem: read_tsv(p) for p in sorted(summary_dir.glob("*.tsv"))} if summary_dir.is_dir() else {}
    print("\n========== make test: what ran, what was skipped and why ==========")
    if not files:
        print("(nothing recorded in %s)" % summary_dir)
        return 0
    names = dict(STAGES)
    order = [s for s, _ in STAGES if s in files] + sorted(s for s in files if s not in names)
    for stage in order:
        rows = files[stage]
        counts = OrderedDict((s, sum(1 for r in rows if r[0] == s))
                             for s in ("ok", "failed", "skipped", "partial"))
        shown = ", ".join("%d %s" % (n, s) for s, n in counts.items() if n) or "nothing"
        if stage == "go-test":
            print("go test: %d tests (subtests included): %s" % (len(rows), shown))
            by_reason = OrderedDict()
            for status, what, reason in rows:
                if status == "skipped":
                    by_reason.setdefault(reason, []).append(what)
            for reason, tests in sorted(by_reason.items(), key=lambda kv: -len(kv[1])):
                names_shown = [short_package(t) for t in tests[:3]]
                more = " and %d more" % (len(tests) - 3) if len(tests) > 3 else ""
                print("  %d skipped: %s  [%s%s]" % (len(tests), reason, ", ".join(names_shown), more))
            continue
        print("%s: %s" % (names.get(stage, stage), shown))
        seen = set()
        for status, what, reason in rows:
            if status in ("skipped", "partial", "failed") and (status, what, reason) not in seen:
                seen.add((status, what, reason))
                print("  %s %s%s" % (status, what, ": " + reason if reason else ""))
    print("(the race run uses -short and skips the long tests by design; not counted here)")
    return 0


def main(argv):
    if len(argv) < 2 or argv[0] not in ("reset", "go-test", "report"):
        print(__doc__, file=sys.stderr)
        return 2
    summary_dir = Path(argv[1])
    if argv[0] == "reset":
        shutil.rmtree(summary_dir, ignore_errors=True)
        summary_dir.mkdir(parents=True, exist_ok=True)
        return 0
    if argv[0] == "go-test":
        return go_test(summary_dir, argv[2:])
    return report(summary_dir)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
