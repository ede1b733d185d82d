package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/session"
	"github.com/novaluna/novaluna/solo"
	"github.com/novaluna/novaluna/solver"
)

// tileJSON is a tile as the page draws it.
type tileJSON struct {
	ID     int        `json:"id"`
	Colour string     `json:"colour"` // R, B, T or Y
	Name   string     `json:"name"`   // red, blue, turquoise, yellow
	Cost   int        `json:"cost"`
	Tasks  [][]string `json:"tasks"` // each task as colour letters, e.g. ["R","R","B"]
}

func tileOf(t solo.Tile) tileJSON {
	j := tileJSON{ID: t.ID, Colour: t.Colour.String(), Name: t.Colour.Name(), Cost: t.Cost, Tasks: [][]string{}}
	for _, task := range t.Tasks {
		letters := []string{}
		for c := range solo.NumColours {
			for range task[c] {
				letters = append(letters, solo.Colour(c).String())
			}
		}
		j.Tasks = append(j.Tasks, letters)
	}
	return j
}

func (s *Server) tiles(w http.ResponseWriter, r *http.Request) {
	var out []tileJSON
	for _, t := range solo.Tiles() {
		out = append(out, tileOf(t))
	}
	writeJSON(w, http.StatusOK, out)
}

// puzzleJSON names a puzzle and gives its deck.
type puzzleJSON struct {
	Kind   string    `json:"kind"` // "daily" or "seed"
	Label  string    `json:"label"`
	Date   string    `json:"date,omitempty"`
	Number int       `json:"number,omitempty"`
	Seed   string    `json:"seed,omitempty"`
	Today  string    `json:"today"`
	Deck   solo.Deck `json:"deck"`
}

func (s *Server) dailyJSON(date time.Time) puzzleJSON {
	p := puzzleJSON{Kind: "daily", Date: date.Format(puzzles.DateLayout), Number: puzzles.Number(date), Deck: puzzles.DailyDeck(date),
		Today: puzzles.Today(s.opts.Now()).Format(puzzles.DateLayout)}
	p.Label = "Daily " + p.Date
	if p.Number > 0 {
		p.Label = fmt.Sprintf("Daily #%d · %s", p.Number, p.Date)
	}
	return p
}

func (s *Server) today(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.dailyJSON(puzzles.Today(s.opts.Now())))
}

