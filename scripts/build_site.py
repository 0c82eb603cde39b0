#!/usr/bin/env python3
"""Build ufmi's static site into out/site/ with no network: the README as the
index, every page of docs/ and every committed (executed) notebook with its
figures, and a link to the Go API documentation.

    python3 scripts/build_site.py [--out out/site]

Markdown is rendered by nbconvert's Markdown filter (the one Jupyter uses);
headings get GitHub's anchors, so the docs' links keep working. Links
between pages become links between the HTML pages; a link to any other file
of the repository points at the file on GitHub (REPO_URL), since the site
holds only pages. Notebooks are converted by nbconvert's HTML exporter with
their outputs, figures embedded as data URIs. scripts/check_site.py checks
the result.
"""

import argparse
import html
import os
import re
import shutil
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Where links to repository files and the API documentation point.
REPO_URL = "https://github.com/ufmi-dev/ufmi/blob/main/"
API_URL = "https://pkg.go.dev/github.com/ufmi-dev/ufmi/ufmi"

# MathJax 2 from Debian's libjs-mathjax (a dependency of jupyter-notebook), copied into the site
# so that formulas render offline too; UFMI_MATHJAX names another copy. Without one, formulas
# stay as TeX and the build says so.
MATHJAX_DIRS = [os.environ.get("UFMI_MATHJAX", ""), "/usr/share/javascript/mathjax", "/usr/share/nodejs/mathjax"]
# What the TeX-AMS_CHTML configuration loads: TeX in, CommonHTML out with the TeX web fonts.
MATHJAX_PARTS = ["MathJax.js", "config/TeX-AMS_CHTML.js", "jax/output/CommonHTML", "jax/element",
                 "jax/input/TeX", "extensions", "fonts/HTML-CSS/TeX/woff"]
MATHJAX_CONFIG = """MathJax.Hub.Config({tex2jax: {inlineMath: [["$", "$"], ["\\\\(", "\\\\)"]],
  displayMath: [["$$", "$$"], ["\\\\[", "\\\\]"]], processEscapes: true}, messageStyle: "none"});"""

STYLE = """
body { font-family: "Liberation Sans", Arial, sans-serif; max-width: 60rem; margin: 0 auto;
       padding: 0 1rem 3rem; line-height: 1.5; color: #222; }
nav { padding: 0.8rem 0; border-bottom: 1px solid #ddd; margin-bottom: 1rem; }
nav a { margin-right: 1rem; }
code, pre { font-family: "Liberation Mono", monospace; font-size: 0.92em; }
pre { background: #f6f8fa; padding: 0.6rem; overflow-x: auto; }
table { border-collapse: collapse; margin: 0.8rem 0; display: block; overflow-x: auto; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; }
img { max-width: 100%; }
a.anchor-link { display: none; }
"""


def anchor(text, seen):
    """GitHub's anchor of a heading's text: lower case, letters, digits, '-'
    and '_' kept, spaces as '-', others dropped; repeats get -1, -2, ..."""
    text = text.replace("`", "").replace("*", "")
    out = []
    for ch in text.strip().lower():
        if ch == " ":
            out.append("-")
        elif ch in "-_" or unicodedata.category(ch)[0] in "LN":
            out.append(ch)
    base = "".join(out)
    n = seen.get(base, 0)
    seen[base] = n + 1
    return base if n == 0 else f"{base}-{n}"


def page_of(target, here):
    """The site page a Markdown link target from repository file `here`
    (a path relative to ROOT) names, or None for another file."""
    path = (ROOT / here).parent / target
    try:
        rel = path.resolve().relative_to(ROOT)
    except ValueError:
        return None
    if rel == Path("README.md"):
        return Path("index.html")
    if rel.parent == Path("docs") and rel.suffix == ".md":
        return Path("docs") / (rel.stem + ".html")
    if rel.parent == Path("notebooks") and rel.suffix == ".ipynb":
        return Path("notebooks") / (rel.stem + ".html")
    return None


def relative(to, frm):
    """The relative URL from page `frm` to page `to` (both site paths)."""
    up = "../" * (len(frm.parts) - 1)
    return up + to.as_posix()


def rewrite_links(body, here, page):
    """Rewrites the href of every link of a page rendered from repository
    file `here` to site page `page`."""

    def fix(m):
        href = html.unescape(m.group(1))
        if re.match(r"^[a-z]+:", href) or href.startswith("#"):
            return m.group(0)
        target, _, frag = href.partition("#")
        dest = page_of(target, here)
        if dest is None:
            path = ((ROOT / here).parent / target).resolve()
            try:
                url = REPO_URL + path.relative_to(ROOT).as_posix()
            except ValueError:
                url = href
        else:
            url = relative(dest, page)
        if frag:
            url += "#" + frag
        return 'href="%s"' % html.escape(url, quote=True)

    return re.sub(r'href="([^"]*)"', fix, body)


