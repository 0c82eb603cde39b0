// Package viz draws the notebook figures of ufmi with gonum/plot and returns
// them as encoded bytes (PNG by default, SVG on request) ready for
// gonbui.DisplayPNG or for writing to a file.
//
// Every figure function takes plain slices inside a spec struct, checks them
// and returns an error starting with "ufmi: viz: " that names the offending
// series, category or cell; NaN or infinite values are never dropped
// silently. Whenever a spec carries a truth, it is drawn as a black dashed
// line labelled "truth".
//
// Sizes default to 16 cm x 10 cm for single figures (see DefaultWidth and
// DefaultHeight); a zero Width or Height in a spec means the default. The
// Format field of a spec selects PNG (the zero value) or SVG.
//
// The package does not import the numeric core, so it stays usable for any
// data a notebook produces.
package viz