func (s *Server) dailyPuzzle(w http.ResponseWriter, r *http.Request) {
	date, err := puzzles.ParseDate(r.PathValue("date"))
	if err != nil {
		writeError(w, http.StatusNotFound, apiError{Error: err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, s.dailyJSON(date))
}

func (s *Server) seedPuzzle(w http.ResponseWriter, r *http.Request) {
	n, err := parseSeed(r.PathValue("n"))
	if err != nil {
		writeError(w, http.StatusNotFound, apiError{Error: err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, puzzleJSON{Kind: "seed", Label: fmt.Sprintf("Seed %d", n), Seed: fmt.Sprint(n), Deck: solo.SeedDeck(n),
		Today: puzzles.Today(s.opts.Now()).Format(puzzles.DateLayout)})
}

// archive lists the dailies from #1 to today, newest first.
func (s *Server) archive(w http.ResponseWriter, r *http.Request) {
	type day struct {
		Date   string `json:"date"`
		Number int    `json:"number"`
	}
	today := puzzles.Today(s.opts.Now())
	days := []day{}
	for d := today; !d.Before(puzzles.Launch); d = d.AddDate(0, 0, -1) {
		days = append(days, day{d.Format(puzzles.DateLayout), puzzles.Number(d)})
	}
	writeJSON(w, http.StatusOK, days)
}

// par answers a daily's reference score (puzzles.Par): the lower of the
// shipped table's and the score of the line the rating search finds with
// its node budget, the same on every machine and in every run.
func (s *Server) par(w http.ResponseWriter, r *http.Request) {
	date, err := puzzles.ParseDate(r.PathValue("date"))
	if err != nil {
		writeError(w, http.StatusNotFound, apiError{Error: err.Error()})
		return
	}
	deck := puzzles.DailyDeck(date)
	if p, ok := s.cachedPar(deck); ok {
		writeJSON(w, http.StatusOK, map[string]int{"par": p})
		return
	}
	ctx, done, ok := s.startJob(w, r)
	if !ok {
		return
	}
	defer done()
	res, err := solver.Solve(ctx, deck, solver.Options{Workers: 1, TableBits: 20, MaxNodes: s.opts.ParNodes})
	if err != nil {
		writeError(w, http.StatusInternalServerError, apiError{Error: "the solver failed: " + err.Error()})
		return
	}
	// The shipped table of pars may know a better line than this search:
	// puzzles.Par keeps the lower, so a par is the same as the CLI's.
	par, err := puzzles.Par(ctx, date, &puzzles.ParResult{Par: res.Score.Total(), Line: res.Line, Proven: res.Optimal})
	if err != nil {
		writeError(w, http.StatusInternalServerError, apiError{Error: "the par table: " + err.Error()})
		return
	}
	p := par.Par
	s.storePar(deck, p)
	writeJSON(w, http.StatusOK, map[string]int{"par": p})
}

func deckKey(d solo.Deck) string { return fmt.Sprint(d.Relevant()) }

func (s *Server) cachedPar(d solo.Deck) (int, bool) {
	s.parMu.Lock()
	defer s.parMu.Unlock()
	p, ok := s.pars[deckKey(d)]
	return p, ok
}

func (s *Server) storePar(d solo.Deck, p int) {
	s.parMu.Lock()
	defer s.parMu.Unlock()
	if len(s.pars) >= maxPars {
		clear(s.pars)
	}
	s.pars[deckKey(d)] = p
}

// request is the body of the POST routes: the line so far (the state),
// the command, and the daily's date for the share line at the end.
type request struct {
	Line json.RawMessage `json:"line"`
	Do   string          `json:"do"` // play: "move", "end", "undo" or "" (the position only)
	Tile int             `json:"tile"`
	X    int             `json:"x"`
	Y    int             `json:"y"`
	Date string          `json:"date"`
}

// readRequest reads a POST body of at most MaxBody bytes and replays its
// line; on failure it has answered (413, 400) and returns false.
func readRequest(w http.ResponseWriter, r *http.Request) (request, *session.Session, bool) {
	var req request
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, apiError{Error: fmt.Sprintf("the request is larger than %d bytes", MaxBody)})
			return req, nil, false
		}
		writeError(w, http.StatusBadRequest, apiError{Error: "reading the request: " + err.Error()})
		return req, nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, apiError{Error: "the request is not the JSON wanted: " + err.Error()})
		return req, nil, false
	}
	if dec.More() {
		writeError(w, http.StatusBadRequest, apiError{Error: "the request has data after its JSON document"})
		return req, nil, false
	}
	if len(req.Line) == 0 {
		writeError(w, http.StatusBadRequest, apiError{Error: `the request has no "line": send the line played so far (FORMATS.md)`})
		return req, nil, false
	}
	line, err := solo.ParseLine(req.Line)
	if err != nil {
		writeError(w, http.StatusBadRequest, apiError{Error: "the line: " + err.Error()})
		return req, nil, false
	}
	sess, err := session.Resume(line)
	if err != nil {
		e := errorOf(err)
		e.Error = "the line does not replay: " + e.Error
		writeError(w, http.StatusBadRequest, e)
		return req, nil, false
	}
	return req, sess, true
}

// play carries out one command on the line and answers the new position;
// a refused command is answered 422 with the rule, the position unchanged.
func (s *Server) play(w http.ResponseWriter, r *http.Request) {
	req, sess, ok := readRequest(w, r)
	if !ok {
		return
	}
	var err error
	switch req.Do {
	case "":
	case "move":
		err = sess.Play(solo.Move{Tile: req.Tile, X: req.X, Y: req.Y})
	case "end":
		err = sess.EndPhase1()
	case "undo":
		_, err = sess.Undo()
	default:
		writeError(w, http.StatusBadRequest, apiError{Error: fmt.Sprintf(`"do" is %q: want "move", "end", "undo" or nothing`, req.Do)})
		return
	}
	pos := s.position(sess, req.Date)
	if err != nil {
		e := errorOf(err)
		writeJSON(w, http.StatusUnprocessableEntity, struct {
			Refused apiError `json:"refused"`
			*positionJSON
		}{e, pos})
		return
	}
	writeJSON(w, http.StatusOK, pos)
}

