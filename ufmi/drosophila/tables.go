package drosophila

// Tables are the inputs of the paper's MI application: the neuron table
// (vdf.csv) and the authors' published MI table (mi_table.csv).
type Tables struct {
	Neurons   *Neurons
	Published []PublishedRow
}

// LoadTables makes dir ("" means DefaultDir) hold the four pinned files, as
// Fetch with opts does (a file present with its pinned SHA-256 is kept, any
// other is copied from the mirror or downloaded), and loads the neuron table
// and the published MI table from it. A failed download returns Fetch's
// error, which wraps the network's, so a caller can tell a missing network
// from damaged data.
func LoadTables(dir string, opts FetchOptions) (Tables, error) {
	if err := Fetch(dir, opts); err != nil {
		return Tables{}, err
	}
	lo := LoadOptions{Dir: dir, MirrorDir: opts.MirrorDir, checksums: opts.checksums}
	neurons, err := Load(lo)
	if err != nil {
		return Tables{}, err
	}
	published, err := LoadPublishedTable(lo)
	if err != nil {
		return Tables{}, err
	}
	return Tables{Neurons: neurons, Published: published}, nil
}
