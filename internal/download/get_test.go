package download

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// fast is a policy for tests: short timeouts, three attempts, 1 ms backoff.
var fast = Policy{Timeout: 200 * time.Millisecond, Attempts: 3, Backoff: time.Millisecond}

// server serves handler and counts requests.
func server(t *testing.T, handler func(w http.ResponseWriter, r *http.Request, n int64)) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		handler(w, r, n.Add(1))
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

// A server that accepts the connection and never answers costs
// Attempts × Timeout, not forever.
func TestHangingServerTimesOut(t *testing.T) {
	t.Parallel()
	srv, n := server(t, func(w http.ResponseWriter, r *http.Request, _ int64) { <-r.Context().Done() })
	start := time.Now()
	_, err := Bytes(srv.Client(), srv.URL, fast)
	if err == nil || !strings.Contains(err.Error(), "3 attempts") || !strings.Contains(err.Error(), srv.URL) {
		t.Fatalf("error %v, want a timeout after 3 attempts naming the URL", err)
	}
	if el := time.Since(start); el > 3*time.Second {
		t.Errorf("took %v", el)
	}
	if n.Load() != 3 {
		t.Errorf("%d requests, want 3", n.Load())
	}
	// The same with the policy's own client.
	if _, err := Bytes(nil, srv.URL, Policy{Timeout: 100 * time.Millisecond, Attempts: 1}); err == nil {
		t.Fatal("no error from a hanging server")
	}
}

// A body that stops half way (headers sent, then silence) times out too.
func TestStalledBodyTimesOut(t *testing.T) {
	t.Parallel()
	srv, _ := server(t, func(w http.ResponseWriter, r *http.Request, _ int64) {
		w.Header().Set("Content-Length", "100")
		w.Write([]byte("partial"))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	if _, err := Bytes(srv.Client(), srv.URL, fast); err == nil || !strings.Contains(err.Error(), "3 attempts") {
		t.Fatalf("error %v, want a timeout after 3 attempts", err)
	}
}

func TestRetriesTransientFailures(t *testing.T) {
	t.Parallel()
	srv, n := server(t, func(w http.ResponseWriter, r *http.Request, n int64) {
		switch n {
		case 1:
			http.Error(w, "busy", http.StatusServiceUnavailable)
		case 2: // cut short: fewer bytes than announced
			w.Header().Set("Content-Length", "100")
			w.Write([]byte("short"))
		default:
			w.Write([]byte("payload"))
		}
	})
	var heard []int
	p := fast
	p.Retrying = func(attempt, attempts int, _ time.Duration, _ error) { heard = append(heard, attempt, attempts) }
	b, err := Bytes(srv.Client(), srv.URL, p)
	if err != nil || string(b) != "payload" || n.Load() != 3 {
		t.Fatalf("got %q, %v after %d requests; want payload after 3", b, err, n.Load())
	}
	if want := []int{1, fast.Attempts, 2, fast.Attempts}; !slices.Equal(heard, want) {
		t.Errorf("Retrying heard (attempt, attempts) %v, want %v", heard, want)
	}
}

func TestPermanentFailuresAreNotRetried(t *testing.T) {
	t.Parallel()
	srv, n := server(t, func(w http.ResponseWriter, r *http.Request, _ int64) {
		if r.URL.Path == "/missing" {
			http.NotFound(w, r)
		}
	})
	if _, err := Bytes(srv.Client(), srv.URL+"/missing", fast); err == nil || !strings.Contains(err.Error(), "404") {
		t.Fatalf("error %v, want HTTP 404", err)
	}
	if n.Load() != 1 {
		t.Errorf("%d requests for a 404, want 1", n.Load())
	}
	mine := errors.New("disk full")
	err := Get(srv.Client(), srv.URL, fast, func(io.Reader) error { return mine })
	if !errors.Is(err, mine) || n.Load() != 2 {
		t.Errorf("read's own error: %v after %d requests, want it at once", err, n.Load())
	}
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	start := time.Now()
	if _, err := Bytes(nil, closed.URL, Policy{Backoff: time.Hour}); err == nil || time.Since(start) > 10*time.Second {
		t.Errorf("refused connection: %v after %v, want an error at once", err, time.Since(start))
	}
}

func TestSizeLimit(t *testing.T) {
	t.Parallel()
	body := strings.Repeat("x", 1000)
	srv, n := server(t, func(w http.ResponseWriter, r *http.Request, _ int64) {
		if r.URL.Path == "/chunked" {
			w.Write([]byte(body[:500]))
			w.(http.Flusher).Flush() // no Content-Length: the limit trips while reading
			w.Write([]byte(body[500:]))
			return
		}
		w.Write([]byte(body)) // announced by Content-Length
	})
	limited := fast
	limited.MaxBytes = 999
	for _, path := range []string{"/", "/chunked"} {
		_, err := Bytes(srv.Client(), srv.URL+path, limited)
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "999") {
			t.Errorf("%s: error %v, want ErrTooLarge naming the limit", path, err)
		}
	}
	if n.Load() != 2 {
		t.Errorf("%d requests, want 2 (no retries)", n.Load())
	}
	limited.MaxBytes = 1000
	if b, err := Bytes(srv.Client(), srv.URL+"/chunked", limited); err != nil || len(b) != 1000 {
		t.Errorf("a body of exactly MaxBytes: %d bytes, %v", len(b), err)
	}
}
