// Package docsection rewrites generated sections of a Markdown file: the
// text between the markers <!-- name:start --> and <!-- name:end -->. The
// benchmark scripts keep their tables in the docs/ files this way
// (bench/migrid in docs/guide.md, bench/coverage and bench/nulltest in
// docs/inference.md). Its tests also check that every relative link of
// README.md and docs/*.md resolves.
package docsection
