package viz

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"
)

// Every character beyond ASCII that the figure-drawing packages write in a
// string literal has a glyph in the font PNGs are drawn with: a missing one
// shows as an empty box (SVG names the font and may not show it). The
// exercises' marks are HTML only.
func TestFiguresTextHasGlyphs(t *testing.T) {
	face := plot.DefaultTextHandler.Cache().Lookup(plot.DefaultFont, 10)
	for _, dir := range []string{".", "../notebook"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") || filepath.Base(path) == "exercise.go" {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || (lit.Kind != token.STRING && lit.Kind != token.CHAR) {
					return true
				}
				text, err := strconv.Unquote(lit.Value)
				if err != nil {
					return true
				}
				for _, r := range text {
					if r < 0x80 {
						continue
					}
					if i, err := face.Face.GlyphIndex(nil, r); err != nil || i == 0 {
						t.Errorf("%s: %q in %s has no glyph in the PNG font", path, r, lit.Value)
					}
				}
				return true
			})
		}
	}
}