// hint asks the solver for the next action, with a node budget.
func (s *Server) hint(w http.ResponseWriter, r *http.Request) {
	req, sess, ok := readRequest(w, r)
	if !ok {
		return
	}
	if sess.Hard() || sess.Game().Over() {
		_, err := sess.Hint(r.Context(), session.Budget{})
		writeError(w, http.StatusUnprocessableEntity, errorOf(err))
		return
	}
	ctx, done, ok := s.startJob(w, r)
	if !ok {
		return
	}
	defer done()
	h, err := sess.Hint(ctx, session.Budget{Nodes: s.opts.HintNodes})
	if err != nil {
		writeError(w, http.StatusInternalServerError, errorOf(err))
		return
	}
	type hintJSON struct {
		End        bool `json:"end"`
		Tile       int  `json:"tile,omitempty"`
		X          int  `json:"x"`
		Y          int  `json:"y"`
		Score      int  `json:"score"`
		LowerBound int  `json:"lower_bound"`
		Optimal    bool `json:"optimal"`
	}
	writeJSON(w, http.StatusOK, struct {
		Hint     hintJSON      `json:"hint"`
		Position *positionJSON `json:"position"`
	}{hintJSON{h.Next.End, h.Next.Move.Tile, h.Next.Move.X, h.Next.Move.Y, h.Score, h.LowerBound, h.Optimal}, s.position(sess, req.Date)})
}

// review compares a finished line with the best the solver finds, turn by
// turn, with a node budget per search.
func (s *Server) review(w http.ResponseWriter, r *http.Request) {
	_, sess, ok := readRequest(w, r)
	if !ok {
		return
	}
	if !sess.Game().Over() {
		g := sess.Game()
		writeError(w, http.StatusUnprocessableEntity, apiError{Error: "only a finished game can be reviewed; play it to the end", Rule: "R15", Turn: g.Turn()})
		return
	}
	ctx, done, ok := s.startJob(w, r)
	if !ok {
		return
	}
	defer done()
	c, err := puzzles.Compare(ctx, sess.Line(), puzzles.CompareOptions{Nodes: s.opts.ReviewNodes, Workers: 1})
	if err != nil {
		writeError(w, http.StatusInternalServerError, errorOf(err))
		return
	}
	writeJSON(w, http.StatusOK, reviewOf(c))
}

type reviewTurn struct {
	Turn       int  `json:"turn"`
	Tile       int  `json:"tile"`
	X          int  `json:"x"`
	Y          int  `json:"y"`
	EndsPhase1 bool `json:"ends_phase1"`
	BestAfter  int  `json:"best_after"`
	Loss       int  `json:"loss"`
	// Better is, for a turn that cost points, the move that would have
	// kept them (in the player's coordinates); BetterEnd says phase 1 ends
	// after it.
	Better    *solo.Move `json:"better,omitempty"`
	BetterEnd bool       `json:"better_ends_phase1,omitempty"`
}

type reviewJSON struct {
	Score      int          `json:"score"`
	Best       int          `json:"best"`
	BestProven bool         `json:"best_proven"`
	LowerBound int          `json:"lower_bound"`
	BestLine   solo.Line    `json:"best_line"`
	PartTurn   int          `json:"part_turn"`
	PartKind   string       `json:"part_kind"`
	BetterMove *solo.Move   `json:"better_move,omitempty"` // the best line's move at PartTurn
	BetterEnd  bool         `json:"better_end,omitempty"`  // or: it ends phase 1 there
	Turns      []reviewTurn `json:"turns"`
}

func reviewOf(c puzzles.Comparison) reviewJSON {
	out := reviewJSON{Score: c.UserScore.Total(), Best: c.BestScore.Total(), BestProven: c.BestProven, LowerBound: c.LowerBound,
		BestLine: c.Best, PartTurn: c.PartTurn, PartKind: c.PartKind, Turns: []reviewTurn{}}
	if c.PartTurn > 0 && c.PartTurn <= len(c.Best.Moves) {
		if c.PartKind == puzzles.PartPhase {
			out.BetterEnd = c.Best.Phase1Turns == c.PartTurn
		}
		m := c.Best.Moves[c.PartTurn-1]
		out.BetterMove = &m
	}
	for _, t := range c.Turns {
		out.Turns = append(out.Turns, reviewTurn{t.Turn, t.Move.Tile, t.Move.X, t.Move.Y, t.EndsPhase1, t.BestAfter, t.Loss, t.Better, t.BetterEndsPhase1})
	}
	return out
}

