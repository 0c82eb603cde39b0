// Package readme rewrites generated sections of a Markdown file: the text
// between the markers <!-- name:start --> and <!-- name:end -->, for the
// benchmark scripts that keep their tables in README.md (bench/migrid,
// bench/coverage).
package readme
