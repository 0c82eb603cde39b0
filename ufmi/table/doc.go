// Package table turns tables — gota DataFrames, CSV files and rows of text
// cells — into ufmi Features and class labels, and estimates from them by
// column name: MI and conditional MI, posteriors, and the feature-subset
// table, each reported with the columns it used.
//
// Every conversion goes through one place (convert.go), shared by the
// command line:
//
//   - Typed columns (DataFrames): string and bool columns are categorical;
//     int and float columns are numeric, unless Options.Categorical names
//     them. Missing values (gota NaN) are missing cells.
//   - Text columns (CSV files, records): a cell listed in Options.NA
//     (default "", "NA", "NaN") is missing; a column whose other cells are
//     all decimal numbers is numeric, a column with no decimal number
//     categorical with the trimmed cell texts as level names. A column
//     mixing the two is categorical, with a notice in Data.Notices, when it
//     has at most MaxMixedLevels distinct values (2, 3, 4, 5more) or fewer
//     numbers than other texts among them (x126, 3, a97); otherwise it is
//     mostly numeric and an error names the first odd cell (a typo such as
//     1,5 in a numeric column is never silently read as a level).
//     Options.Categorical makes any column categorical.
//   - Levels are coded in order of first appearance in the rows, so level
//     names and their order never change an estimate. A column with one
//     level (like a constant number) is never split on, except present
//     against missing; a column with more than tree.MaxLevels levels is an
//     error naming it, and so is a column missing in every row of training
//     data (with a target; rows to predict may lack any value), except that
//     a default feature column (Spec.Features empty) missing in every row
//     is left out with a notice. Spec.Drop leaves columns out of the
//     defaults. A table without rows is an error.
//   - CSV files (ReadRecords): comma-separated UTF-8 text, gzip'd or not,
//     lines ending in LF, CRLF or (old Mac files) a lone CR; a file in
//     UTF-16, holding bytes that are not UTF-8 (Latin-1) or separated by
//     semicolons or tabs is an error saying so.
//   - The target's classes are its cell texts (an int column's: its exact
//     integer values, in numeric order, never rounded through float64); a
//     missing target is an error unless
//     Options.DropMissingTarget drops the row, counted in Data.Dropped.
//
// Forests take categorical columns and missing cells natively (see package
// ufmi); the kNN estimators reject them, naming the column.
package table
