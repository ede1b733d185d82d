package reference

// Move is one turn: the id of the tile taken and the cell it is placed on.
type Move struct{ Tile, X, Y int }

// Result mirrors FORMATS.md's score result.
type Result struct {
	Legal                         bool
	Score, S1, P1, S2, P2, Tokens int
	Turn                          int    // 1-based turn that broke a rule, for illegal lines (0 if the line as a whole is wrong, e.g. bad deck or bad phase1_turns not tied to a turn)
	Rule                          string // "R5", "R6", "R9", "R12", "R15", ... the rule id broken
}

// Score plays the line given by deck, moves and phase1Turns (FORMATS.md) and
// returns its score, or for an illegal line the first turn that broke a rule
// and that rule's id; the other fields of an illegal result are zero.
//
// Checks, in the order they are made:
//   - R5, turn 0: the deck is not at least 11 distinct ids in 1..68.
//   - R12, turn 0: phase1Turns is below 1, above len(moves) or above 11.
//   - per turn, in order: R15 if the game has already ended; R6 if the tile is
//     not on an accessible space (or not on the track at all); R9 if the cell
//     is taken or, after the first tile, touches no placed tile.
//   - R12 at turn phase1Turns: phase 1 ends there by choice with fewer than 8
//     tokens placed while tiles remain on the track.
//   - R15 at turn len(moves)+1: the moves run out before the game ends.
//
// If all 21 tokens are placed during phase 1 the game ends at once (R15), and
// phase 1 with it; a phase1Turns beyond that turn then shows up as a move
// after the end (R15 at the next turn), since phase1Turns <= len(moves).
func Score(deck []int, moves []Move, phase1Turns int) Result {
	if !validDeck(deck) {
		return illegal(0, "R5")
	}
	if phase1Turns < 1 || phase1Turns > len(moves) || phase1Turns > 11 {
		return illegal(0, "R12")
	}

	g := newGame(deck)
	inPhase1 := true
	ended := false
	s1, p1 := 0, 0
	for i, m := range moves {
		turn := i + 1
		if ended {
			return illegal(turn, "R15")
		}
		if rule := g.play(m); rule != "" {
			return illegal(turn, rule)
		}

		if !inPhase1 {
			// R15: the game ends at once on 21 tokens or an empty track.
			ended = g.tokens == 21 || g.trackEmpty()
			continue
		}

		// Phase 1 ends on 21 tokens (the game is over), on an empty track
		// (only after turn 11, so phase1Turns == 11 by the check above), or
		// by choice after turn phase1Turns.
		switch {
		case g.tokens == 21, g.trackEmpty():
		case turn == phase1Turns:
			if g.tokens < 8 {
				return illegal(turn, "R12")
			}
		default:
			continue
		}

		// R13: note phase 1, then R14: refill.
		inPhase1 = false
		s1 = g.displayCost()
		p1 = 10 * max(0, 8-g.tokens)
		if g.tokens == 21 {
			ended = true
			continue
		}
		g.refill()
		// R15: a refill that finds the deck used up leaves the track empty,
		// and phase 2 is over before it starts.
		ended = g.trackEmpty()
	}
	if !ended {
		return illegal(len(moves)+1, "R15")
	}

	// R16, R17.
	s2 := g.displayCost()
	p2 := 10 * (21 - g.tokens)
	return Result{
		Legal:  true,
		Score:  s1 + p1 + s2 + p2,
		S1:     s1,
		P1:     p1,
		S2:     s2,
		P2:     p2,
		Tokens: g.tokens,
	}
}

// validDeck reports whether deck is at least 11 distinct tile ids (R5).
func validDeck(deck []int) bool {
	if len(deck) < 11 {
		return false
	}
	seen := map[int]bool{}
	for _, id := range deck {
		if _, ok := tiles[id]; !ok || seen[id] {
			return false
		}
		seen[id] = true
	}
	return true
}

// illegal is the result for a line that breaks rule at turn.
func illegal(turn int, rule string) Result {
	return Result{Turn: turn, Rule: rule}
}
