#!/usr/bin/python3
"""Run the project's notebooks headless with the GoNB kernel, and check them.

Usage: run_notebooks.py [--full] [--timeout S] [--out DIR] [--figures DIR] [NOTEBOOK ...]

Without NOTEBOOK arguments it runs every notebooks/*.ipynb in sorted order, except names that
start with "_". Each notebook runs in its own folder (notebooks/), so `../data/...` reaches the
repository. The mode reaches the notebooks through the environment, which GoNB kernels inherit:
UFMI_FULL=1 with --full (the paper's sizes), unset otherwise (small sizes).

Executed copies go to --out (default out/notebooks/) and every image output to --figures
(default out/figures/) as <notebook>_<n>.png (or .svg), n counting images from 1. With --render, a
notebook that passes is also written back in place with its outputs (make render-notebooks).

A notebook fails when a cell raises an error (compile error, panic, os.Exit, timeout); when a
cell prints on stderr "exit status N" (a failing `!` shell line) or "unknown or not implemented
yet" (an unknown %magic), which is all GoNB does for those; or when the notebook produces no
output at all. The failing cell's source and output are printed, the remaining notebooks still
run, and the exit status is 1.

Needs nbclient and nbformat (run it with the Python that scripts/setup.sh found: .bin/ufmi-python),
and the kernel that scripts/setup.sh installs.
"""

import argparse
import asyncio
import base64
import os
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What GoNB prints on stderr, and only there, for a failing `!` shell line or an unknown %magic.
STDERR_FAILURES = re.compile(r"\bexit status \d+|\bunknown or not implemented yet")
IMAGE_TYPES = (("image/png", ".png"), ("image/svg+xml", ".svg"))


class NotebookFailure(Exception):
    """A check failed in one cell (or in the notebook as a whole when cell is None)."""

    def __init__(self, reason, cell=None, label=""):
        super().__init__(reason)
        self.reason = reason
        self.cell = cell
        self.label = label


def prepare_environment(full):
    """Make the kernel spec, its tools and the mode visible to the kernels we start."""
    data_dir = os.environ.get("UFMI_JUPYTER_DATA", str(ROOT / ".jupyter-data"))
    paths = [data_dir] + [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(paths)
    os.environ["PATH"] = os.pathsep.join([str(ROOT / ".bin"), os.environ.get("PATH", "")])
    if full:
        os.environ["UFMI_FULL"] = "1"
    else:
        os.environ.pop("UFMI_FULL", None)


def default_notebooks():
    return sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if not p.name.startswith("_"))


def cell_text(cell):
    """Everything a cell showed, as plain text, for failure reports."""
    parts = []
    for out in cell.get("outputs", []):
        kind = out.get("output_type")
        if kind == "stream":
            parts.append("[%s] %s" % (out.get("name"), out.get("text", "")))
        elif kind == "error":
            parts.append("[error] %s: %s" % (out.get("ename"), out.get("evalue")))
            parts.extend(out.get("traceback", []))
        else:
            data = out.get("data", {})
            shown = data.get("text/plain") or data.get("text/markdown") or data.get("text/html")
            if shown is None:
                shown = "<%s>" % ", ".join(sorted(data)) if data else "<empty %s>" % kind
            parts.append("[%s] %s" % (kind, "".join(shown) if isinstance(shown, list) else shown))
    return strip_ansi("\n".join(parts))


def strip_ansi(text):
    return re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", text)


def check_cell(cell, label):
    """Fail on a failing shell line or unknown magic, which GoNB only reports on stderr."""
    stderr = "".join(out.get("text", "") for out in cell.get("outputs", [])
                     if out.get("output_type") == "stream" and out.get("name") == "stderr")
    match = STDERR_FAILURES.search(stderr)
    if match:
        raise NotebookFailure("stderr says %r" % match.group(0), cell, label)


def save_figures(nb, stem, figures_dir):
    """Write every image output of nb as <stem>_<n>.<ext>; return the paths written."""
    for old in figures_dir.glob(stem + "_*"):
        if re.fullmatch(re.escape(stem) + r"_\d+\.(png|svg)", old.name):
            old.unlink()
    written = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            for mime, ext in IMAGE_TYPES:
                if mime not in data:
                    continue
                payload = data[mime]
                if isinstance(payload, list):
                    payload = "".join(payload)
                path = figures_dir / ("%s_%d%s" % (stem, len(written) + 1, ext))
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
    if failure.cell is not None:
        rule = "-" * 72
        print("%s\n%s, source:\n%s\n%s\n%s, output:\n%s\n%s" % (
            rule, failure.label, failure.cell.source, rule, failure.label,
            cell_text(failure.cell), rule), flush=True)


def run_one(path, args, kernel_name):
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(str(path), as_version=4)
    client = NotebookClient(
        nb, kernel_name=kernel_name, timeout=args.timeout, startup_timeout=120,
        allow_errors=False, resources={"metadata": {"path": str(path.parent)}})
    name = path.stem
    start = time.monotonic()
    print("== %s (%s mode)" % (path.relative_to(ROOT) if path.is_relative_to(ROOT) else path,
                               "full" if args.full else "small"), flush=True)
    failure = None
    try:
        asyncio.run(execute(client, name))
    except NotebookFailure as err:
        failure = err
    except Exception as err:  # the kernel did not start or went away between cells
        failure = NotebookFailure("kernel trouble: %s: %s" % (type(err).__name__, err))
    args.out.mkdir(parents=True, exist_ok=True)
    args.figures.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(args.out / path.name))
    figures = save_figures(nb, name, args.figures)
    elapsed = time.monotonic() - start
    if failure is not None:
        report(failure, name)
        return False, elapsed
    print("   ok: %.1f s, %d figure(s), executed copy in %s" % (
        elapsed, len(figures), args.out / path.name), flush=True)
    if args.render:
        nbformat.write(nb, str(path))
        print("   rendered in place: %s" % path, flush=True)
    return True, elapsed


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/*.ipynb")
    parser.add_argument("--full", action="store_true", help="the paper's sizes (UFMI_FULL=1)")
    parser.add_argument("--timeout", type=int, default=3600, help="per-cell timeout, seconds")
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "notebooks")
    parser.add_argument("--figures", type=Path, default=ROOT / "out" / "figures")
    parser.add_argument("--kernel", default="gonb", help="kernel name (default gonb)")
    parser.add_argument("--render", action="store_true",
                        help="write each passing notebook back in place, with its outputs")
    return parser.parse_args(argv)


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
    results = [(p.stem,) + run_one(p, args, args.kernel) for p in notebooks]
    failed = [name for name, ok, _ in results if not ok]
    # Worded unlike a test runner's "N passed, N failed" closing line: CI reads go test's.
    print("\n== notebooks done: %d ok, %d failing (%.1f s)" % (
        len(results) - len(failed), len(failed), sum(t for _, _, t in results)))
    for name in failed:
        print("   failed: %s" % name)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
