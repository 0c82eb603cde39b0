package drosophila

import "strings"

// File names of the pinned data files, as stored in the data folder and in a mirror.
const (
	FileNeurons        = "vdf.csv"               // neuron table: name, type, claw, dist, age, cluster
	FilePublishedTable = "mi_table.csv"          // the authors' published MI table
	FileAdjacency      = "right_adjacency.csv"   // 213×213 synapse-count matrix
	FileCellLabels     = "right_cell_labels.csv" // one-letter cell type per adjacency row
)

// DefaultBaseURL is the raw-file host the pinned sources are downloaded from.
const DefaultBaseURL = "https://raw.githubusercontent.com"

// Source is one pinned upstream file: where it comes from and its SHA-256.
type Source struct {
	Name   string // file name in the data folder (one of the File* constants)
	Repo   string // GitHub owner/name
	Commit string // pinned commit
	Path   string // path inside the repository
	SHA256 string // hex SHA-256 of the file's bytes
}

const (
	uncertaintyForestRepo   = "neurodata/uncertainty-forest"
	uncertaintyForestCommit = "0c99d6a344e1a085a3a2f5f641ef521103984f18"
	graspologicRepo         = "graspologic-org/graspologic"
	graspologicCommit       = "0aab4e0dd9a3387b0d761b4a0bb7ffd2a1a5ea25"
)

// pinnedSources lists the files Fetch downloads, in download order.
var pinnedSources = [...]Source{
	{FileNeurons, uncertaintyForestRepo, uncertaintyForestCommit, "figs/application/vdf.csv",
		"42ce0aeab2473287bf371775dc07dac6d2a7a32d85362df8a129639067e1548a"},
	{FilePublishedTable, uncertaintyForestRepo, uncertaintyForestCommit, "figs/application/mi_table.csv",
		"df55ce746f5c75cfc3df9cc06f4f76d87d9c00208c112764e54b1664a05ba9ae"},
	{FileAdjacency, graspologicRepo, graspologicCommit, "graspologic/datasets/drosophila/right_adjacency.csv",
		"b9684d323e3f91ac5bf8c3691ff3e0635ef40fa2dee8e048161633760c84791d"},
	{FileCellLabels, graspologicRepo, graspologicCommit, "graspologic/datasets/drosophila/right_cell_labels.csv",
		"80547ac9df6b3fc5abe5844c04bc5da56b48c7cac5eb13ab3cc2f8695cd6de1d"},
}

// Sources returns the pinned upstream files (a fresh copy).
func Sources() []Source {
	return append([]Source(nil), pinnedSources[:]...)
}

// URL is the address of the file under base (DefaultBaseURL when empty):
// base/owner/name/commit/path.
func (s Source) URL(base string) string {
	if base == "" {
		base = DefaultBaseURL
	}
	return strings.TrimRight(base, "/") + "/" + s.Repo + "/" + s.Commit + "/" + s.Path
}

// pinnedSHA256 returns the expected hash of a data file: from override when
// it names the file (tests pin their own fixtures), else the pinned constant.
func pinnedSHA256(name string, override map[string]string) (string, bool) {
	if h, ok := override[name]; ok {
		return h, true
	}
	for _, s := range pinnedSources {
		if s.Name == name {
			return s.SHA256, true
		}
	}
	return "", false
}
