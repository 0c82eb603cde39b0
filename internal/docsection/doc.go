// Package docsection rewrites generated sections of a Markdown file: the
// text between the markers <!-- name:start --> and <!-- name:end -->. The
// benchmark scripts keep their tables in the docs/ files this way
// (bench/migrid in docs/guide.md, bench/coverage and bench/nulltest in
// docs/inference.md). Its tests also check the manual itself: links and
// anchors, the README's commands, notebooks and Go example, and the file
// map of docs/architecture.md.
package docsection
