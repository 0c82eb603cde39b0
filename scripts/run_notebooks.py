#!/usr/bin/python3
"""Run the project's notebooks headless with the GoNB kernel, and check them.

Usage: run_notebooks.py [--full] [--timeout S] [--repeat N] [--render] [--new-outputs]
                        [--out DIR] [--figures DIR] [--record FILE] [--summary FILE] [NOTEBOOK ...]

Without NOTEBOOK arguments it runs every notebooks/*.ipynb in sorted order, except names that
start with "_". Each notebook runs in its own folder (notebooks/), so `../data/...` reaches the
repository. The mode reaches the notebooks through the environment, which GoNB kernels inherit:
UFMI_FULL=1 with --full (the paper's sizes), unset otherwise (small sizes).

Executed copies go to --out (default out/notebooks/) and every image output to --figures
(default out/figures/) as <notebook>_cell<C>_<k>.png (or .svg): C is the cell's number in the
notebook (from 1), k counts the images of that cell from 1, so a name always means the same
figure. With --render, a notebook that passes is also written back in place with its outputs
(make render-notebooks). --repeat N runs each notebook N times in a row (make test-notebooks
runs 01, 03 and 07 five times this way).

A notebook fails when
  * a cell raises an error (compile error, panic, os.Exit, timeout);
  * a cell prints on stderr "exit status N" (a failing `!` shell line) or "unknown or not
    implemented yet" (an unknown %magic), which is all GoNB does for those;
  * the notebook produces no output at all;
  * a cell shows a different number of figures, tables, other HTML or Markdown outputs than
    the same cell (same source) in the committed copy (the .ipynb as it was before the run,
    when it holds outputs) or in the previous passing run in the same mode (recorded in
    --record, default out/notebook-outputs.json). Streams (stdout, stderr) and the final
    progress lines of ufmi/notebook.Progress (absent when a cached result is read) are not
    counted. --new-outputs accepts changed counts (a notebook changed on purpose) and records
    them.
The failing cell's source and output, or the cells whose outputs differ, are printed; the
remaining notebooks still run, and the exit status is 1.

A notebook is skipped, with one line saying why, when the data it needs cannot be had:
  * before it runs, when its metadata lists data sources ("ufmi": {"data": [...]}: "openml"
    or "openml:<id>" for OpenML-CC18 datasets, "drosophila" for the connectome tables) and
    no source is local (the mirror $UFMI_MIRROR, the download cache $UFMI_CACHE or the user
    cache folder's ufmi/, data/drosophila/) and the server does not answer within 5 s;
  * after a cell panics with ufmi/notebook.MustData's "data unavailable" message (a download
    failed).
Skips do not change the exit status. --summary FILE writes each run's result (ok, failed,
skipped and why) for the summary of `make test` (scripts/test_summary.py).

Needs nbclient and nbformat (run it with the Python that scripts/setup.sh found: .bin/ufmi-python),
and the kernel that scripts/setup.sh installs.
"""

import argparse
import asyncio
import base64
import hashlib
import json
import os
import re
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What GoNB prints on stderr, and only there, for a failing `!` shell line or an unknown %magic.
STDERR_FAILURES = re.compile(r"\bexit status \d+|\bunknown or not implemented yet")
IMAGE_TYPES = (("image/png", ".png"), ("image/svg+xml", ".svg"))
# ufmi/notebook: the panic message of MustData, and the class of Progress's final line.
DATA_UNAVAILABLE = "ufmi notebook: data unavailable: "
PROGRESS_CLASS = "ufmi-progress"
# Progress's final line as notebooks rendered before it had a class show it.
PROGRESS_LINE = re.compile(r"<p>[^<>]*: \d+/\d+ done, [^<>]*</p>")
# The kinds of displayed output that are counted, in report order.
KINDS = ("figure", "table", "html", "markdown", "text")
# Data sources a notebook's metadata may name: what to try when nothing is local.
SERVERS = {"openml": "https://www.openml.org/", "drosophila": "https://raw.githubusercontent.com/"}
DROSOPHILA_FILES = ("vdf.csv", "mi_table.csv", "right_adjacency.csv", "right_cell_labels.csv")


class NotebookFailure(Exception):
    """A check failed in one cell (or in the notebook as a whole when cell is None)."""

    def __init__(self, reason, cell=None, label="", details=""):
        super().__init__(reason)
        self.reason = reason
        self.cell = cell
        self.label = label
        self.details = details


