// Package atomicfile writes files so that a reader, or a later run after a
// crash, sees either the old content or the complete new content, never a
// part: the bytes go to a temporary file in the same folder, which is synced
// and then renamed over the destination.
package atomicfile
