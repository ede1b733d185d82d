package solo

import (
	"encoding/json"
	"fmt"
)

// Line is a complete game in the FORMATS.md line format: the deck, every
// turn, and the turn after which phase 1 ended.
type Line struct {
	Deck        Deck   `json:"deck"`
	Moves       []Move `json:"moves"`
	Phase1Turns int    `json:"phase1_turns"`
	// Assists is what the player used while playing the line (the optional
	// "assists" key of FORMATS.md); nil when the line does not say.
	Assists *Assists `json:"assists,omitempty"`
}

// Assists counts the help a player took while playing a line: solver hints
// and undone actions. Share lines and the history report them. Hard is true
// for a game played in hard mode (no hints, no undo from its first turn).
type Assists struct {
	Hints int  `json:"hints"`
	Undos int  `json:"undos"`
	Hard  bool `json:"hard,omitempty"`
}

type lineJSON struct {
	Deck        *[]int      `json:"deck"`
	Moves       *[]moveJSON `json:"moves"`
	Phase1Turns *int        `json:"phase1_turns"`
	Assists     *struct {
		Hints *int  `json:"hints"`
		Undos *int  `json:"undos"`
		Hard  *bool `json:"hard"`
	} `json:"assists"`
}

type moveJSON struct {
	Tile *int `json:"tile"`
	X    *int `json:"x"`
	Y    *int `json:"y"`
}

// ParseLine reads a FORMATS.md line document. It checks the document's shape
// (required keys, integer values) but not the rules; [Replay] does that.
func ParseLine(data []byte) (Line, error) {
	var lj lineJSON
	if err := decodeStrict(data, &lj); err != nil {
		return Line{}, err
	}
	switch {
	case lj.Deck == nil:
		return Line{}, fmt.Errorf(`missing required key "deck"`)
	case lj.Moves == nil:
		return Line{}, fmt.Errorf(`missing required key "moves"`)
	case lj.Phase1Turns == nil:
		return Line{}, fmt.Errorf(`missing required key "phase1_turns"`)
	}
	l := Line{Deck: Deck(*lj.Deck), Phase1Turns: *lj.Phase1Turns, Moves: make([]Move, len(*lj.Moves))}
	for i, m := range *lj.Moves {
		if m.Tile == nil || m.X == nil || m.Y == nil {
			return Line{}, fmt.Errorf(`move %d: want the keys "tile", "x" and "y"`, i+1)
		}
		l.Moves[i] = Move{Tile: *m.Tile, X: *m.X, Y: *m.Y}
	}
	if a := lj.Assists; a != nil {
		if a.Hints == nil || a.Undos == nil {
			return Line{}, fmt.Errorf(`"assists" wants the keys "hints" and "undos"`)
		}
		if *a.Hints < 0 || *a.Undos < 0 {
			return Line{}, fmt.Errorf(`"assists" counts must not be negative (hints %d, undos %d)`, *a.Hints, *a.Undos)
		}
		l.Assists = &Assists{Hints: *a.Hints, Undos: *a.Undos}
		if a.Hard != nil {
			if *a.Hard && (*a.Hints > 0 || *a.Undos > 0) {
				return Line{}, fmt.Errorf(`"assists" says "hard", a game without hints or undo, but counts %d hints and %d undos`, *a.Hints, *a.Undos)
			}
			l.Assists.Hard = *a.Hard
		}
	}
	return l, nil
}

// MarshalJSON writes the line with "moves" as an empty list, never null.
func (l Line) MarshalJSON() ([]byte, error) {
	type plain Line
	p := plain(l)
	if p.Moves == nil {
		p.Moves = []Move{}
	}
	return json.Marshal(p)
}

// Replay plays a line through the checked path and returns its score, or a
// [*RuleError] naming the turn and rule it breaks.
func Replay(l Line) (Score, error) {
	g, err := Play(l)
	if err != nil {
		return Score{}, err
	}
	return g.Score(), nil
}

// Play replays a complete line and returns the finished game.
func Play(l Line) (*Game, error) {
	g, err := NewGame(l.Deck)
	if err != nil {
		return nil, err
	}
	if l.Phase1Turns < 1 || l.Phase1Turns > SetupTiles || l.Phase1Turns > len(l.Moves) {
		return nil, ruleErr(0, "R12", ErrBadPhase1Turns, "phase1_turns is %d; it must be between 1 and %d and at most the number of moves (%d)",
			l.Phase1Turns, SetupTiles, len(l.Moves))
	}
	for i, m := range l.Moves {
		if err := g.Play(m); err != nil {
			return nil, err
		}
		if i+1 == l.Phase1Turns && g.s.phase == Phase1 {
			if g.s.tokens < TokensPhase1 {
				return nil, ruleErr(i+1, "R12", ErrCannotEndPhase1, "phase1_turns says phase 1 ends after turn %d, but only %d tokens are placed then and tiles remain on the wheel; it needs %d",
					i+1, g.s.tokens, TokensPhase1)
			}
			g.s.EndPhase1()
		}
	}
	if !g.Over() {
		return nil, ruleErr(len(l.Moves)+1, "R15", ErrIncomplete, "the line stops after %d turns, but the game is not over (%d of %d tokens placed, %d tiles on the wheel); a line must run to the end",
			len(l.Moves), g.s.tokens, TokensTotal, g.s.onTrack)
	}
	return g, nil
}

// PlayPrefix replays the first n turns of a line through the checked path,
// ending phase 1 after turn n if the line does there. The game it returns
// need not be over; analysis of a line turn by turn starts from it.
func PlayPrefix(l Line, n int) (*Game, error) {
	if n < 0 || n > len(l.Moves) {
		return nil, fmt.Errorf("solo: prefix of %d turns of a line of %d", n, len(l.Moves))
	}
	g, err := NewGame(l.Deck)
	if err != nil {
		return nil, err
	}
	for i, m := range l.Moves[:n] {
		if err := g.Play(m); err != nil {
			return nil, err
		}
		if i+1 == l.Phase1Turns && g.s.phase == Phase1 {
			if err := g.EndPhase1(); err != nil {
				return nil, err
			}
		}
	}
	return g, nil
}

// MarshalJSON writes the legal score result of FORMATS.md.
func (sc Score) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Legal  bool `json:"legal"`
		Score  int  `json:"score"`
		S1     int  `json:"s1"`
		P1     int  `json:"p1"`
		S2     int  `json:"s2"`
		P2     int  `json:"p2"`
		Tokens int  `json:"tokens"`
	}{true, sc.Total(), sc.S1, sc.P1, sc.S2, sc.P2, sc.Tokens})
}
