package solver

import (
	"encoding/json"
	"fmt"

	"github.com/novaluna/novaluna/solo"
)

// Resume is what an earlier search of a deck established: its best line
// and the lower bound it proved. Given as Options.From, the line is the
// first incumbent and the bound the first proven bound, so a long proof
// goes on across interruptions. The transposition table is not kept: the
// threshold passes start at the bound, not where the table left off.
type Resume struct {
	Line       solo.Line
	LowerBound int
}

// ParseResult reads a FORMATS.md solver result (what `solve --json` prints
// and `solve --out` writes) and checks that its line replays to its score
// and that its bound does not exceed that score.
func ParseResult(data []byte) (Resume, error) {
	var doc struct {
		Score      *int            `json:"score"`
		Line       json.RawMessage `json:"line"`
		LowerBound *int            `json:"lower_bound"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return Resume{}, fmt.Errorf("not a solver result: %w", err)
	}
	switch {
	case doc.Score == nil:
		return Resume{}, fmt.Errorf(`missing required key "score"`)
	case doc.Line == nil:
		return Resume{}, fmt.Errorf(`missing required key "line"`)
	case doc.LowerBound == nil:
		return Resume{}, fmt.Errorf(`missing required key "lower_bound"`)
	}
	l, err := solo.ParseLine(doc.Line)
	if err != nil {
		return Resume{}, fmt.Errorf(`"line": %w`, err)
	}
	sc, err := solo.Replay(l)
	if err != nil {
		return Resume{}, fmt.Errorf(`"line" does not replay: %w`, err)
	}
	if sc.Total() != *doc.Score {
		return Resume{}, fmt.Errorf(`"score" is %d, but the line replays to %d`, *doc.Score, sc.Total())
	}
	if *doc.LowerBound > sc.Total() {
		return Resume{}, fmt.Errorf(`"lower_bound" %d is above the line's score %d, which no search proves`, *doc.LowerBound, sc.Total())
	}
	return Resume{Line: l, LowerBound: *doc.LowerBound}, nil
}

// resume makes r's line the incumbent and its bound the proven bound. The
// line must be of the deck being solved, from its start.
func (sh *shared) resume(r *Resume) error {
	if len(sh.prefix) != 0 {
		return fmt.Errorf("solver: a resumed search starts from the deck's first turn, not from a game in progress")
	}
	if !sameDeck(r.Line.Deck, sh.deck) {
		return fmt.Errorf("solver: the earlier result is for another deck")
	}
	sc, err := solo.Replay(r.Line)
	if err != nil {
		return fmt.Errorf("solver: the earlier result's line does not replay: %w", err)
	}
	var p path
	p.p1 = -1
	s := sh.start
	for i, mv := range r.Line.Moves {
		if i == r.Line.Phase1Turns && s.Phase() == solo.Phase1 {
			s.EndPhase1()
			p.p1 = int8(i)
		}
		if s.DisplaySize() == 0 {
			s.SetOrigin(mv.X, mv.Y)
		}
		sp := -1
		for space := range solo.TrackSpaces {
			if s.TrackTile(space) == mv.Tile {
				sp = space
			}
		}
		c, ok := s.CellAt(mv.X, mv.Y)
		if sp < 0 || !ok {
			return fmt.Errorf("solver: internal error: turn %d of a replayed line has no space or cell", i+1)
		}
		s.Apply(uint8(sp), c)
		p.steps[p.n] = solo.Step{Space: uint8(sp), Cell: c}
		p.n++
	}
	if r.Line.Phase1Turns == len(r.Line.Moves) && s.Phase() == solo.Phase1 {
		s.EndPhase1()
		p.p1 = p.n
	}
	if !s.Over() || s.Score().Total() != sc.Total() {
		return fmt.Errorf("solver: internal error: the earlier line scores %d here, not %d", s.Score().Total(), sc.Total())
	}
	sh.offer(sc.Total(), &p)
	sh.raise(min(r.LowerBound, sc.Total()))
	return nil
}

func sameDeck(a, b solo.Deck) bool {
	n := min(len(a), solo.MaxTurns)
	if min(len(b), solo.MaxTurns) != n {
		return false
	}
	for i := range n {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
