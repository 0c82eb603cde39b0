// Package safefile reads files that come from outside the program (mirror
// folders, download caches, results folders, data files a job names) with
// two guarantees: only regular files are read, so a named pipe, a device
// such as /dev/zero or a folder in their place is an error instead of a
// hang or an endless read; and every read is bounded, so a file (or the
// decompressed stream of one) larger than its limit is an error naming the
// file and the limit instead of an unbounded allocation.
//
// Standard library only.
package safefile
