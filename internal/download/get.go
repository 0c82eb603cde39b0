package download

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"syscall"
	"time"
)

// ErrTooLarge marks a body over Policy.MaxBytes.
var ErrTooLarge = errors.New("body too large")

// Get requests url with client (nil: p.Client()) and passes the body to
// read, at most p.MaxBytes of it: reading further fails with ErrTooLarge.
// Each attempt, read included, must end within p.Timeout. After a transient
// failure (HTTP 5xx or 429, a timeout, a connection reset or cut short,
// also while read consumes the body) Get waits p.Backoff, doubled each time,
// and tries again, p.Attempts times in all; read must therefore start
// afresh on every call. Other failures, and errors of read's own, end Get
// at once. Errors name the URL, not a "ufmi: " prefix: callers add context.
func Get(client *http.Client, url string, p Policy, read func(body io.Reader) error) error {
	p = p.WithDefaults()
	if client == nil {
		client = p.Client()
	}
	wait := p.Backoff
	for attempt := 1; ; attempt++ {
		err := try(client, url, p, read)
		if err == nil {
			return nil
		}
		if !transient(err) {
			return fmt.Errorf("GET %s: %w", url, err)
		}
		if attempt == p.Attempts {
			return fmt.Errorf("GET %s: %w (%d attempts)", url, err, attempt)
		}
		if p.Retrying != nil {
			p.Retrying(attempt, p.Attempts, wait, err)
		}
		time.Sleep(wait)
		wait *= 2
	}
}

// Bytes returns the body of url, downloaded as Get does.
func Bytes(client *http.Client, url string, p Policy) ([]byte, error) {
	var b []byte
	err := Get(client, url, p, func(body io.Reader) error {
		var buf bytes.Buffer
		_, err := buf.ReadFrom(body)
		b = buf.Bytes()
		return err
	})
	return b, err
}

// try makes one attempt.
func try(client *http.Client, url string, p Policy, read func(io.Reader) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), p.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return &statusError{resp.StatusCode, resp.Status}
	}
	if resp.ContentLength > p.MaxBytes {
		return fmt.Errorf("%w: %d bytes announced, the limit is %d", ErrTooLarge, resp.ContentLength, p.MaxBytes)
	}
	body := &cappedBody{r: io.LimitReader(resp.Body, p.MaxBytes+1), max: p.MaxBytes}
	if err := read(body); err != nil {
		if body.err != nil {
			return body.err // the network's failure, not read's
		}
		return &readerError{err}
	}
	return body.err // nil unless read ignored a failure of the body
}

// cappedBody reads a response body limited to max+1 bytes, failing with
// ErrTooLarge on the extra byte, and remembers the body's own read error.
type cappedBody struct {
	r   io.Reader
	n   int64
	max int64
	err error // a read error of the body (not io.EOF)
}

func (c *cappedBody) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += int64(n)
	if c.n > c.max {
		c.err = fmt.Errorf("%w: more than %d bytes", ErrTooLarge, c.max)
		return n - int(c.n-c.max), c.err
	}
	if err != nil && err != io.EOF {
		c.err = err
	}
	return n, err
}

// statusError is a response other than 200 OK.
type statusError struct {
	code   int
	status string
}

func (e *statusError) Error() string { return "HTTP " + e.status }

// readerError is an error of the caller's read function, never retried.
type readerError struct{ err error }

func (e *readerError) Error() string { return e.err.Error() }
func (e *readerError) Unwrap() error { return e.err }

// transient reports whether err may pass on another attempt.
func transient(err error) bool {
	var status *statusError
	var rerr *readerError
	var nerr net.Error
	switch {
	case errors.As(err, &rerr), errors.Is(err, ErrTooLarge):
		return false
	case errors.As(err, &status):
		return status.code >= 500 || status.code == http.StatusTooManyRequests
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &nerr) && nerr.Timeout():
		return true
	}
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}
