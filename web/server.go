package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/session"
	"github.com/novaluna/novaluna/solo"
)

//go:embed static
var staticFiles embed.FS

// MaxBody is the largest request body the server reads; a larger one is
// answered 413. A whole line with its deck is under 2 KiB.
const MaxBody = 64 << 10

// Options configure a Server. Zero values take the defaults.
type Options struct {
	// Jobs is how many solver searches (hints, reviews, pars) may run at
	// once; a request for another is answered 503 with Retry-After.
	// Default 2.
	Jobs int
	// HintNodes is a hint's node budget (default session.HintNodes).
	HintNodes int64
	// ReviewNodes is the node budget of each search of a review (default
	// ReviewNodes).
	ReviewNodes int64
	// ParNodes is the node budget of the reference score of a puzzle
	// (default puzzles.RatingNodes, the search that rates a daily).
	ParNodes int64
	// JobTimeout bounds a solver job by the clock too (default 20 s), so
	// that a slow machine still answers.
	JobTimeout time.Duration
	// Now is the clock for today's daily (default time.Now).
	Now func() time.Time
}

// ReviewNodes is the default node budget of each search of a review: 22
// searches of it take about a second on one core.
const ReviewNodes = 100_000

// Server is the http.Handler of novaluna serve.
type Server struct {
	opts Options
	jobs chan struct{}
	mux  *http.ServeMux

	parMu sync.Mutex
	pars  map[string]int // reference score by deck key, bounded
}

// maxPars bounds the cache of reference scores.
const maxPars = 512

// New returns a server with its routes.
func New(o Options) *Server {
	if o.Jobs <= 0 {
		o.Jobs = 2
	}
	if o.HintNodes <= 0 {
		o.HintNodes = session.HintNodes
	}
	if o.ReviewNodes <= 0 {
		o.ReviewNodes = ReviewNodes
	}
	if o.ParNodes <= 0 {
		o.ParNodes = puzzles.RatingNodes
	}
	if o.JobTimeout <= 0 {
		o.JobTimeout = 20 * time.Second
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	s := &Server{opts: o, jobs: make(chan struct{}, o.Jobs), pars: map[string]int{}}
	s.routes()
	return s
}

func (s *Server) routes() {
	sub, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embedded tree is part of the binary
	}
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.page)
	m.HandleFunc("GET /daily/{date}", s.dailyPage)
	m.HandleFunc("GET /seed/{n}", s.seedPage)
	m.HandleFunc("GET /archive", s.page)
	m.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(sub)))
	m.HandleFunc("GET /api/tiles", s.tiles)
	m.HandleFunc("GET /api/today", s.today)
	m.HandleFunc("GET /api/daily/{date}", s.dailyPuzzle)
	m.HandleFunc("GET /api/seed/{n}", s.seedPuzzle)
	m.HandleFunc("GET /api/archive", s.archive)
	m.HandleFunc("GET /api/par/{date}", s.par)
	m.HandleFunc("POST /api/play", s.play)
	m.HandleFunc("POST /api/hint", s.hint)
	m.HandleFunc("POST /api/review", s.review)
	m.HandleFunc("POST /api/history", s.checkHistory)
	s.mux = m
}

// ServeHTTP sets the security headers of every answer and serves the
// request; a panic in a handler is answered 500 and the server goes on.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			writeError(w, http.StatusInternalServerError, apiError{Error: fmt.Sprintf("internal error: %v", v)})
		}
	}()
	s.mux.ServeHTTP(w, r)
}

func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	data, err := staticFiles.ReadFile("static/index.html")
	if err != nil {
		http.Error(w, "the page is missing from the binary", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(data)
}

func (s *Server) dailyPage(w http.ResponseWriter, r *http.Request) {
	if _, err := puzzles.ParseDate(r.PathValue("date")); err != nil {
		http.Error(w, err.Error()+"; the daily puzzles are at /daily/YYYY-MM-DD", http.StatusNotFound)
		return
	}
	s.page(w, r)
}

func (s *Server) seedPage(w http.ResponseWriter, r *http.Request) {
	if _, err := parseSeed(r.PathValue("n")); err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	s.page(w, r)
}

func parseSeed(text string) (uint64, error) {
	n, err := strconv.ParseUint(text, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("seed %q: want a whole number from 0 to 18446744073709551615, e.g. /seed/7", text)
	}
	return n, nil
}

// apiError is the JSON of a refusal: what was wrong, and for a broken rule
// its id (RULES.md) and the 1-based turn.
type apiError struct {
	Error string `json:"error"`
	Rule  string `json:"rule,omitempty"`
	Turn  int    `json:"turn,omitempty"`
}

func errorOf(err error) apiError {
	var re *solo.RuleError
	if errors.As(err, &re) {
		return apiError{Error: re.Msg, Rule: re.Rule, Turn: re.Turn}
	}
	return apiError{Error: err.Error()}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, e apiError) {
	writeJSON(w, status, struct {
		apiError
	}{e})
}

// writeBusy answers a solver job that finds every slot taken.
func writeBusy(w http.ResponseWriter) {
	w.Header().Set("Retry-After", "2")
	writeError(w, http.StatusServiceUnavailable, apiError{Error: "the solver is busy with other players; try again in a few seconds"})
}

// tryJob takes a solver slot if one is free; release gives it back.
func (s *Server) tryJob() (release func(), ok bool) {
	select {
	case s.jobs <- struct{}{}:
		return func() { <-s.jobs }, true
	default:
		return nil, false
	}
}

// startJob takes a solver slot for the request, or answers 503 and
// reports false when every slot is taken. The context bounds the job by
// the request and JobTimeout; done gives the slot back.
func (s *Server) startJob(w http.ResponseWriter, r *http.Request) (ctx context.Context, done func(), ok bool) {
	release, ok := s.tryJob()
	if !ok {
		writeBusy(w)
		return nil, nil, false
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.JobTimeout)
	return ctx, func() { cancel(); release() }, true
}
