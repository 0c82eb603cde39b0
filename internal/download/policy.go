package download

import (
	"net"
	"net/http"
	"time"
)

// Policy bounds a download; a zero field takes its default.
type Policy struct {
	// ConnectTimeout bounds dialing and the TLS handshake of the client
	// Client makes (default 30 s).
	ConnectTimeout time.Duration
	// Timeout bounds each attempt, from the request to the last byte of the
	// body (default 10 minutes).
	Timeout time.Duration
	// MaxBytes is the largest body accepted (default 1 GiB).
	MaxBytes int64
	// Attempts is the number of tries in all (default 4).
	Attempts int
	// Backoff is the wait before the second attempt, doubled before each
	// later one (default 1 s).
	Backoff time.Duration
	// Retrying, when set, hears of each transient failure that another
	// attempt follows (attempt of Attempts, after wait), so that a caller
	// can show progress where attempts take long (a proxy that accepts
	// connections and never answers).
	Retrying func(attempt, attempts int, wait time.Duration, err error)
}

// WithDefaults returns p with its zero fields set to the defaults.
func (p Policy) WithDefaults() Policy {
	if p.ConnectTimeout <= 0 {
		p.ConnectTimeout = 30 * time.Second
	}
	if p.Timeout <= 0 {
		p.Timeout = 10 * time.Minute
	}
	if p.MaxBytes <= 0 {
		p.MaxBytes = 1 << 30
	}
	if p.Attempts <= 0 {
		p.Attempts = 4
	}
	if p.Backoff <= 0 {
		p.Backoff = time.Second
	}
	return p
}

// Client returns an HTTP client whose connections (dial and TLS handshake)
// time out after p.ConnectTimeout and whose requests time out after
// p.Timeout.
func (p Policy) Client() *http.Client {
	p = p.WithDefaults()
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = (&net.Dialer{Timeout: p.ConnectTimeout, KeepAlive: 30 * time.Second}).DialContext
	t.TLSHandshakeTimeout = p.ConnectTimeout
	return &http.Client{Transport: t, Timeout: p.Timeout}
}