class DataUnavailable(Exception):
    """The notebook's data cannot be had (no mirror, no cache, no network)."""


def prepare_environment(full):
    """Make the kernel spec, its tools and the mode visible to the kernels we start."""
    data_dir = os.environ.get("UFMI_JUPYTER_DATA", str(ROOT / ".jupyter-data"))
    paths = [data_dir] + [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(paths)
    os.environ["PATH"] = os.pathsep.join([str(ROOT / ".bin"), os.environ.get("PATH", "")])
    # A wrong answer to an exercise fails its cell (ufmi/notebook.CheckNumber and friends).
    os.environ["UFMI_EXERCISES_MUST_PASS"] = "1"
    if full:
        os.environ["UFMI_FULL"] = "1"
    else:
        os.environ.pop("UFMI_FULL", None)


def default_notebooks():
    return sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if not p.name.startswith("_"))


def joined(value):
    return "".join(value) if isinstance(value, list) else (value or "")


def cell_text(cell):
    """Everything a cell showed, as plain text, for failure reports."""
    parts = []
    for out in cell.get("outputs", []):
        kind = out.get("output_type")
        if kind == "stream":
            parts.append("[%s] %s" % (out.get("name"), joined(out.get("text"))))
        elif kind == "error":
            parts.append("[error] %s: %s" % (out.get("ename"), out.get("evalue")))
            parts.extend(out.get("traceback", []))
        else:
            data = out.get("data", {})
            shown = data.get("text/plain") or data.get("text/markdown") or data.get("text/html")
            if shown is None:
                shown = "<%s>" % ", ".join(sorted(data)) if data else "<empty %s>" % kind
            parts.append("[%s] %s" % (kind, joined(shown)))
    return strip_ansi("\n".join(parts))


def strip_ansi(text):
    return re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", text)


def check_cell(cell, label):
    """Fail on a failing shell line or unknown magic, which GoNB only reports on stderr."""
    stderr = "".join(joined(out.get("text")) for out in cell.get("outputs", [])
                     if out.get("output_type") == "stream" and out.get("name") == "stderr")
    match = STDERR_FAILURES.search(stderr)
    if match:
        raise NotebookFailure("stderr says %r" % match.group(0), cell, label)


def data_unavailable_message(cell):
    """The first line of MustData's panic message in cell's output, or None."""
    text = cell_text(cell)
    at = text.find(DATA_UNAVAILABLE)
    if at < 0:
        return None
    return text[at + len(DATA_UNAVAILABLE):].splitlines()[0].strip()


# --- counting displayed outputs ------------------------------------------------------------

def output_kind(out):
    """The counted kind of one output, or None for streams, errors and progress lines."""
    if out.get("output_type") not in ("display_data", "execute_result"):
        return None
    data = out.get("data", {})
    if any(mime.startswith("image/") for mime in data):
        return "figure"
    if "text/html" in data:
        html = joined(data["text/html"]).strip()
        if not html or PROGRESS_CLASS in html or PROGRESS_LINE.fullmatch(html):
            return None  # Progress's live line (emptied) and its final line
        return "table" if "<table" in html else "html"
    if "text/markdown" in data:
        return "markdown"
    return "text" if data else None


def source_hash(cell):
    return hashlib.sha256(joined(cell.get("source")).encode()).hexdigest()[:16]


def output_counts(nb):
    """{cell number (from 1): {"source": hash, "counts": {kind: n}}} over the code cells."""
    cells = {}
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        counts = Counter(k for k in map(output_kind, cell.get("outputs", [])) if k)
        cells[str(index + 1)] = {"source": source_hash(cell), "counts": dict(counts)}
    return cells


def has_outputs(nb):
    return any(c.get("outputs") for c in nb.cells if c.cell_type == "code")


def describe(counts):
    shown = ["%d %s%s" % (counts.get(k, 0), k, "" if counts.get(k, 0) == 1 else "s")
             for k in KINDS if counts.get(k, 0)]
    return ", ".join(shown) or "no counted output"


