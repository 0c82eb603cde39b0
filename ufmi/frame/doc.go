// Package frame connects the notebooks' tables to gota DataFrames: building
// frames from plain slices and rows, reading columns back as slices,
// summarising repeated runs per group (mean, standard deviation, RMSE),
// rendering all rows as an HTML table (gota prints only ten rows of text),
// and caching computed tables as CSV files.
//
// Errors start with "ufmi: frame: " and name the column, row or file at
// fault. NaN values are never dropped silently: the summaries reject them.
// Groups always come out in the order of their first row, so tables are
// reproducible.
//
// The package does not import the numeric core.
package frame
