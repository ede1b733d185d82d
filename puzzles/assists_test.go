package puzzles

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAssistsNote(t *testing.T) {
	tests := []struct {
		a    *solo.Assists
		want string
	}{
		{nil, ""},
		{&solo.Assists{}, ""},
		{&solo.Assists{Hints: 1}, " (1 hint)"},
		{&solo.Assists{Hints: 2, Undos: 1}, " (2 hints, 1 undo)"},
		{&solo.Assists{Undos: 3}, " (3 undos)"},
		{&solo.Assists{Hard: true}, " (hard)"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, AssistsNote(tt.a), "AssistsNote(%+v)", tt.a)
	}
}

// TestShareLineAssists: the share line ends with the assists the line
// carries, so a pasted line tells hints, undos and hard mode.
func TestShareLineAssists(t *testing.T) {
	line := solo.RandomLine(DailyDeck(Launch), rand.NewPCG(1, 2))
	plain, err := ShareLine(Launch, line, 0)
	require.NoError(t, err)
	line.Assists = &solo.Assists{Hints: 1, Undos: 2}
	got, err := ShareLine(Launch, line, 0)
	require.NoError(t, err)
	assert.Equal(t, plain+" (1 hint, 2 undos)", got)
	line.Assists = &solo.Assists{Hard: true}
	got, err = ShareLine(Launch, line, 0)
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(got, " (hard)"), "ShareLine of a hard game = %q", got)
}