def compare_counts(now, before, what):
    """Lines naming each cell (same source in both) whose counts differ from before's."""
    lines = []
    for number, cell in now.items():
        old = before.get(number)
        if old is None or old["source"] != cell["source"]:
            continue  # a new or edited cell: nothing to compare with
        if cell["counts"] == old["counts"]:
            continue
        changes = []
        for kind in KINDS:
            delta = cell["counts"].get(kind, 0) - old["counts"].get(kind, 0)
            if delta < 0:
                changes.append("lost %d %s%s" % (-delta, kind, "" if delta == -1 else "s"))
            elif delta > 0:
                changes.append("%d more %s%s" % (delta, kind, "" if delta == 1 else "s"))
        lines.append("cell %s: %s (it shows %s; %s: %s)" % (
            number, ", ".join(changes), describe(cell["counts"]), what, describe(old["counts"])))
    return lines


def load_record(path):
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return {}


def save_record(path, record):
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    tmp.replace(path)


# --- data sources ---------------------------------------------------------------------------

def cache_dir():
    """The OpenML download cache of ufmi/cc18 (LoadOptions.CacheDir's default)."""
    if os.environ.get("UFMI_CACHE"):
        return Path(os.environ["UFMI_CACHE"]) / "openml"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "ufmi" / "openml"


def local_source(source):
    """Where source is held locally, or None."""
    kind, _, ident = source.partition(":")
    mirror = os.environ.get("UFMI_MIRROR")
    if kind == "openml":
        if mirror:
            folder = Path(mirror) / "cc18"
            pattern = "%s_*.csv.gz" % ident if ident else "*.csv.gz"
            if any(folder.glob(pattern)):
                return "the mirror %s" % folder
        cached = cache_dir()
        if any(cached.glob("%s.sha256" % (ident or "*"))):
            return "the download cache %s" % cached
        return None
    if kind == "drosophila":
        for folder in [ROOT / "data" / "drosophila"] + ([Path(mirror) / "drosophila"] if mirror else []):
            if all((folder / f).is_file() for f in DROSOPHILA_FILES):
                return str(folder)
        return None
    raise ValueError("unknown data source %r in the notebook's metadata" % source)


def places(source):
    """Where local_source looked, for the skip line."""
    mirror = os.environ.get("UFMI_MIRROR")
    if source.startswith("openml"):
        return "%s nor the download cache %s" % (
            "$UFMI_MIRROR/cc18 (%s/cc18)" % mirror if mirror else "a mirror (UFMI_MIRROR unset)", cache_dir())
    return "data/drosophila nor %s" % (
        "$UFMI_MIRROR/drosophila (%s/drosophila)" % mirror if mirror else "a mirror (UFMI_MIRROR unset)")


def server_answers(url, timeout=5):
    """None when url's server answers (any HTTP status, through the proxy settings the Go
    downloads use too), else why not."""
    request = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(request, timeout=timeout):
            return None
    except urllib.error.HTTPError:
        return None
    except Exception as err:  # URLError, timeouts, refused proxies
        reason = getattr(err, "reason", err)
        return "%s: %s" % (url, reason)


def check_data(nb, answers):
    """Raise DataUnavailable when a data source the notebook needs is neither local nor
    reachable; answers caches server_answers by URL."""
    for source in nb.metadata.get("ufmi", {}).get("data", []):
        if local_source(source):
            continue
        url = SERVERS[source.partition(":")[0]]
        if url not in answers:
            answers[url] = server_answers(url)
        if answers[url] is not None:
            raise DataUnavailable("needs %s: not in %s, and %s" % (source, places(source), answers[url]))


# --- running --------------------------------------------------------------------------------

def save_figures(nb, stem, figures_dir):
    """Write every image output of nb as <stem>_cell<C>_<k>.<ext>; return the paths written."""
    for old in figures_dir.glob(stem + "_*"):
        if re.fullmatch(re.escape(stem) + r"_(cell\d+_)?\d+\.(png|svg)", old.name):
            old.unlink()
    written = []
    for index, cell in enumerate(nb.cells):
        k = 0
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            for mime, ext in IMAGE_TYPES:
                if mime not in data:
                    continue
                k += 1
                payload = joined(data[mime])
                path = figures_dir / ("%s_cell%02d_%d%s" % (stem, index + 1, k, ext))
                if ext == ".png":
                    path.write_bytes(base64.b64decode(payload))
                else:
                    path.write_text(payload)
                written.append(path)
    return written


