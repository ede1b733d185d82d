package cmd

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/novaluna/novaluna/web"
	"github.com/spf13/cobra"
)

type serveOptions struct {
	st   Streams
	addr string
	jobs int
}

func newServeCmd(st Streams) *cobra.Command {
	o := &serveOptions{st: st}
	c := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080]",
		Short: "Play in the browser: serve the daily puzzles and any seed as a web page",
		Long: `Serve Nova Luna solo as a web page: today's daily at /, any daily at
/daily/YYYY-MM-DD, a seeded deck at /seed/N, the archive of dailies at
/archive. The page, its script and its style are inside the binary: nothing
is fetched from elsewhere, and it works offline.

The server keeps no state: the page sends the line played so far with each
command, and the server replays it with the rules and answers the new
position, so any number of players may play at once. History, statistics
and streaks stay in each player's browser. Hints and reviews run the solver
with a fixed node budget; at most --jobs of them run at once, and the rest
are asked to retry (503).

It stops cleanly on Ctrl-C (SIGINT) or SIGTERM, finishing the requests in
flight. Bind to 127.0.0.1 to play alone; to put it on a host, bind to its
address (e.g. --addr :8080) behind the usual TLS proxy.`,
		Example: `  novaluna serve
  novaluna serve --addr 127.0.0.1:9000`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return o.run(ctx, nil)
		},
	}
	c.Flags().StringVar(&o.addr, "addr", "127.0.0.1:8080", "`host:port` to listen on")
	c.Flags().IntVar(&o.jobs, "jobs", 2, "solver searches (hints, reviews, pars) that may run at once")
	return c
}

// newHTTPServer is the server of serve, with the timeouts a public host
// needs: a slow or idle client cannot hold a connection for long.
func newHTTPServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second, // a review searches for a few seconds
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
}

// run serves until ctx is done, then shuts down gracefully. ready, if not
// nil, receives the address listened on (for tests).
func (o *serveOptions) run(ctx context.Context, ready chan<- string) error {
	if o.jobs < 1 {
		return usageErrorf("--jobs %d: want 1 or more", o.jobs)
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return usageErrorf("--addr %s: %v; give a free host:port, e.g. 127.0.0.1:8080", o.addr, err)
	}
	srv := newHTTPServer(web.New(web.Options{Jobs: o.jobs}))
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(o.st.Out, "Serving Nova Luna at %s (Ctrl-C stops)\n", url)
	if ready != nil {
		ready <- ln.Addr().String()
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	fmt.Fprintln(o.st.Out, "Stopping: finishing the requests in flight...")
	sctx, cancel := context.WithTimeout(context.Background(), 35*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("serve: stopping: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	fmt.Fprintln(o.st.Out, "Stopped.")
	return nil
}
