package docsection

// Checks of the manual itself: README.md and docs/*.md link only to files
// and headings that exist, the README keeps the two commands and names
// every notebook, and docs/architecture.md (the one file map) names every
// Go file with its package's real imports.

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// root is the repository root, seen from this package's folder.
const root = "../.."

// modulePath prefixes the module's own import paths.
const modulePath = "github.com/ufmi-dev/ufmi/"

// docFiles are the Markdown files of the manual, relative to root.
func docFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md", "CHANGELOG.md"}
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) == 0 {
		t.Fatal("no docs/*.md files")
	}
	for _, d := range docs {
		rel, _ := filepath.Rel(root, d)
		files = append(files, rel)
	}
	return files
}

func readDoc(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// proseLines returns the lines of a Markdown text outside fenced code
// blocks, with their 1-based numbers.
func proseLines(text string) (lines []string, numbers []int) {
	fenced := false
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			lines = append(lines, l)
			numbers = append(numbers, i+1)
		}
	}
	return lines, numbers
}

// anchors returns the anchors GitHub gives the headings of a Markdown
// text: the heading's text without formatting, lower-cased, with
// characters other than letters, digits, spaces, '-' and '_' dropped and
// spaces turned into '-'; a repeated anchor gets -1, -2, ...
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	lines, _ := proseLines(text)
	for _, l := range lines {
		if !strings.HasPrefix(l, "#") {
			continue
		}
		h := strings.TrimLeft(l, "#")
		if h == "" || h[0] != ' ' {
			continue
		}
		h = strings.NewReplacer("`", "", "*", "").Replace(strings.TrimSpace(h))
		var b strings.Builder
		for _, r := range strings.ToLower(h) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			out[a+"-"+strconv.Itoa(n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

var (
	linkTarget = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	// generatedStart is a section's start marker on a line of its own.
	generatedStart = regexp.MustCompile(`(?m)^<!-- \w+:start -->$`)
	codeSpan       = regexp.MustCompile("`[^`]*`")
)

// Every relative link of the README and the docs names a file or folder
// that exists, and every #anchor a heading of its file.
func TestLinksResolve(t *testing.T) {
	t.Parallel()
	files := docFiles(t)
	headings := map[string]map[string]bool{}
	for _, f := range files {
		headings[filepath.Clean(f)] = anchors(readDoc(t, f))
	}
	links := 0
	for _, f := range files {
		lines, numbers := proseLines(readDoc(t, f))
		for i, l := range lines {
			for _, m := range linkTarget.FindAllStringSubmatch(codeSpan.ReplaceAllString(l, ""), -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				links++
				where := fmt.Sprintf("%s:%d", f, numbers[i])
				path, anchor, _ := strings.Cut(target, "#")
				dest := filepath.Clean(f)
				if path != "" {
					dest = filepath.Clean(filepath.Join(filepath.Dir(f), path))
					if _, err := os.Stat(filepath.Join(root, dest)); err != nil {
						t.Errorf("%s: link %q: no such file %s", where, target, dest)
						continue
					}
				}
				if anchor == "" {
					continue
				}
				known, ok := headings[dest]
				if !ok {
					if !strings.HasSuffix(dest, ".md") {
						t.Errorf("%s: link %q: an anchor into a file that is not Markdown", where, target)
						continue
					}
					known = anchors(readDoc(t, dest))
					headings[dest] = known
				}
				if !known[anchor] {
					t.Errorf("%s: link %q: %s has no heading with anchor #%s", where, target, dest, anchor)
				}
			}
		}
	}
	if links < 20 {
		t.Errorf("found only %d relative links: is the link pattern still right?", links)
	}
}

func TestAnchorsFollowGitHub(t *testing.T) {
	t.Parallel()
	got := anchors("# A: b's `c` (D)\n## A: b's c (D)\n```\n# not a heading\n```\n### Type-I error and_x\n")
	for _, want := range []string{"a-bs-c-d", "a-bs-c-d-1", "type-i-error-and_x"} {
		if !got[want] {
			t.Errorf("no anchor %q in %v", want, got)
		}
	}
	if len(got) != 3 {
		t.Errorf("anchors %v, want 3", got)
	}
}

// The README stays short, keeps the two commands (the main job and the
// tests, which CI runs), and names every notebook.
func TestReadmeNamesCommandsAndNotebooks(t *testing.T) {
	t.Parallel()
	readme := readDoc(t, "README.md")
	if n := strings.Count(readme, "\n"); n > 250 {
		t.Errorf("README.md has %d lines; keep it at most 250 and move the rest to docs/", n)
	}
	for _, cmd := range []string{"make notebooks", "make test"} {
		if !strings.Contains(readme, "    "+cmd) {
			t.Errorf("README.md does not show the command %q", cmd)
		}
	}
	if ci := readDoc(t, ".ci/run"); !strings.Contains(ci, "exec make test") {
		t.Error(".ci/run no longer runs `make test`, the README's test command")
	}
	notebooks, err := filepath.Glob(filepath.Join(root, "notebooks", "*.ipynb"))
	if err != nil || len(notebooks) == 0 {
		t.Fatalf("no notebooks: %v", err)
	}
	for _, nb := range notebooks {
		name := strings.TrimSuffix(filepath.Base(nb), ".ipynb")
		if strings.HasPrefix(name, "_") {
			continue
		}
		if !strings.Contains(readme, "`"+name+"`") {
			t.Errorf("README.md does not list the notebook %s", name)
		}
	}
}

// archSection is one package's section of docs/architecture.md.
type archSection struct {
	files   []string // the .go files it names
	imports []string // its Imports line, module-internal paths
	line    int
}

var goFile = regexp.MustCompile("`([A-Za-z0-9_]+\\.go)`")

// architecture reads the package sections (### <package path>) of
// docs/architecture.md.
func architecture(t *testing.T) map[string]*archSection {
	t.Helper()
	sections := map[string]*archSection{}
	var cur *archSection
	lines, numbers := proseLines(readDoc(t, "docs/architecture.md"))
	for i, l := range lines {
		if strings.HasPrefix(l, "#") {
			cur = nil
			if name, ok := strings.CutPrefix(l, "### "); ok && !strings.Contains(name, " ") {
				cur = &archSection{line: numbers[i], imports: nil}
				sections[name] = cur
			}
			continue
		}
		if cur == nil {
			continue
		}
		if _, list, ok := strings.Cut(l, "**Imports:**"); ok {
			if strings.TrimSpace(list) != "none" {
				for _, m := range codeSpan.FindAllString(list, -1) {
					cur.imports = append(cur.imports, strings.Trim(m, "`"))
				}
			}
			cur.imports = append(cur.imports, "") // marks the line as present
		}
		if strings.HasPrefix(l, "- ") {
			for _, m := range goFile.FindAllStringSubmatch(l, -1) {
				cur.files = append(cur.files, m[1])
			}
		}
	}
	return sections
}

// goPackages maps the module's package folders (relative to root, with
// '/') to their non-test Go files; nested modules and testdata are left
// out.
func goPackages(t *testing.T) map[string][]string {
	t.Helper()
	pkgs := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			name := d.Name()
			if rel != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && rel != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") {
			dir := filepath.ToSlash(filepath.Dir(rel))
			pkgs[dir] = append(pkgs[dir], d.Name())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// docs/architecture.md has a section for every package, naming each of
// its non-test Go files, and names no file that does not exist.
func TestArchitectureListsEveryFile(t *testing.T) {
	t.Parallel()
	sections := architecture(t)
	for dir, files := range goPackages(t) {
		if dir == "." {
			t.Errorf("Go files at the repository root: %v", files)
			continue
		}
		s, ok := sections[dir]
		if !ok {
			t.Errorf("docs/architecture.md has no section \"### %s\"", dir)
			continue
		}
		for _, f := range files {
			if !slices.Contains(s.files, f) {
				t.Errorf("docs/architecture.md, section %s (line %d): %s is not listed", dir, s.line, f)
			}
		}
		for _, f := range s.files {
			if !slices.Contains(files, f) {
				t.Errorf("docs/architecture.md, section %s (line %d): %s does not exist", dir, s.line, f)
			}
		}
	}
	pkgs := goPackages(t)
	for name, s := range sections {
		if _, ok := pkgs[name]; !ok {
			t.Errorf("docs/architecture.md, line %d: section %s names no package folder", s.line, name)
		}
	}
}

// The Imports line of each package in docs/architecture.md is the set of
// module-internal packages its non-test files import.
func TestArchitectureImports(t *testing.T) {
	t.Parallel()
	sections := architecture(t)
	fset := token.NewFileSet()
	for dir, files := range goPackages(t) {
		s, ok := sections[dir]
		if !ok {
			continue // TestArchitectureListsEveryFile reports it
		}
		if len(s.imports) == 0 {
			t.Errorf("docs/architecture.md, section %s (line %d): no **Imports:** line", dir, s.line)
			continue
		}
		var want []string
		for _, f := range files {
			af, err := parser.ParseFile(fset, filepath.Join(root, dir, f), nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range af.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if own, ok := strings.CutPrefix(p, modulePath); ok && !slices.Contains(want, own) {
					want = append(want, own)
				}
			}
		}
		got := slices.DeleteFunc(slices.Clone(s.imports), func(p string) bool { return p == "" })
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("docs/architecture.md, section %s (line %d): Imports lists %v; the files import %v", dir, s.line, got, want)
		}
	}
}

// The benchmark scripts find their generated sections where they write
// them: bench/migrid in docs/guide.md, bench/coverage, bench/nulltest and
// bench/citest in docs/inference.md (each marker pair once, start before end).
func TestGeneratedSectionsInDocs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ file, name string }{
		{"docs/guide.md", "migrid"},
		{"docs/inference.md", "coverage"},
		{"docs/inference.md", "nulltest"},
		{"docs/inference.md", "citest"},
	} {
		text := readDoc(t, c.file)
		start, end := Markers(c.name)
		if strings.Count(text, start) != 1 || strings.Count(text, end) != 1 {
			t.Errorf("%s: want one %s and one %s", c.file, start, end)
			continue
		}
		i, j := strings.Index(text, start), strings.Index(text, end)
		same, err := Replace(text, c.name, text[i+len(start)+1:j])
		if err != nil || same != text {
			t.Errorf("%s: rewriting section %s with its own text changes the file (%v)", c.file, c.name, err)
		}
	}
	for _, f := range docFiles(t) {
		if f == "docs/guide.md" || f == "docs/inference.md" {
			continue
		}
		if generatedStart.MatchString(readDoc(t, f)) {
			t.Errorf("%s holds a generated section that no benchmark script rewrites", f)
		}
	}
}

// The README's Go example is the code of ExampleMI_readCSV in ufmi/table,
// which go test runs and checks, so the README's example compiles and
// prints what it says.
func TestReadmeExampleIsTested(t *testing.T) {
	t.Parallel()
	body := func(text, open string) []string {
		_, rest, ok := strings.Cut(text, open)
		if !ok {
			t.Fatalf("no %q", open)
		}
		rest, _, _ = strings.Cut(rest, "\n}\n")
		var lines []string
		for _, l := range strings.Split(rest, "\n") {
			if code, _, _ := strings.Cut(l, "//"); strings.TrimSpace(code) != "" {
				lines = append(lines, strings.TrimSpace(code))
			}
		}
		return lines
	}
	readme := body(readDoc(t, "README.md"), "func main() {")
	example := body(readDoc(t, "ufmi/table/example_test.go"), "func ExampleMI_readCSV() {")
	for i := range example {
		example[i] = strings.ReplaceAll(example[i], "testdata/patients.csv", "patients.csv")
	}
	if !slices.Equal(readme, example) {
		t.Errorf("README.md's example differs from ExampleMI_readCSV:\nREADME:  %q\nexample: %q", readme, example)
	}
	out := "I(label; [age dose ward]) = 0.33 nats, 95% CI [0.29, 0.37]"
	if !strings.Contains(readDoc(t, "README.md"), out) || !strings.Contains(readDoc(t, "ufmi/table/example_test.go"), "// Output: "+out) {
		t.Errorf("README.md and ExampleMI_readCSV do not both show the output %q", out)
	}
}
