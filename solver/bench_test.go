package solver

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/novaluna/novaluna/solo"
)

// midgame returns seed 2's position after 6 random turns.
func midgame() *solo.Game {
	d := solo.SeedDeck(2)
	l := solo.RandomLine(d, rand.NewPCG(1, 1))
	g, _ := solo.NewGame(d)
	for _, mv := range l.Moves[:6] {
		if err := g.Play(mv); err != nil {
			panic(err)
		}
	}
	return g
}

// BenchmarkExpand measures the inner loop: generating, playing and
// bounding every child of a position. It must not allocate.
func BenchmarkExpand(b *testing.B) {
	sh := newShared(midgame(), 10)
	w := newWorker(sh)
	w.stack[0] = sh.start
	b.ReportAllocs()
	children := 0
	for b.Loop() {
		children += w.gen(&w.stack[0], &w.moves[0], &w.stack[1])
	}
	b.ReportMetric(float64(children)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkBound measures the lower bound of one position.
func BenchmarkBound(b *testing.B) {
	sh := newShared(midgame(), 10)
	s := sh.start
	b.ReportAllocs()
	for b.Loop() {
		sh.m.bound(&s)
	}
}

// BenchmarkKey measures the symmetric position key.
func BenchmarkKey(b *testing.B) {
	s := midgame().State()
	b.ReportAllocs()
	for b.Loop() {
		key(&s)
	}
}

// BenchmarkModel measures the per-deck precomputation of the bound.
func BenchmarkModel(b *testing.B) {
	d := solo.SeedDeck(1)
	for b.Loop() {
		newModel(d)
	}
}

// BenchmarkBeam512 measures one beam of width 512 from the start of seed 1
// and reports the score it reaches.
func BenchmarkBeam512(b *testing.B) {
	g, _ := solo.NewGame(solo.SeedDeck(1))
	best := 0
	for b.Loop() {
		sh := newShared(g, 10)
		w := newWorker(sh)
		w.openNum, w.openDen = 0, 1
		w.runBeam(newBeam(512))
		best = int(sh.best.Load())
	}
	b.ReportMetric(float64(best), "score")
}

// BenchmarkSolve1s runs the whole solver for one second on seed 1.
func BenchmarkSolve1s(b *testing.B) {
	d := solo.SeedDeck(1)
	var r Result
	for b.Loop() {
		r, _ = Solve(context.Background(), d, Options{Time: time.Second})
	}
	b.ReportMetric(float64(r.Score.Total()), "score")
	b.ReportMetric(float64(r.LowerBound), "bound")
	b.ReportMetric(float64(r.Nodes)/r.Elapsed.Seconds(), "nodes/s")
}
