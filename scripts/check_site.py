#!/usr/bin/env python3
"""Check the static site that scripts/build_site.py wrote (out/site/).

    python3 scripts/check_site.py [--site out/site] [--chromium PATH]

Every page must load in headless Chromium (Debian's `chromium` package)
without a console error, and every link and image must resolve: a link to
another page of the site must name an existing page, and a fragment an
element id of that page; an image must be a PNG (a file of the site or an
embedded data URI) that decodes. Links and images out of the site (http,
https, mailto; the Binder badge) are not fetched: the check runs offline.

Without Chromium the load check is left out (exit status 0 if the rest
passed) and the result, with that, is written to the test summary when
--summary names its folder.
Exit status 1 lists every problem found.
"""

import argparse
import base64
import html.parser
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


class Page(html.parser.HTMLParser):
    """The ids, links and image sources of one HTML page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.links, self.images = set(), [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        if tag == "img":
            self.images.append(a.get("src", ""))


def parse(path):
    p = Page()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def png_ok(data):
    """A PNG that starts with its magic bytes and has an IHDR chunk."""
    return data[:8] == PNG_MAGIC and data[12:16] == b"IHDR"


def check_static(site, pages):
    problems = []
    parsed = {p: parse(p) for p in pages}
    for page, doc in parsed.items():
        name = page.relative_to(site)
        for href in doc.links:
            parts = urlsplit(href)
            if parts.scheme in ("http", "https", "mailto"):
                if parts.scheme != "mailto" and not parts.netloc:
                    problems.append(f"{name}: malformed link {href!r}")
                continue
            if parts.scheme:
                problems.append(f"{name}: link of unknown scheme {href!r}")
                continue
            target = page if not parts.path else (page.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                problems.append(f"{name}: broken link {href!r} (no page {target})")
                continue
            frag = unquote(parts.fragment)
            if frag and target.suffix == ".html":
                ids = parsed[target].ids if target in parsed else parse(target).ids
                if frag not in ids:
                    problems.append(f"{name}: link {href!r}: {target.relative_to(site)} has no id {frag!r}")
        for src in doc.images:
            if urlsplit(src).scheme in ("http", "https"):
                continue  # out of the site (a badge): not fetched, the check runs offline
            if src.startswith("data:"):
                head, _, payload = src.partition(",")
                if not head.startswith("data:image/png;base64"):
                    problems.append(f"{name}: embedded image of type {head!r}")
                    continue
                try:
                    data = base64.b64decode(payload, validate=True)
                except ValueError:
                    problems.append(f"{name}: embedded image that is not base64")
                    continue
                if not png_ok(data):
                    problems.append(f"{name}: embedded image that is not a PNG")
                continue
            target = (page.parent / unquote(urlsplit(src).path)).resolve()
            if not target.is_file():
                problems.append(f"{name}: missing image {src!r}")
            elif not png_ok(target.read_bytes()[:16]):
                problems.append(f"{name}: image {src!r} is not a PNG")
    return problems


def has_formulas(source):
    """Whether a page loads MathJax and has $...$ TeX outside code."""
    if "mathjax/MathJax.js" not in source:
        return False
    text = re.sub(r"<(pre|code|script|style)\b.*?</\1>", "", source, flags=re.S)
    return re.search(r"\$[^$\s<][^$<]*\$", text) is not None


def check_chromium(chromium, site, pages):
    """Loads each page headless; a page that does not load, or logs a
    console error (a failed resource, a script error), is a problem."""
    problems = []
    with tempfile.TemporaryDirectory() as profile:
        for page in pages:
            name = page.relative_to(site)
            cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                   f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0",
                   "--virtual-time-budget=3000", "--dump-dom", page.as_uri()]
            try:
                # A browser killed by a signal (negative exit: seen once as a
                # segfault when its zygote could not fork) says nothing about
                # the page: it gets up to two more tries. Any other failure
                # counts at once.
                for _ in range(3):
                    run = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
                    if run.returncode >= 0:
                        break
            except subprocess.TimeoutExpired:
                problems.append(f"{name}: Chromium did not finish loading it in 120 s")
                continue
            if run.returncode != 0 or "</html>" not in run.stdout:
                problems.append(f"{name}: did not load (exit {run.returncode}): {run.stderr.strip()[-300:]}")
                continue
            if has_formulas(page.read_text(encoding="utf-8")) and "mjx-chtml" not in run.stdout:
                problems.append(f"{name}: its TeX formulas were not typeset by MathJax")
            for line in run.stderr.splitlines():
                if "CONSOLE" in line and ("ERROR" in line or "Uncaught" in line) or "Failed to load resource" in line:
                    problems.append(f"{name}: console: {line.strip()[:300]}")
    return problems


def self_test(chromium):
    """The check finds what it must: a small site with a broken link, a
    missing fragment, a missing image, a PNG that is not one and (with
    Chromium) a script error must give each its problem."""
    with tempfile.TemporaryDirectory() as d:
        site = Path(d)
        (site / "b.html").write_text('<!DOCTYPE html><html><body><h1 id="here">B</h1></body></html>')
        (site / "fake.png").write_bytes(b"not a png at all")
        (site / "a.html").write_text(
            '<!DOCTYPE html><html><body><a href="missing.html">x</a> <a href="b.html#nope">y</a> '
            '<a href="b.html#here">z</a> <img src="gone.png"> <img src="fake.png">'
            '<script>throw new Error("boom")</script></body></html>')
        pages = sorted(site.glob("*.html"))
        found = check_static(site, pages)
        if chromium:
            found += check_chromium(chromium, site, pages)
    want = ["broken link 'missing.html'", "has no id 'nope'", "missing image 'gone.png'", "'fake.png' is not a PNG"]
    if chromium:
        want.append("boom")
    missed = [w for w in want if not any(w in f for f in found)]
    wrong = [f for f in found if "#here" in f]
    for w in missed:
        print(f"check_site self-test: did not report {w!r}", file=sys.stderr)
    for f in wrong:
        print(f"check_site self-test: reported a good link: {f}", file=sys.stderr)
    return not missed and not wrong


def find_chromium(given):
    if given:
        return given
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "out" / "site")
    parser.add_argument("--chromium", help="the browser (default: chromium on the PATH)")
    parser.add_argument("--summary", type=Path, help="test summary folder to record the result in (scripts/test_summary.py)")
    args = parser.parse_args()
    chromium = find_chromium(args.chromium)
    if not self_test(chromium):
        return 1
    site = args.site.resolve()
    pages = sorted(site.rglob("*.html"))
    if not pages:
        print(f"check_site: no pages in {site}; run make site first", file=sys.stderr)
        return 1
    problems = check_static(site, pages)
    if chromium:
        problems += check_chromium(chromium, site, pages)
        loaded = f"loaded in {Path(chromium).name}"
    else:
        loaded = "NOT loaded in a browser: no chromium on the PATH (apt-get install chromium)"
    for p in problems:
        print("check_site:", p, file=sys.stderr)
    if args.summary:
        # One line for scripts/test_summary.py's report: STATUS, WHAT, REASON.
        args.summary.mkdir(parents=True, exist_ok=True)
        status, reason = "ok", f"{len(pages)} pages"
        if problems:
            status, reason = "failed", f"{len(problems)} problems"
        elif not chromium:
            status, reason = "partial", "no chromium on the PATH: links and images checked, pages not loaded in a browser"
        (args.summary / "site.tsv").write_text(f"{status}\tsite check (make site)\t{reason}\n")
    print(f"check_site: {len(pages)} pages, links and images checked, {loaded}; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
