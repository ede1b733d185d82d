package session

import (
	"errors"
	"fmt"

	"github.com/novaluna/novaluna/solo"
)

// Action is one thing the player did that changes the game: a turn, or
// ending phase 1 (End).
type Action struct {
	End  bool
	Move solo.Move
}

// ErrNothingToUndo is returned by Undo before the first action.
var ErrNothingToUndo = errors.New("there is nothing to take back: no turn has been played")

// ErrHard is returned by Undo and Hint in hard mode.
var ErrHard = errors.New("this game is played in hard mode: no hints and no undo")

// Session is a game in progress. It is not safe for concurrent use.
type Session struct {
	deck    solo.Deck
	g       *solo.Game
	actions []Action
	assists solo.Assists
}

// New starts a game of deck; hard forbids hints and undo for the whole game.
func New(deck solo.Deck, hard bool) (*Session, error) {
	g, err := solo.NewGame(deck)
	if err != nil {
		return nil, err
	}
	return &Session{deck: append(solo.Deck(nil), deck...), g: g, assists: solo.Assists{Hard: hard}}, nil
}

// Resume goes on with a saved line: complete or not, with "phase1_turns" 0
// while phase 1 goes on (what Line writes). The line's assists are kept, so
// hints and undos taken before a save still count, and a game started in
// hard mode stays in it. An error names the turn and rule the line breaks.
func Resume(l solo.Line) (*Session, error) {
	hard := l.Assists != nil && l.Assists.Hard
	s, err := New(l.Deck, hard)
	if err != nil {
		return nil, err
	}
	if l.Assists != nil {
		s.assists = *l.Assists
	}
	if l.Phase1Turns < 0 || l.Phase1Turns > solo.SetupTiles {
		return nil, &solo.RuleError{Turn: 0, Rule: "R12", Err: solo.ErrBadPhase1Turns,
			Msg: fmt.Sprintf("phase1_turns is %d; it must be between 0 (phase 1 goes on) and %d", l.Phase1Turns, solo.SetupTiles)}
	}
	if l.Phase1Turns > len(l.Moves) {
		return nil, &solo.RuleError{Turn: 0, Rule: "R12", Err: solo.ErrBadPhase1Turns,
			Msg: fmt.Sprintf("phase1_turns is %d, but the line has only %d moves", l.Phase1Turns, len(l.Moves))}
	}
	for i, m := range l.Moves {
		if err := s.g.Play(m); err != nil {
			return nil, err
		}
		s.actions = append(s.actions, Action{Move: m})
		if i+1 == l.Phase1Turns && s.g.Phase() == solo.Phase1 {
			if err := s.g.EndPhase1(); err != nil {
				return nil, err
			}
			s.actions = append(s.actions, Action{End: true})
		}
	}
	// A saved game that is over is a complete line: it must be one that
	// score accepts. One that goes on must say where phase 1 ended if it
	// did, as Line writes it.
	if s.g.Over() {
		if _, err := solo.Play(l); err != nil {
			return nil, err
		}
	} else if l.Phase1Turns == 0 && s.g.Phase() != solo.Phase1 {
		p1 := s.g.Line().Phase1Turns
		return nil, &solo.RuleError{Turn: 0, Rule: "R12", Err: solo.ErrBadPhase1Turns,
			Msg: fmt.Sprintf("phase1_turns is 0 (phase 1 goes on), but phase 1 ended after turn %d, when the wheel ran empty; it must be %d", p1, p1)}
	}
	return s, nil
}

// Game returns the game for reading. Callers must not play on it: every
// change goes through the session, which keeps the actions for undo.
func (s *Session) Game() *solo.Game { return s.g }

// Deck returns the deck of the game.
func (s *Session) Deck() solo.Deck { return append(solo.Deck(nil), s.deck...) }

// Actions returns the actions played so far, oldest first.
func (s *Session) Actions() []Action { return append([]Action(nil), s.actions...) }

// Assists returns the hints and undos taken so far, and whether the game is
// in hard mode.
func (s *Session) Assists() solo.Assists { return s.assists }

// Hard reports whether the game is in hard mode.
func (s *Session) Hard() bool { return s.assists.Hard }

// Line returns the game so far as a line, with its assists when there are
// any (a hint, an undo, hard mode), so that a saved game keeps them.
// "phase1_turns" is 0 while phase 1 goes on.
func (s *Session) Line() solo.Line {
	l := s.g.Line()
	if s.assists != (solo.Assists{}) {
		a := s.assists
		l.Assists = &a
	}
	return l
}

// Play plays a turn. A refused move leaves the game as it was; the error is
// a *solo.RuleError.
func (s *Session) Play(m solo.Move) error {
	if err := s.g.Play(m); err != nil {
		return err
	}
	s.actions = append(s.actions, Action{Move: m})
	return nil
}

// EndPhase1 ends phase 1 by the player's choice (rule R12).
func (s *Session) EndPhase1() error {
	if err := s.g.EndPhase1(); err != nil {
		return err
	}
	s.actions = append(s.actions, Action{End: true})
	return nil
}

// Undo takes back the last action, a turn (also the one that ended the
// game) or the end of phase 1, counts it among the assists and returns it.
func (s *Session) Undo() (Action, error) {
	if s.assists.Hard {
		return Action{}, ErrHard
	}
	if len(s.actions) == 0 {
		return Action{}, ErrNothingToUndo
	}
	last := s.actions[len(s.actions)-1]
	if err := s.rebuild(s.actions[:len(s.actions)-1]); err != nil {
		// A prefix of a legal game is legal: this would be a bug.
		return Action{}, fmt.Errorf("cannot take back the last turn: %w", err)
	}
	s.assists.Undos++
	return last, nil
}

// Rebuild replays actions on a fresh game, as after a fault; the game stays
// as it was if one of them is refused.
func (s *Session) Rebuild(actions []Action) error { return s.rebuild(actions) }

func (s *Session) rebuild(actions []Action) error {
	g, err := solo.NewGame(s.deck)
	if err != nil {
		return err
	}
	for _, a := range actions {
		if a.End {
			// Phase 1 may already have ended by itself (wheel empty).
			if g.Phase() == solo.Phase1 {
				err = g.EndPhase1()
			}
		} else {
			err = g.Play(a.Move)
		}
		if err != nil {
			return err
		}
	}
	s.g, s.actions = g, append([]Action(nil), actions...)
	return nil
}
