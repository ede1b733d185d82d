package solver

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProgressCountsTheChildrenDone: the estimate of a pass's progress
// counts each child done at the root as 1/n of the tree, each done in the
// child under way as 1/n of that, and stops at the deepest call under
// way.
func TestProgressCountsTheChildrenDone(t *testing.T) {
	w := &worker{}
	assert.Zero(t, w.searched(), "no pass under way")
	w.progJ[0], w.progN[0] = 0, 4
	assert.Zero(t, w.searched(), "in the first of four children, nothing below")
	w.progJ[0], w.progN[0] = 1, 4
	w.progJ[1], w.progN[1] = 1, 2
	w.progJ[2], w.progN[2] = 2, 5
	assert.InDelta(t, 0.25+0.25*0.5+0.125*0.4, w.searched(), 1e-12)
	// A call that ended (progN 0 at its depth) hides the stale depths
	// below it.
	w.progN[1] = 0
	assert.InDelta(t, 0.25, w.searched(), 1e-12)
	// The deepest depth counted is progDepth-1.
	for d := range progDepth + 1 {
		w.progJ[d], w.progN[d] = 1, 2
	}
	assert.InDelta(t, 1-math.Pow(0.5, progDepth), w.searched(), 1e-12)
}

// TestFallNowFollowsTheForecast: the straight share ends for every
// worker from a sixth of the limit where the first two workers' pass has
// barely begun, from a third where it is under fallSecond, and at
// fallLast of the limit in any case; the two workers' estimates add up.
func TestFallNowFollowsTheForecast(t *testing.T) {
	limit := 60 * time.Second
	cases := []struct {
		name   string
		e      time.Duration
		p0, p1 float64
		want   bool
	}{
		{"early, nothing searched", limit/6 - time.Second, 0, 0, false},
		{"a sixth, nothing searched", limit / 6, 0, 0, true},
		{"a sixth, some searched", limit / 6, fallFirst, 0, false},
		{"a sixth, under fallSecond", limit/3 - time.Second, fallSecond / 2, 0, false},
		{"a third, under fallSecond", limit / 3, fallSecond / 2, 0, true},
		{"a third, the two workers together at fallSecond", limit / 3, fallSecond / 2, fallSecond / 2, false},
		{"a third, far along", limit/3 + time.Second, 0.5, 0, false},
		{"a half, nothing searched", limit / 2, 0, 0, true},
		{"a half, far along", limit / 2, 0.5, 0, false},
		{"just before the last share, far along", limit*fallLast/100 - time.Second, 0.9, 0.05, false},
		{"the last share, far along", limit * fallLast / 100, 0.9, 0.05, true},
	}
	for _, c := range cases {
		sh := &shared{}
		sh.prog[0].Store(math.Float64bits(c.p0))
		sh.prog[1].Store(math.Float64bits(c.p1))
		assert.Equal(t, c.want, sh.fallNow(c.e, limit), c.name)
	}
}

// TestShareFallsBackToPasses: a search that begins straight and whose
// straight share ends partway through its pass goes on with passes that
// raise the bound, where the straight pass alone, given the same nodes,
// leaves the start's bound (TestStraightSkipsTheBoundsOnTheWay); the
// first worker falls back as the others do.
func TestShareFallsBackToPasses(t *testing.T) {
	for _, id := range []int{0, 1} {
		t.Run(fmt.Sprintf("worker %d", id), func(t *testing.T) {
			sh, w := beamWorker(t, 2)
			w.id = id
			w.beam(512, 0)
			require.True(t, sh.found, "the beam found no line")
			f := sh.m.bound(&sh.start)
			sh.share = true
			begin := sh.nodes.Load()
			sh.nodeLimit = begin + 150_000
			// The share ends once the straight pass has searched 50,000
			// nodes.
			done := make(chan struct{})
			go func() {
				for sh.nodes.Load() < begin+50_000 {
					select {
					case <-done:
						return
					case <-time.After(100 * time.Microsecond):
					}
				}
				sh.fell.Store(true)
			}()
			w.prove()
			close(done)
			require.True(t, sh.fell.Load(), "the share did not end before the node limit")
			assert.False(t, w.broken, "the broken pass was not cleared")
			lb := int(sh.lb.Load())
			require.Less(t, lb, int(sh.best.Load()), "seed 2 proven in 150k nodes")
			assert.False(t, w.fallible, "the worker still counts its pass as the share's")
			assert.Greater(t, lb, f, "the passes after the share did not raise the bound")
		})
	}
}
