package main

import (
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strconv"

	"github.com/ufmi-dev/ufmi/internal/atomicfile"
	"github.com/ufmi-dev/ufmi/ufmi/drosophila"
)

// runFetchDrosophila downloads the Drosophila tables (or copies them from a
// mirror) into data/drosophila, verifying their pinned SHA-256 hashes.
func runFetchDrosophila(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("fetch-drosophila", flag.ContinueOnError)
	dir := fs.String("dir", "", "destination folder (default: data/drosophila of this repository)")
	mirror := fs.String("mirror", "", "copy from this mirror folder instead of downloading (default: $UFMI_MIRROR/drosophila when set)")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	if *dir == "" {
		d, err := drosophila.DefaultDir()
		if err != nil {
			return err
		}
		*dir = d
	}
	if err := drosophila.Fetch(*dir, drosophila.FetchOptions{MirrorDir: *mirror, Log: stderr}); err != nil {
		return err
	}
	neurons, err := drosophila.Load(drosophila.LoadOptions{Dir: *dir})
	if err != nil {
		return err
	}
	for _, enc := range []drosophila.Encoding{drosophila.EncodingAuthors, drosophila.EncodingIndicators} {
		path := filepath.Join(*dir, "features_"+enc.String()+".csv")
		if err := writeEncoded(path, neurons, enc); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", path)
	}
	fmt.Fprintf(stdout, "Drosophila tables verified in %s\n", *dir)
	return nil
}

// writeEncoded writes the encoded feature matrix with a "type" label column,
// ready for "ufmi table -target type", atomically (a run killed mid-write
// leaves the previous file or none, never a truncated one).
func writeEncoded(path string, n *drosophila.Neurons, enc drosophila.Encoding) error {
	x, names, y, classes, err := n.Encode(enc)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, func(f io.Writer) error {
		w := csv.NewWriter(f)
		w.Write(append(append([]string(nil), names...), "type"))
		for i, row := range x {
			rec := make([]string, 0, len(row)+1)
			for _, v := range row {
				rec = append(rec, strconv.FormatFloat(v, 'g', -1, 64))
			}
			w.Write(append(rec, classes[y[i]]))
		}
		w.Flush()
		return w.Error()
	})
}
