package ufmi

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"sort"
	"strings"
	"testing"
)

// maxExported bounds what package ufmi exports at top level (what go doc
// lists: types, functions, constants and variables; methods are listed with
// their types). Users call these; what one consumer alone needs lives with
// that consumer or in an internal package (docs/architecture.md).
const maxExported = 62 // 61: ConditionalPermutationTest, the conditional independence test; 62: ErrTooFewRowsForTest

func TestExportedSurfaceStaysSmall(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil && d.Name.IsExported() {
						names = append(names, d.Name.Name)
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							if s.Name.IsExported() {
								names = append(names, s.Name.Name)
							}
						case *ast.ValueSpec:
							for _, n := range s.Names {
								if n.IsExported() {
									names = append(names, n.Name)
								}
							}
						}
					}
				}
			}
		}
	}
	sort.Strings(names)
	if len(names) > maxExported {
		t.Errorf("package ufmi exports %d identifiers, at most %d: %s", len(names), maxExported, strings.Join(names, " "))
	}
}
