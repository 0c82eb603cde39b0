package cc18

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"math"
)

// Checksum is the hex SHA-256 of the dataset's content: its name, every
// column's name, kind and values, the class labels and the class of every
// row (not its ID). Datasets with equal checksums give equal results; a
// missing numeric value hashes alike whatever NaN encodes it.
func (d *Dataset) Checksum() string {
	w := &hashWriter{h: sha256.New()}
	w.string(d.Name)
	w.int(len(d.Columns))
	for _, c := range d.Columns {
		w.string(c.Name)
		w.int(int(c.Kind))
		w.int(len(c.Num))
		for _, v := range c.Num {
			if math.IsNaN(v) {
				v = math.NaN()
			}
			w.int(int(math.Float64bits(v)))
		}
		w.int(len(c.Cat))
		for _, v := range c.Cat {
			w.string(v)
		}
	}
	w.int(len(d.Classes))
	for _, c := range d.Classes {
		w.string(c)
	}
	w.int(len(d.Y))
	for _, y := range d.Y {
		w.int(y)
	}
	return hex.EncodeToString(w.h.Sum(nil))
}

// hashWriter feeds integers and strings to a hash unambiguously.
type hashWriter struct {
	h   hash.Hash
	buf [8]byte
}

// int hashes v as 8 bytes.
func (w *hashWriter) int(v int) {
	binary.LittleEndian.PutUint64(w.buf[:], uint64(v))
	w.h.Write(w.buf[:])
}

// string hashes s after its length, so that no two lists of strings hash
// alike.
func (w *hashWriter) string(s string) {
	w.int(len(s))
	w.h.Write([]byte(s))
}