// positionJSON is what the page draws: everything about the position that
// needs a rule, decided here.
type positionJSON struct {
	Line       solo.Line    `json:"line"`
	Turn       int          `json:"turn"`
	Phase      string       `json:"phase"`
	Over       bool         `json:"over"`
	Wheel      []spaceJSON  `json:"wheel"`
	Accessible []int        `json:"accessible"`
	Display    []placedJSON `json:"display"`
	Cells      []pointJSON  `json:"cells"`
	Tokens     int          `json:"tokens"`
	Phase1Need int          `json:"tokens_phase1"`
	TotalNeed  int          `json:"tokens_total"`
	Score      scoreJSON    `json:"score"`
	CanEnd     bool         `json:"can_end_phase1"`
	CanUndo    bool         `json:"can_undo"`
	Hard       bool         `json:"hard"`
	Assists    solo.Assists `json:"assists"`
	Share      string       `json:"share,omitempty"` // a finished daily's share line
	Par        int          `json:"par,omitempty"`   // a daily's reference score, when known
}

type spaceJSON struct {
	Space int    `json:"space"`
	Tile  int    `json:"tile"` // 0: empty
	Moon  bool   `json:"moon"`
	Slot  string `json:"slot,omitempty"` // "a", "b", "c": a tile that may be taken
}

type placedJSON struct {
	Tile    int    `json:"tile"`
	X       int    `json:"x"`
	Y       int    `json:"y"`
	Covered []bool `json:"covered"`
}

type pointJSON struct {
	X int `json:"x"`
	Y int `json:"y"`
}

type scoreJSON struct {
	S1     int `json:"s1"`
	P1     int `json:"p1"`
	S2     int `json:"s2"`
	P2     int `json:"p2"`
	Total  int `json:"total"`
	Tokens int `json:"tokens"`
}

func (s *Server) position(sess *session.Session, date string) *positionJSON {
	g := sess.Game()
	sc := g.Score()
	p := &positionJSON{
		Line: sess.Line(), Turn: g.Turn(), Phase: g.Phase().String(), Over: g.Over(),
		Accessible: g.Accessible(), Tokens: g.Tokens(), Phase1Need: solo.TokensPhase1, TotalNeed: solo.TokensTotal,
		Score:  scoreJSON{sc.S1, sc.P1, sc.S2, sc.P2, sc.Total(), sc.Tokens},
		CanEnd: g.CanEndPhase1(), CanUndo: len(sess.Actions()) > 0 && !sess.Hard(), Hard: sess.Hard(), Assists: sess.Assists(),
		Display: []placedJSON{}, Cells: []pointJSON{}, Wheel: []spaceJSON{},
	}
	if p.Accessible == nil {
		p.Accessible = []int{}
	}
	if p.Line.Moves == nil {
		p.Line.Moves = []solo.Move{}
	}
	slot := map[int]string{}
	if !g.Over() {
		for i, id := range p.Accessible {
			slot[id] = string(rune('a' + i))
		}
	}
	track, meeple := g.Track()
	for i := range solo.TrackSpaces {
		sp := (meeple + i) % solo.TrackSpaces
		p.Wheel = append(p.Wheel, spaceJSON{Space: sp, Tile: track[sp], Moon: sp == meeple, Slot: slot[track[sp]]})
	}
	for _, pt := range g.Display() {
		p.Display = append(p.Display, placedJSON{pt.Tile, pt.X, pt.Y, append([]bool{}, pt.Covered...)})
	}
	if !g.Over() {
		for _, c := range g.LegalCells() {
			p.Cells = append(p.Cells, pointJSON{c.X, c.Y})
		}
	}
	if d, err := puzzles.ParseDate(date); err == nil && puzzles.IsDaily(sess.Deck(), d) {
		par, _ := s.cachedPar(sess.Deck())
		p.Par = par
		if g.Over() {
			share, err := puzzles.ShareLine(d, sess.Line(), par)
			if err == nil {
				p.Share = share
			}
		}
	}
	return p
}
