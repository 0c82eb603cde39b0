package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular marks a path that is not a regular file (after following
// symbolic links): a named pipe, a device, a socket or a folder.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge marks a file, or a stream, longer than its limit.
var ErrTooLarge = errors.New("larger than its size limit")

// Open opens path for reading when it is a regular file. A named pipe is
// refused without waiting for a writer, and so is anything else that is not
// a regular file; the error wraps ErrNotRegular and names the path and what
// it is. A missing file gives an error matching fs.ErrNotExist.
func Open(path string) (*os.File, error) {
	f, err := openNoWait(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, notRegular(path, st.Mode())
	}
	return f, nil
}

// notRegular is the error for path of the given mode.
func notRegular(path string, mode fs.FileMode) error {
	return &fileError{msg: fmt.Sprintf("%s is %s, not a regular file", path, kind(mode)), kind: ErrNotRegular}
}

// fileError is an error of this package: its message, and the sentinel
// (ErrNotRegular or ErrTooLarge) it matches.
type fileError struct {
	msg  string
	kind error
}

func (e *fileError) Error() string        { return e.msg }
func (e *fileError) Is(target error) bool { return target == e.kind }

// kind names the type of a file mode, for errors.
func kind(mode fs.FileMode) string {
	switch {
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a device"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode.IsDir():
		return "a folder"
	}
	return "not a regular file"
}

// ReadFile returns the content of the regular file at path, of at most
// limit bytes; a longer file is an error wrapping ErrTooLarge that names
// the file and the limit. It reads no more than limit+1 bytes whatever the
// file claims its size is.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > limit {
		return nil, tooLarge(path, limit)
	}
	return io.ReadAll(Limit(f, limit, path))
}

// tooLarge is the error for what over limit bytes.
func tooLarge(what string, limit int64) error {
	return &fileError{msg: fmt.Sprintf("%s is larger than its limit of %s", what, Bytes(limit)), kind: ErrTooLarge}
}

// Bytes formats a byte count for errors: "1048576 bytes (1 MiB)".
func Bytes(n int64) string {
	units := []string{"KiB", "MiB", "GiB", "TiB"}
	unit, v := "", n
	for i := len(units) - 1; i >= 0; i-- {
		if size := int64(1) << (10 * (i + 1)); n >= size && n%size == 0 {
			unit, v = units[i], n/size
			break
		}
	}
	if unit == "" {
		return fmt.Sprintf("%d bytes", n)
	}
	return fmt.Sprintf("%d bytes (%d %s)", n, v, unit)
}

// Limit returns a reader of at most limit bytes of r: the read that would
// pass the limit fails with an error wrapping ErrTooLarge and naming what
// and the limit. Use it on decompressed streams, whose size the file size
// does not bound.
func Limit(r io.Reader, limit int64, what string) io.Reader {
	return &limited{r: r, left: limit, limit: limit, what: what}
}

type limited struct {
	r           io.Reader
	left, limit int64
	what        string
}

func (l *limited) Read(p []byte) (int, error) {
	if l.left <= 0 {
		// One byte more tells a stream of exactly limit bytes from a longer one.
		var one [1]byte
		n, err := l.r.Read(one[:])
		if n > 0 {
			return 0, tooLarge(l.what, l.limit)
		}
		return 0, err
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}
