package cc18

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/download"
	"github.com/ufmi-dev/ufmi/internal/safefile"
)

// errNotCached says the download cache does not hold the dataset.
var errNotCached = errors.New("not in the cache")

// cacheFiles are the files of one dataset in the download cache: the ARFF
// file, what ufmi keeps of OpenML's description (JSON), and the SHA-256 sums
// of both in sha256sum's format (`sha256sum -c` checks them), written last.
type cacheFiles struct {
	dir string
	id  int
	// maxARFF bounds the ARFF file (the largest download accepted); 0 means
	// the download package's default.
	maxARFF int64
}

// Bounds on the small files of a cached dataset.
const (
	maxSumsBytes        = 64 << 10
	maxDescriptionBytes = 1 << 20
)

func (c cacheFiles) name(ext string) string { return strconv.Itoa(c.id) + ext }
func (c cacheFiles) path(ext string) string { return filepath.Join(c.dir, c.name(ext)) }

// load reads the cached dataset after verifying both files against the
// recorded sums and its row count against Suite. It returns errNotCached
// when nothing is cached; any other error means the cache is damaged.
func (c cacheFiles) load() (*Dataset, error) {
	sums, err := c.readSums()
	if errors.Is(err, fs.ErrNotExist) {
		if _, statErr := os.Stat(c.path(".arff")); statErr == nil {
			return nil, fmt.Errorf("%s has no checksum file %s", c.name(".arff"), c.name(".sha256"))
		}
		return nil, errNotCached
	}
	if err != nil {
		return nil, err
	}
	descJSON, err := safefile.ReadFile(c.path(".json"), maxDescriptionBytes)
	if err != nil {
		return nil, err
	}
	if err := sums.verify(c.name(".json"), sha256Hex(descJSON)); err != nil {
		return nil, err
	}
	var desc description
	if err := json.Unmarshal(descJSON, &desc); err != nil {
		return nil, fmt.Errorf("%s: %v", c.name(".json"), err)
	}
	f, err := safefile.Open(c.path(".arff"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	limit := download.Policy{MaxBytes: c.maxARFF}.WithDefaults().MaxBytes
	h := sha256.New()
	tee := io.TeeReader(bufio.NewReader(safefile.Limit(f, limit, c.path(".arff"))), h)
	d, parseErr := ParseARFF(tee, c.id, desc.Target)
	if _, err := io.Copy(io.Discard, tee); err != nil {
		return nil, err
	}
	if err := sums.verify(c.name(".arff"), hex.EncodeToString(h.Sum(nil))); err != nil {
		return nil, err
	}
	if parseErr != nil {
		return nil, parseErr
	}
	if err := checkRows(d, knownRows(c.id)); err != nil {
		return nil, fmt.Errorf("%s: %v", c.name(".arff"), err)
	}
	return d, nil
}

// refresh says how to replace a damaged cached download.
func (c cacheFiles) refresh() string {
	return fmt.Sprintf("to refresh it, run with network access (the damaged download is replaced) or delete %s, %s and %s",
		c.path(".arff"), c.path(".json"), c.path(".sha256"))
}

// checksums maps file names to hex SHA-256 sums.
type checksums map[string]string

// verify reports a file whose sum is not the recorded one.
func (s checksums) verify(name, got string) error {
	want, ok := s[name]
	if !ok {
		return fmt.Errorf("no checksum recorded for %s", name)
	}
	if got != want {
		return fmt.Errorf("%s has SHA-256 %s, recorded at download %s (changed or cut short since)", name, got, want)
	}
	return nil
}

// readSums reads the sums file.
func (c cacheFiles) readSums() (checksums, error) {
	b, err := safefile.ReadFile(c.path(".sha256"), maxSumsBytes)
	if err != nil {
		return nil, err
	}
	sums := checksums{}
	for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		if !ok || len(sum) != 64 {
			return nil, fmt.Errorf("%s: malformed line %q", c.name(".sha256"), line)
		}
		sums[name] = sum
	}
	return sums, nil
}

// sumsFile renders the sums of the named files in sha256sum's format.
func (s checksums) sumsFile(names ...string) []byte {
	var b bytes.Buffer
	for _, n := range names {
		fmt.Fprintf(&b, "%s  %s\n", s[n], n)
	}
	return b.Bytes()
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
