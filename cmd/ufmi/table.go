package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// subsetJSON is one row of "ufmi table -json".
type subsetJSON struct {
	Features      string  `json:"features"`
	MIIn          float64 `json:"mi_in"`
	CMIOutGivenIn float64 `json:"cmi_out_given_in"`
	MIAll         float64 `json:"mi_all"`
	SDMIIn        float64 `json:"sd_mi_in"`
	SDCMI         float64 `json:"sd_cmi_out_given_in"`
}

func runTable(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("table", flag.ContinueOnError)
	in := fs.String("in", "", "CSV file with a header row")
	target := fs.String("target", "", "label column")
	features := fs.String("features", "", "comma-separated feature columns (at most 16)")
	repeats := fs.Int("repeats", 1, "fits per subset, averaged (spread reported)")
	asJSON := fs.Bool("json", false, "print a JSON array, one object per subset")
	var ef estimatorFlags
	ef.register(fs, "uf")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	if *target == "" || *features == "" {
		return fmt.Errorf("-target and -features are required")
	}
	cfg, err := ef.config()
	if err != nil {
		return err
	}
	t, err := readTable(*in)
	if err != nil {
		return err
	}
	ycol, err := t.column(*target)
	if err != nil {
		return err
	}
	cols, names, err := t.columns(*features)
	if err != nil {
		return err
	}
	labels, err := t.labels(ycol)
	if err != nil {
		return err
	}
	x, err := t.features(cols)
	if err != nil {
		return err
	}
	local := make([]int, len(cols))
	for i := range local {
		local[i] = i
	}
	rows, err := ufmi.SubsetTable(x, labels.Codes, ufmi.Singletons(local), *repeats, cfg, progressTo(stderr, *asJSON))
	if err != nil {
		return err
	}
	out := make([]subsetJSON, len(rows))
	for i, r := range rows {
		in := make([]string, len(r.Groups))
		for j, g := range r.Groups {
			in[j] = names[g]
		}
		out[i] = subsetJSON{Features: strings.Join(in, ","), MIIn: r.MIIn, CMIOutGivenIn: r.CMIOutGivenIn,
			MIAll: r.MIAll, SDMIIn: r.SDMIIn, SDCMI: r.SDCMI}
	}
	if *asJSON {
		return json.NewEncoder(stdout).Encode(out)
	}
	fmt.Fprintf(stdout, "%-32s %10s %10s %16s %10s\n", "X_in", "I(Y;X_in)", "sd", "I(Y;X_out|X_in)", "I(Y;X)")
	for _, r := range out {
		fmt.Fprintf(stdout, "%-32s %10.4f %10.4f %16.4f %10.4f\n", r.Features, r.MIIn, r.SDMIIn, r.CMIOutGivenIn, r.MIAll)
	}
	return nil
}