async def execute(client, name):
    """Run every cell of client.nb, printing progress; raise NotebookFailure on a failed check."""
    from nbclient.exceptions import CellExecutionError

    code_cells = [i for i, c in enumerate(client.nb.cells) if c.cell_type == "code"]
    client.reset_execution_trackers()
    async with client.async_setup_kernel():
        info = await client.async_wait_for_reply(await ensure_awaited(client.kc.kernel_info()))
        if info is not None and "language_info" in info["content"]:
            client.nb.metadata["language_info"] = info["content"]["language_info"]
        for n, index in enumerate(code_cells, 1):
            cell = client.nb.cells[index]
            label = "code cell %d/%d (cell %d of the notebook)" % (n, len(code_cells), index + 1)
            start = time.monotonic()
            print("  [%s] cell %d/%d ..." % (name, n, len(code_cells)), end="", flush=True)
            try:
                await client.async_execute_cell(
                    cell, index, execution_count=client.code_cells_executed + 1)
            except CellExecutionError:
                missing = data_unavailable_message(cell)
                if missing is not None:
                    print(" data unavailable after %.1f s" % (time.monotonic() - start), flush=True)
                    raise DataUnavailable(missing) from None
                print(" FAILED after %.1f s" % (time.monotonic() - start), flush=True)
                raise NotebookFailure("the cell raised an error", cell, label) from None
            except Exception as err:  # timeout, dead kernel
                print(" FAILED after %.1f s" % (time.monotonic() - start), flush=True)
                raise NotebookFailure("%s: %s" % (type(err).__name__, err), cell, label) from None
            print(" %.1f s" % (time.monotonic() - start), flush=True)
            check_cell(cell, label)
    if not any(client.nb.cells[i].get("outputs") for i in code_cells):
        raise NotebookFailure("the notebook produced no output at all")


async def ensure_awaited(value):
    return await value if asyncio.iscoroutine(value) or asyncio.isfuture(value) else value


def report(failure, name):
    print("\nFAILED %s: %s" % (name, failure.reason))
    if failure.details:
        print(failure.details)
    if failure.cell is not None:
        rule = "-" * 72
        print("%s\n%s, source:\n%s\n%s\n%s, output:\n%s\n%s" % (
            rule, failure.label, failure.cell.source, rule, failure.label,
            cell_text(failure.cell), rule), flush=True)
    sys.stdout.flush()


def check_counts(nb, committed, key, record, args):
    """Compare nb's displayed outputs with the committed copy's and the previous run's."""
    now = output_counts(nb)
    if args.new_outputs:
        return now
    lines = []
    if committed is not None:
        lines += compare_counts(now, committed, "the committed copy shows")
    previous = record.get(key)
    if previous is not None:
        lines += compare_counts(now, previous["cells"], "the previous run (%s) showed" % previous["when"])
    if lines:
        raise NotebookFailure(
            "its displayed outputs differ from the committed copy or the previous run",
            details="\n".join("   " + line for line in lines) +
            "\n   (a cell that lost an output may be GoNB dropping a display: see ufmi/notebook.Sync;"
            "\n    after a deliberate change: --new-outputs, i.e. make ... NEW_OUTPUTS=1)")
    return now


