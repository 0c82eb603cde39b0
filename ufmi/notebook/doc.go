// Package notebook holds the small conveniences the GoNB notebooks share:
// the run mode (small or the paper's sizes), a live progress line, inline
// figures and tables, and the CSV cache under data/sim. Each display helper
// returns only once GoNB has taken the output (Sync), so a cell that ends
// right after a display still keeps it. Outside a notebook every display
// call is a no-op, so code using it stays testable.
package notebook
