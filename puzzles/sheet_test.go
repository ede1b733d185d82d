package puzzles

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/novaluna/novaluna/solo"
)

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
			if err := WriteSheets(&b, tt.puzzles); err != nil {
				t.Fatalf("WriteSheets = %v", err)
			}
			if !bytes.HasPrefix(b.Bytes(), []byte("%PDF-")) {
				t.Errorf("WriteSheets wrote %q..., want a PDF", b.Bytes()[:min(8, b.Len())])
			}
			if got := pdfPages(b.Bytes()); got != tt.pages {
				t.Errorf("WriteSheets pages = %d, want %d", got, tt.pages)
			}
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
	}{
		{"no puzzles", nil},
		{"invalid deck", []SheetPuzzle{{Title: "x", Deck: solo.Deck{1, 2, 3}}}},
		{"illegal answer", []SheetPuzzle{{Title: "x", Deck: deck, Answer: bad}}},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := WriteSheets(&b, tt.puzzles); err == nil {
			t.Errorf("WriteSheets(%s) = nil, want an error", tt.name)
		}
	}
}

func TestDailyTitle(t *testing.T) {
	tests := []struct{ date, want string }{
		{"2026-11-22", "Daily #1 · Sunday 22 November 2026"},
		{"2026-11-21", "Daily puzzle · Saturday 21 November 2026"},
	}
	for _, tt := range tests {
		d, _ := ParseDate(tt.date)
		if got := DailyTitle(d); got != tt.want {
			t.Errorf("DailyTitle(%s) = %q, want %q", tt.date, got, tt.want)
		}
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
