package drosophila

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/ufmi-dev/ufmi/internal/safefile"
)

// maxDataFileBytes caps how much of one data file is read or downloaded; the
// largest pinned file is about 90 KB.
const maxDataFileBytes = 8 << 20

// sha256Hex is the lower-case hex SHA-256 of b.
func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// readCapped reads all of r, failing when it exceeds maxDataFileBytes.
func readCapped(r io.Reader, what string) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxDataFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("ufmi: reading %s: %w", what, err)
	}
	if len(b) > maxDataFileBytes {
		return nil, fmt.Errorf("ufmi: %s is larger than %d bytes; not a pinned drosophila file", what, maxDataFileBytes)
	}
	return b, nil
}

// fileHasSHA256 reports whether path is a regular file whose hash is want.
// A missing file is (false, nil); an unreadable one, or one that is not a
// regular file (a named pipe, a device), is an error.
func fileHasSHA256(path, want string) (bool, error) {
	f, err := safefile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("ufmi: opening %s: %w", path, err)
	}
	defer f.Close()
	b, err := readCapped(f, path)
	if err != nil {
		return false, err
	}
	return sha256Hex(b) == want, nil
}
