package cmd

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestServe starts the server on a free port of 127.0.0.1, fetches the
// page, and stops it as a signal would.
func TestServe(t *testing.T) {
	var out bytes.Buffer
	o := &serveOptions{st: Streams{Out: &out, Err: io.Discard}, addr: "127.0.0.1:0", jobs: 1}
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- o.run(ctx, ready) }()
	var addr string
	select {
	case addr = <-ready:
	case err := <-done:
		require.FailNow(t, "serve stopped", "%v", err)
	}
	resp, err := http.Get("http://" + addr + "/seed/7")
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, string(body), "/static/app.js")
	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		require.FailNow(t, "serve did not stop")
	}
	assert.Contains(t, out.String(), "Serving Nova Luna at http://"+addr+"/")
	assert.Contains(t, out.String(), "Stopped.")
}

func TestServeBadFlags(t *testing.T) {
	var out, errb bytes.Buffer
	code := Main([]string{"serve", "--addr", "nonsense"}, Streams{Out: &out, Err: &errb})
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errb.String(), "--addr")
	code = Main([]string{"serve", "--jobs", "0"}, Streams{Out: &out, Err: &errb})
	assert.Equal(t, exitUsage, code)
}
