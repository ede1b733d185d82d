package puzzles

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAnswerPagePar draws the answer page of a daily at par and below par:
// both are legal pages.
func TestAnswerPagePar(t *testing.T) {
	table, err := ParTable()
	require.NoError(t, err)
	e := table[Launch.Format(DateLayout)]
	sc, err := solo.Replay(e.Line)
	require.NoError(t, err)
	for _, par := range []int{e.Par, e.Par + 3} {
		var b bytes.Buffer
		a := &Answer{Line: e.Line, Score: sc, Par: par}
		require.NoError(t, WriteSheets(&b, []SheetPuzzle{{Title: DailyTitle(Launch), Deck: e.Line.Deck, Answer: a}}))
		assert.Equal(t, 2, pdfPages(b.Bytes()))
	}
}

// pdfPages counts the page objects of a PDF (fpdf writes them uncompressed).
func pdfPages(data []byte) int {
	return len(regexp.MustCompile(`/Type /Page\b`).FindAll(data, -1))
}

func randomAnswer(deck solo.Deck, seed uint64) *Answer {
	line := solo.RandomLine(deck, rand.NewPCG(seed, 1))
	sc, _ := solo.Replay(line)
	return &Answer{Line: line, Score: sc}
}

func TestWriteSheets(t *testing.T) {
	d1, d2, d3 := DailyDeck(Launch), solo.SeedDeck(7), solo.SeedDeck(8).Relevant()[:11]
	tests := []struct {
		name    string
		puzzles []SheetPuzzle
		pages   int
	}{
		{"one puzzle, no answer", []SheetPuzzle{{Title: "Seed 7", Deck: d2}}, 1},
		{"one puzzle with answer", []SheetPuzzle{{Title: DailyTitle(Launch), Deck: d1, Answer: randomAnswer(d1, 1)}}, 2},
		{"booklet", []SheetPuzzle{
			{Title: "a", Deck: d1, Answer: randomAnswer(d1, 2)},
			{Title: "b", Deck: d2, Answer: randomAnswer(d2, 3)},
			{Title: "c", Deck: d3},
		}, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, WriteSheets(&b, tt.puzzles))
			assert.True(t, bytes.HasPrefix(b.Bytes(), []byte("%PDF-")), "WriteSheets wrote %q..., want a PDF", b.Bytes()[:min(8, b.Len())])
			assert.Equal(t, tt.pages, pdfPages(b.Bytes()), "pages")
		})
	}
}

func TestWriteSheetsErrors(t *testing.T) {
	deck := DailyDeck(Launch)
	bad := randomAnswer(deck, 1)
	bad.Line.Moves = bad.Line.Moves[:3]
	tests := []struct {
		name    string
		puzzles []SheetPuzzle
		want    string
	}{
		{"no puzzles", nil, "no puzzles"},
		{"invalid deck", []SheetPuzzle{{Title: "x", Deck: solo.Deck{1, 2, 3}}}, "R5"},
		{"illegal answer", []SheetPuzzle{{Title: "x", Deck: deck, Answer: bad}}, "x: the answer line is not legal"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		assert.ErrorContains(t, WriteSheets(&b, tt.puzzles), tt.want, "WriteSheets(%s)", tt.name)
	}
}

func TestDailyTitle(t *testing.T) {
	tests := []struct{ date, want string }{
		{"2026-11-22", "Daily #1 · Sunday 22 November 2026"},
		{"2026-11-21", "Daily puzzle · Saturday 21 November 2026"},
	}
	for _, tt := range tests {
		d, err := ParseDate(tt.date)
		require.NoError(t, err)
		assert.Equal(t, tt.want, DailyTitle(d), "DailyTitle(%s)", tt.date)
	}
}

func BenchmarkWriteSheets(b *testing.B) {
	deck := DailyDeck(Launch)
	ps := []SheetPuzzle{{Title: "x", Deck: deck, Answer: randomAnswer(deck, 1)}}
	for b.Loop() {
		var buf bytes.Buffer
		if err := WriteSheets(&buf, ps); err != nil {
			b.Fatal(err)
		}
	}
}