def run_one(path, args, kernel_name, record, answers, run_label=""):
    """Run one notebook; return (status, seconds, reason) with status "ok", "failed" or
    "skipped"."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(str(path), as_version=4)
    name = path.stem
    mode = "full" if args.full else "small"
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    print("== %s (%s mode)%s" % (shown, mode, run_label), flush=True)
    start = time.monotonic()
    try:
        check_data(nb, answers)
    except DataUnavailable as err:
        print("   SKIPPED %s: data unavailable: %s" % (name, err), flush=True)
        return "skipped", time.monotonic() - start, "data unavailable: %s" % err
    committed = output_counts(nb) if has_outputs(nb) else None
    client = NotebookClient(
        nb, kernel_name=kernel_name, timeout=args.timeout, startup_timeout=120,
        allow_errors=False, resources={"metadata": {"path": str(path.parent)}})
    failure = None
    try:
        asyncio.run(execute(client, name))
    except DataUnavailable as err:
        print("   SKIPPED %s: data unavailable: %s" % (name, err), flush=True)
        return "skipped", time.monotonic() - start, "data unavailable: %s" % err
    except NotebookFailure as err:
        failure = err
    except Exception as err:  # the kernel did not start or went away between cells
        failure = NotebookFailure("kernel trouble: %s: %s" % (type(err).__name__, err))
    args.out.mkdir(parents=True, exist_ok=True)
    args.figures.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(args.out / path.name))
    figures = save_figures(nb, name, args.figures)
    key = "%s %s" % (name, mode)
    if failure is None:
        try:
            counts = check_counts(nb, committed, key, record, args)
        except NotebookFailure as err:
            failure = err
    elapsed = time.monotonic() - start
    if failure is not None:
        report(failure, name)
        return "failed", elapsed, failure.reason
    record[key] = {"when": time.strftime("%Y-%m-%d %H:%M:%S"), "cells": counts}
    save_record(args.record, record)
    total = Counter()
    for cell in counts.values():
        total.update(cell["counts"])
    print("   ok: %.1f s, %s, executed copy in %s" % (
        elapsed, describe(total), args.out / path.name), flush=True)
    if len(figures) != total["figure"]:
        print("   (%d figure file(s) written)" % len(figures))
    if args.render:
        nbformat.write(nb, str(path))
        print("   rendered in place: %s" % path, flush=True)
    return "ok", elapsed, ""


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/*.ipynb")
    parser.add_argument("--full", action="store_true", help="the paper's sizes (UFMI_FULL=1)")
    parser.add_argument("--timeout", type=int, default=3600, help="per-cell timeout, seconds")
    parser.add_argument("--repeat", type=int, default=1, help="run each notebook N times in a row")
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "notebooks")
    parser.add_argument("--figures", type=Path, default=ROOT / "out" / "figures")
    parser.add_argument("--record", type=Path, default=ROOT / "out" / "notebook-outputs.json",
                        help="the counts of displayed outputs of each notebook's last passing run")
    parser.add_argument("--summary", type=Path, help="write the results as JSON to this file")
    parser.add_argument("--kernel", default="gonb", help="kernel name (default gonb)")
    parser.add_argument("--render", action="store_true",
                        help="write each passing notebook back in place, with its outputs")
    parser.add_argument("--new-outputs", action="store_true",
                        help="accept displayed outputs that differ from the committed copy and "
                             "the previous run (a deliberate change), and record them")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    return args


def write_summary(path, results, repeat):
    """One line per run, STATUS<TAB>NOTEBOOK<TAB>REASON, as scripts/test_summary.py reads them."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as f:
        for name, run, status, _, reason in results:
            what = "%s (run %d/%d)" % (name, run, repeat) if repeat > 1 and status != "skipped" else name
            f.write("%s\t%s\t%s\n" % (status, what, " ".join(reason.split())))


def main(argv):
    args = parse_args(argv)
    prepare_environment(args.full)
    from jupyter_client.kernelspec import KernelSpecManager

    if args.kernel not in KernelSpecManager().find_kernel_specs():
        print("kernel %r not found (JUPYTER_PATH=%s): run `make setup`" % (
            args.kernel, os.environ["JUPYTER_PATH"]), file=sys.stderr)
        return 2
    notebooks = [p.resolve() for p in args.notebooks] or default_notebooks()
    if not notebooks:
        print("no notebooks to run", file=sys.stderr)
        return 2
    record = load_record(args.record)
    answers = {}
    results = []
    for path in notebooks:
        for run in range(1, args.repeat + 1):
            label = " run %d/%d" % (run, args.repeat) if args.repeat > 1 else ""
            status, secs, reason = run_one(path, args, args.kernel, record, answers, label)
            results.append((path.stem, run, status, secs, reason))
            if status == "skipped":
                break  # the data stays unavailable
    if args.summary:
        write_summary(args.summary, results, args.repeat)
    by = {s: [r for r in results if r[2] == s] for s in ("ok", "failed", "skipped")}
    # Worded unlike a test runner's "N passed, N failed" closing line: CI reads go test's.
    print("\n== notebooks done: %d ok, %d failing, %d skipped (%.1f s)" % (
        len(by["ok"]), len(by["failed"]), len(by["skipped"]), sum(r[3] for r in results)))
    for name, run, _, _, reason in by["failed"]:
        print("   failed: %s%s: %s" % (name, " (run %d)" % run if args.repeat > 1 else "", reason))
    for name, _, _, _, reason in by["skipped"]:
        print("   skipped: %s: %s" % (name, reason))
    return 1 if by["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
