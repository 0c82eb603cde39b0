// Package download fetches files over HTTP within bounds: a connection
// timeout, a timeout for each whole attempt, a size limit on the body, and a
// bounded number of attempts with exponential backoff after transient
// failures (HTTP 5xx and 429, timeouts, connections cut mid-response).
// Permanent failures (HTTP 4xx, refused connections, unknown hosts, a body
// over the limit) are reported at once, so that a machine without network
// access learns it quickly.
package download