def set_heading_ids(body):
    """Gives every heading GitHub's anchor as its id."""
    seen = {}

    def fix(m):
        level, inner = m.group(1), m.group(3)
        text = re.sub(r"<[^>]+>", "", inner)
        text = html.unescape(text).replace("\u00b6", "")
        ident = html.escape(anchor(text, seen), quote=True)
        # nbconvert's pilcrow link points at the id it gave; give it ours.
        inner = re.sub(r'(<a class="anchor-link" href=")#[^"]*"', lambda a: a.group(1) + "#" + ident + '"', inner)
        return '<h%s id="%s">%s</h%s>' % (level, ident, inner, level)

    return re.sub(r"<h([1-6])([^>]*)>(.*?)</h\1>", fix, body, flags=re.S)


def markdown_page(src, page, title, nav):
    from nbconvert.filters.markdown import markdown2html

    text = (ROOT / src).read_text(encoding="utf-8")
    body = markdown2html(text)
    body = body.replace("\\|", "|")  # an escaped pipe inside a table cell
    body = set_heading_ids(body)
    body = rewrite_links(body, src, page)
    return wrap(title, body, page, nav)


def find_mathjax():
    """The first MathJax 2 folder of MATHJAX_DIRS, or None."""
    for d in MATHJAX_DIRS:
        if d and (Path(d) / "MathJax.js").is_file() and (Path(d) / "config" / "TeX-AMS_CHTML.js").is_file():
            return Path(d)
    return None


def copy_mathjax(src, out):
    """Copies the parts of MathJax the site uses into out/mathjax/."""
    for part in MATHJAX_PARTS:
        s, d = src / part, out / "mathjax" / part
        if s.is_dir():
            shutil.copytree(s, d)
        elif s.is_file():
            d.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(s, d)


# Set by build: whether out/mathjax/ holds MathJax.
WITH_MATHJAX = False


def mathjax_head(page):
    """The script tags that typeset a page's formulas, or nothing without MathJax."""
    if not WITH_MATHJAX:
        return ""
    src = relative(Path("mathjax") / "MathJax.js", page) + "?config=TeX-AMS_CHTML"
    return f'<script type="text/x-mathjax-config">{MATHJAX_CONFIG}</script><script src="{src}"></script>'


def wrap(title, body, page, nav):
    links = " ".join('<a href="%s">%s</a>' % (relative(p, page), html.escape(n)) for n, p in nav)
    api = '<a href="%s">Go API</a>' % API_URL
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<title>{html.escape(title)} · ufmi</title><style>{STYLE}</style>{mathjax_head(page)}</head>\n"
        f"<body><nav>{links} {api}</nav>\n{body}\n</body></html>\n"
    )


def notebook_page(src, page, nav):
    import nbformat
    from nbconvert import HTMLExporter

    nb = nbformat.read(str(ROOT / src), as_version=4)
    exporter = HTMLExporter(template_name="basic")
    body, _ = exporter.from_notebook_node(nb)
    body = set_heading_ids(body)
    body = rewrite_links(body, src, page)
    return wrap(src.stem.replace("_", " "), body, page, nav)


def build(out):
    global WITH_MATHJAX
    if out.exists():
        shutil.rmtree(out)
    mathjax = find_mathjax()
    WITH_MATHJAX = mathjax is not None
    if mathjax:
        copy_mathjax(mathjax, out)
    else:
        print("site: no MathJax 2 found (apt-get install libjs-mathjax, or set UFMI_MATHJAX); formulas stay as TeX")
    (out / "docs").mkdir(parents=True)
    (out / "notebooks").mkdir()
    docs = sorted((ROOT / "docs").glob("*.md"))
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    nav = [("ufmi", Path("index.html"))] + [(d.stem, Path("docs") / (d.stem + ".html")) for d in docs]
    nav.append(("notebooks", Path("notebooks") / "index.html"))
    pages = {Path("index.html"): markdown_page(Path("README.md"), Path("index.html"), "ufmi", nav)}
    for d in docs:
        page = Path("docs") / (d.stem + ".html")
        pages[page] = markdown_page(d.relative_to(ROOT), page, d.stem, nav)
    items = []
    for nb in notebooks:
        page = Path("notebooks") / (nb.stem + ".html")
        pages[page] = notebook_page(nb.relative_to(ROOT), page, nav)
        items.append('<li><a href="%s">%s</a></li>' % (nb.stem + ".html", html.escape(nb.stem)))
    index = Path("notebooks") / "index.html"
    pages[index] = wrap("notebooks", "<h1>Notebooks</h1>\n<p>Executed copies, with their figures.</p>\n<ul>%s</ul>"
                        % "".join(items), index, nav)
    for page, text in pages.items():
        (out / page).write_text(text, encoding="utf-8")
    return len(pages)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "site")
    args = parser.parse_args()
    n = build(args.out)
    print(f"site: {n} pages in {args.out}")


if __name__ == "__main__":
    sys.exit(main())
