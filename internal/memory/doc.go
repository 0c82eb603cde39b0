// Package memory checks, before a large allocation, that the work fits in
// the memory available to the process, and fails with a clear error when it
// does not.
//
// The available memory is the smallest of
//   - the cgroup limit of the process (cgroup v2 memory.max or v1
//     memory.limit_in_bytes, the tightest along the cgroup's ancestors),
//   - MemAvailable of /proc/meminfo,
//   - the Go runtime's soft memory limit (GOMEMLIMIT), when set.
//
// It is read once and cached. A source that reads 0 bytes (a failed or
// transient reading, seen once on a shared host) is ignored like one that
// cannot be read: 0 is never taken as "no memory". When none of these is known (a system without
// /proc, such as macOS or Windows), Check accepts every request: the check
// is a guard against requests that cannot fit, not an allocator.
//
// Callers estimate what they need from the sizes of their data structures,
// a little above the real use, so that a refused request would really have
// failed and an accepted one leaves the machine usable.
package memory
