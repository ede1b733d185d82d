package session

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// byChoice returns a complete line of seed 7 in which phase 1 ends by the
// player's choice after 9 turns.
func byChoice(t *testing.T) solo.Line {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "seed7-by-choice.json"))
	require.NoError(t, err)
	l, err := solo.ParseLine(data)
	require.NoError(t, err)
	require.Less(t, l.Phase1Turns, solo.SetupTiles)
	return l
}

func play(t *testing.T, s *Session, l solo.Line) {
	t.Helper()
	for i, m := range l.Moves {
		require.NoError(t, s.Play(m), "turn %d", i+1)
		if i+1 == l.Phase1Turns && s.Game().Phase() == solo.Phase1 {
			require.NoError(t, s.EndPhase1())
		}
	}
}

func TestSessionPlaysALine(t *testing.T) {
	l := byChoice(t)
	s, err := New(l.Deck, false)
	require.NoError(t, err)
	play(t, s, l)
	require.True(t, s.Game().Over())
	want, err := solo.Replay(l)
	require.NoError(t, err)
	assert.Equal(t, want, s.Game().Score())
	assert.Equal(t, l, s.Line(), "a line without assists has no assists key")
	assert.Len(t, s.Actions(), len(l.Moves)+1, "the moves and the end of phase 1")
}

// TestSessionUndo takes back every action, the end of phase 1 among them,
// down to the start, and counts each.
func TestSessionUndo(t *testing.T) {
	l := byChoice(t)
	s, err := New(l.Deck, false)
	require.NoError(t, err)
	play(t, s, l)
	n := len(s.Actions())
	for i := range n {
		a, err := s.Undo()
		require.NoError(t, err, "undo %d", i+1)
		if a.End {
			assert.Equal(t, solo.Phase1, s.Game().Phase(), "after undo %d, of the end of phase 1", i+1)
			assert.Len(t, s.Game().Moves(), l.Phase1Turns)
		}
	}
	assert.Empty(t, s.Game().Moves())
	_, err = s.Undo()
	assert.ErrorIs(t, err, ErrNothingToUndo)
	assert.Equal(t, solo.Assists{Undos: n}, s.Assists())

	// The end of phase 1 alone is taken back: phase 1 goes on.
	play(t, s, solo.Line{Deck: l.Deck, Moves: l.Moves[:l.Phase1Turns], Phase1Turns: l.Phase1Turns})
	require.Equal(t, solo.Phase2, s.Game().Phase())
	a, err := s.Undo()
	require.NoError(t, err)
	assert.True(t, a.End)
	assert.Equal(t, solo.Phase1, s.Game().Phase())
	assert.Len(t, s.Game().Moves(), l.Phase1Turns)
}

// TestSessionResume: a saved game, in phase 1 or 2, with its assists, goes
// on where it stopped.
func TestSessionResume(t *testing.T) {
	l := byChoice(t)
	for _, n := range []int{0, 1, l.Phase1Turns, l.Phase1Turns + 1, len(l.Moves)} {
		s, err := New(l.Deck, false)
		require.NoError(t, err)
		play(t, s, solo.Line{Deck: l.Deck, Moves: l.Moves[:n], Phase1Turns: l.Phase1Turns})
		_, err = s.Undo()
		if n == 0 {
			require.ErrorIs(t, err, ErrNothingToUndo)
		} else {
			require.NoError(t, err)
			require.NoError(t, s.Rebuild(append(s.Actions(), s.actionsAfterUndo(t, l, n)...)))
		}
		saved := s.Line()
		r, err := Resume(saved)
		require.NoError(t, err, "Resume after %d turns", n)
		assert.Equal(t, saved, r.Line(), "after %d turns", n)
		assert.Equal(t, s.Actions(), r.Actions(), "after %d turns", n)
		assert.Equal(t, s.Assists(), r.Assists(), "after %d turns", n)
	}
}

// actionsAfterUndo returns the action undone on turn n, to replay it.
func (s *Session) actionsAfterUndo(t *testing.T, l solo.Line, n int) []Action {
	t.Helper()
	if n == l.Phase1Turns && len(s.Game().Moves()) == n {
		return []Action{{End: true}}
	}
	return []Action{{Move: l.Moves[n-1]}}
}

func TestSessionResumeRefused(t *testing.T) {
	l := byChoice(t)
	bad := l
	bad.Moves = append([]solo.Move(nil), l.Moves...)
	bad.Moves[2].X += 40
	_, err := Resume(bad)
	var re *solo.RuleError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 3, re.Turn)
	assert.Equal(t, "R9", re.Rule)

	bad = l
	bad.Phase1Turns = len(l.Moves) + 1
	_, err = Resume(bad)
	require.ErrorAs(t, err, &re)
	assert.Equal(t, "R12", re.Rule)
}

func TestSessionHard(t *testing.T) {
	l := byChoice(t)
	s, err := New(l.Deck, true)
	require.NoError(t, err)
	require.NoError(t, s.Play(l.Moves[0]))
	_, err = s.Undo()
	assert.ErrorIs(t, err, ErrHard)
	_, err = s.Hint(context.Background(), Budget{})
	assert.ErrorIs(t, err, ErrHard)
	saved := s.Line()
	require.NotNil(t, saved.Assists)
	assert.Equal(t, solo.Assists{Hard: true}, *saved.Assists)
	r, err := Resume(saved)
	require.NoError(t, err)
	assert.True(t, r.Hard(), "a resumed hard game stays hard")
}

// TestSessionHintDeterministic: a hint is the same in every run, counted,
// and legal.
func TestSessionHintDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("two solver runs")
	}
	l := byChoice(t)
	var first Hint
	for i := range 2 {
		s, err := New(l.Deck, false)
		require.NoError(t, err)
		require.NoError(t, s.Play(l.Moves[0]))
		h, err := s.Hint(context.Background(), Budget{Nodes: 200_000})
		require.NoError(t, err)
		assert.Equal(t, 1, s.Assists().Hints)
		if i == 0 {
			first = h
			require.False(t, h.Next.End)
			require.NoError(t, s.Play(h.Next.Move), "the hint is legal")
			continue
		}
		assert.Equal(t, first.Next, h.Next)
		assert.Equal(t, first.Score, h.Score)
		assert.Equal(t, first.Line, h.Line)
	}
}

func TestSessionHintGameOver(t *testing.T) {
	l := byChoice(t)
	s, err := Resume(l)
	require.NoError(t, err)
	_, err = s.Hint(context.Background(), Budget{})
	assert.True(t, errors.Is(err, solo.ErrGameOver), "Hint after the end = %v", err)
	assert.Zero(t, s.Assists().Hints)
}
