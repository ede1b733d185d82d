package solver

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSortFrontMatchesSort: the front sortFront sorts is the same as the
// front of a full sort, for every front length, on distinct candidates with
// many equal evaluations (as a beam's layer has).
func TestSortFrontMatchesSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := range 300 {
		n := rng.IntN(200)
		c := make([]candidate, n)
		for i := range c {
			c[i] = candidate{eval: int32(rng.IntN(1 + trial%20)), parent: int32(i % 7), mv: move{sp: uint8(i / 7)}}
		}
		rng.Shuffle(n, func(i, j int) { c[i], c[j] = c[j], c[i] })
		want := slices.Clone(c)
		slices.SortFunc(want, cmpCandidate)
		m := rng.IntN(n + 2)
		got := slices.Clone(c)
		k := sortFront(got, m)
		require.Equal(t, min(m, n), k, "trial %d", trial)
		require.Equal(t, want[:k], got[:k], "trial %d: n %d m %d", trial, n, m)
		require.ElementsMatch(t, want, got, "trial %d", trial)
		// Sorting on in chunks, as runBeam does, gives the full sort.
		for sorted := k; sorted < n; {
			sorted += sortFront(got[sorted:], max(1, 2*sorted))
		}
		require.Equal(t, want, got, "trial %d", trial)
	}
}
