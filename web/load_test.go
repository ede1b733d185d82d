package web

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLoad is the load test of the README's figures: loadPlayers players
// at once each play a whole game, one move request a turn, against a
// server on 127.0.0.1 (never another address), with a fixed number of
// requests and a time limit. It reports requests per second, the latency
// of move requests (p50, p99) and the memory of the process. It runs only
// with NOVALUNA_LOAD=1: it takes the machine's cores for some seconds.
func TestLoad(t *testing.T) {
	if os.Getenv("NOVALUNA_LOAD") == "" {
		t.Skip("set NOVALUNA_LOAD=1 to run the load test")
	}
	const loadPlayers = 200
	const limit = 120 * time.Second

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ts := httptest.NewUnstartedServer(New(Options{}))
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	defer ts.Close()
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: loadPlayers, MaxConnsPerHost: loadPlayers}}

	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)

	var peakHeap atomic.Uint64
	stop := make(chan struct{})
	var sampler sync.WaitGroup
	sampler.Go(func() {
		var m runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peakHeap.Load() {
				peakHeap.Store(m.HeapInuse)
			}
		}
	})

	var mu sync.Mutex
	var latencies []time.Duration
	var failures atomic.Int64
	deadline := time.Now().Add(limit)
	start := time.Now()
	var wg sync.WaitGroup
	for p := range loadPlayers {
		wg.Go(func() {
			full := solo.RandomLine(solo.SeedDeck(uint64(p)), rand.NewPCG(uint64(p), 1))
			line := solo.Line{Deck: full.Deck, Moves: []solo.Move{}}
			var mine []time.Duration
			var last solo.Score
			for i, m := range full.Moves {
				if time.Now().After(deadline) {
					failures.Add(1)
					return
				}
				body, _ := json.Marshal(request{Line: mustMarshal(line), Do: "move", Tile: m.Tile, X: m.X, Y: m.Y})
				t0 := time.Now()
				resp, err := client.Post(ts.URL+"/api/play", "application/json", bytes.NewReader(body))
				if err != nil {
					failures.Add(1)
					return
				}
				var pos positionJSON
				err = json.NewDecoder(resp.Body).Decode(&pos)
				resp.Body.Close()
				mine = append(mine, time.Since(t0))
				if err != nil || resp.StatusCode != http.StatusOK {
					failures.Add(1)
					return
				}
				line = pos.Line
				last = solo.Score{S1: pos.Score.S1, P1: pos.Score.P1, S2: pos.Score.S2, P2: pos.Score.P2, Tokens: pos.Score.Tokens}
				if i+1 == full.Phase1Turns && pos.Phase == "phase 1" {
					line.Phase1Turns = i + 1 // as "end" would; the next move replays it
				}
			}
			// The game the server answered is the game played.
			if sc, err := solo.Replay(line); err != nil || !slices.Equal(line.Moves, full.Moves) || sc != last {
				failures.Add(1)
				return
			}
			mu.Lock()
			latencies = append(latencies, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(stop)
	sampler.Wait()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)

	require.Zero(t, failures.Load(), "failed or late players")
	slices.Sort(latencies)
	q := func(f float64) time.Duration { return latencies[int(f*float64(len(latencies)-1))] }
	n := len(latencies)
	assert.Equal(t, loadPlayers*solo.MaxTurns, n, "every player played 22 turns")
	t.Logf("%d players, %d move requests in %v: %.0f requests/s; latency p50 %v, p99 %v, max %v",
		loadPlayers, n, elapsed.Round(time.Millisecond), float64(n)/elapsed.Seconds(), q(0.50).Round(10*time.Microsecond), q(0.99).Round(10*time.Microsecond), latencies[n-1].Round(time.Millisecond))
	t.Logf("memory (server and clients in one process): heap in use %.1f MiB before, peak %.1f MiB; from the OS %.1f MiB; GOMAXPROCS %d",
		mib(before.HeapInuse), mib(peakHeap.Load()), mib(after.Sys), runtime.GOMAXPROCS(0))
}

func mib(b uint64) float64 { return float64(b) / (1 << 20) }

func mustMarshal(v any) json.RawMessage {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}

// BenchmarkMoveRequest is one move request through the handler, without
// the network: the cost of replaying a line of 21 turns and answering the
// position after the 22nd.
func BenchmarkMoveRequest(b *testing.B) {
	s := New(Options{})
	full := solo.RandomLine(solo.SeedDeck(7), rand.NewPCG(5, 5))
	last := full.Moves[len(full.Moves)-1]
	prefix := solo.Line{Deck: full.Deck, Moves: full.Moves[:len(full.Moves)-1], Phase1Turns: full.Phase1Turns}
	body := mustMarshal(request{Line: mustMarshal(prefix), Do: "move", Tile: last.Tile, X: last.X, Y: last.Y})
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		s.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/api/play", bytes.NewReader(body)))
		if w.Code != http.StatusOK {
			b.Fatalf("status %d: %s", w.Code, w.Body.String())
		}
	}
}
