package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var testNow = time.Date(2026, 11, 24, 15, 0, 0, 0, time.UTC)

func testServer(t *testing.T) *Server {
	t.Helper()
	return New(Options{Jobs: 1, HintNodes: 20_000, ReviewNodes: 5_000, ParNodes: 20_000, Now: func() time.Time { return testNow }})
}

func get(t *testing.T, h http.Handler, path string) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
	return w
}

func post(t *testing.T, h http.Handler, path string, body any) *httptest.ResponseRecorder {
	t.Helper()
	var data []byte
	switch b := body.(type) {
	case string:
		data = []byte(b)
	case []byte:
		data = b
	default:
		var err error
		data, err = json.Marshal(body)
		require.NoError(t, err)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, path, bytes.NewReader(data)))
	return w
}

func decode[T any](t *testing.T, w *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &v), "body %s", w.Body.String())
	return v
}

type refusedJSON struct {
	Refused apiError `json:"refused"`
	positionJSON
}

func TestPages(t *testing.T) {
	s := testServer(t)
	for _, path := range []string{"/", "/daily/2026-11-22", "/seed/7", "/archive"} {
		w := get(t, s, path)
		assert.Equal(t, http.StatusOK, w.Code, "GET %s", path)
		assert.Contains(t, w.Body.String(), `<script src="/static/app.js" defer></script>`, "GET %s", path)
		assert.Equal(t, "text/html; charset=utf-8", w.Header().Get("Content-Type"), "GET %s", path)
	}
	for _, path := range []string{"/daily/2026-02-30", "/daily/tomorrow", "/seed/-1", "/seed/x", "/nothing", "/static/nothing.js"} {
		assert.Equal(t, http.StatusNotFound, get(t, s, path).Code, "GET %s", path)
	}
	for _, path := range []string{"/static/app.js", "/static/style.css"} {
		w := get(t, s, path)
		assert.Equal(t, http.StatusOK, w.Code, "GET %s", path)
		assert.NotEmpty(t, w.Body.String(), "GET %s", path)
	}
	assert.Contains(t, get(t, s, "/static/app.js").Header().Get("Content-Type"), "javascript")
}

// TestSecurityHeaders: every answer, page, API or refusal, carries them.
func TestSecurityHeaders(t *testing.T) {
	s := testServer(t)
	for _, w := range []*httptest.ResponseRecorder{get(t, s, "/"), get(t, s, "/api/tiles"), get(t, s, "/nothing"), post(t, s, "/api/play", "{")} {
		csp := w.Header().Get("Content-Security-Policy")
		assert.Contains(t, csp, "script-src 'self'")
		assert.NotContains(t, csp, "unsafe-inline")
		assert.Contains(t, csp, "frame-ancestors 'none'")
		assert.Equal(t, "nosniff", w.Header().Get("X-Content-Type-Options"))
	}
	// No inline script or style in the page: the CSP would block it.
	page := get(t, s, "/").Body.String()
	assert.NotRegexp(t, `<script>|<script [^>]*>[^<]|style=|onclick=`, page)
}

func TestPuzzleRoutes(t *testing.T) {
	s := testServer(t)
	today := decode[puzzleJSON](t, get(t, s, "/api/today"))
	assert.Equal(t, "2026-11-24", today.Date)
	assert.Equal(t, 3, today.Number)
	assert.Equal(t, puzzles.DailyDeck(testNow), today.Deck)

	d := decode[puzzleJSON](t, get(t, s, "/api/daily/2026-11-22"))
	assert.Equal(t, 1, d.Number)
	assert.Equal(t, "Daily #1 · 2026-11-22", d.Label)

	sd := decode[puzzleJSON](t, get(t, s, "/api/seed/7"))
	assert.Equal(t, solo.SeedDeck(7), sd.Deck)
	assert.Equal(t, "seed", sd.Kind)

	assert.Equal(t, http.StatusNotFound, get(t, s, "/api/daily/2026-13-01").Code)
	assert.Equal(t, http.StatusNotFound, get(t, s, "/api/seed/nine").Code)

	tiles := decode[[]tileJSON](t, get(t, s, "/api/tiles"))
	require.Len(t, tiles, solo.NumTiles)
	for _, tj := range tiles {
		tile, _ := solo.TileByID(tj.ID)
		assert.Equal(t, tile.Cost, tj.Cost)
		assert.Len(t, tj.Tasks, len(tile.Tasks))
	}

	days := decode[[]struct {
		Date   string `json:"date"`
		Number int    `json:"number"`
	}](t, get(t, s, "/api/archive"))
	require.Len(t, days, 3)
	assert.Equal(t, "2026-11-24", days[0].Date)
	assert.Equal(t, 1, days[2].Number)
}

func newLine(d solo.Deck) solo.Line { return solo.Line{Deck: d, Moves: []solo.Move{}} }

// TestPlayAGame plays a whole daily through the API, one command a
// request, and ends with the score of solo.Replay and the share line.
func TestPlayAGame(t *testing.T) {
	s := testServer(t)
	date := puzzles.Launch
	full := solo.RandomLine(puzzles.DailyDeck(date), rand.NewPCG(3, 3))
	line := newLine(full.Deck)
	for i, m := range full.Moves {
		w := post(t, s, "/api/play", request{Line: mustJSON(t, line), Do: "move", Tile: m.Tile, X: m.X, Y: m.Y, Date: "2026-11-22"})
		require.Equal(t, http.StatusOK, w.Code, "turn %d: %s", i+1, w.Body.String())
		pos := decode[positionJSON](t, w)
		line = pos.Line
		if i+1 == full.Phase1Turns && pos.Phase == "phase 1" {
			w = post(t, s, "/api/play", request{Line: mustJSON(t, line), Do: "end", Date: "2026-11-22"})
			require.Equal(t, http.StatusOK, w.Code, "end of phase 1: %s", w.Body.String())
			line = decode[positionJSON](t, w).Line
		}
	}
	w := post(t, s, "/api/play", request{Line: mustJSON(t, line), Date: "2026-11-22"})
	require.Equal(t, http.StatusOK, w.Code)
	pos := decode[positionJSON](t, w)
	want, err := solo.Replay(full)
	require.NoError(t, err)
	assert.True(t, pos.Over)
	assert.Equal(t, want.Total(), pos.Score.Total)
	assert.Equal(t, full.Moves, pos.Line.Moves)
	assert.Empty(t, pos.Cells, "no cells once the game is over")
	wantShare, err := puzzles.ShareLine(date, full, 0)
	require.NoError(t, err)
	assert.Equal(t, wantShare, pos.Share)

	// Not a daily: no share line.
	w = post(t, s, "/api/play", request{Line: mustJSON(t, line)})
	assert.Empty(t, decode[positionJSON](t, w).Share)
}

func mustJSON(t *testing.T, v any) json.RawMessage {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	return data
}

func TestPosition(t *testing.T) {
	s := testServer(t)
	d := solo.SeedDeck(7)
	pos := decode[positionJSON](t, post(t, s, "/api/play", request{Line: mustJSON(t, newLine(d))}))
	assert.Equal(t, 1, pos.Turn)
	assert.Equal(t, "phase 1", pos.Phase)
	require.Len(t, pos.Wheel, solo.TrackSpaces)
	assert.True(t, pos.Wheel[0].Moon)
	assert.Equal(t, []int{13, 6, 37}, pos.Accessible)
	assert.Equal(t, "a", pos.Wheel[1].Slot)
	assert.Equal(t, 13, pos.Wheel[1].Tile)
	assert.Equal(t, []pointJSON{{0, 0}}, pos.Cells)
	assert.False(t, pos.CanUndo)
	assert.Equal(t, 290, pos.Score.Total, "80 + 210 of penalties before any tile")

	w := post(t, s, "/api/play", request{Line: mustJSON(t, newLine(d)), Do: "move", Tile: 13, X: 0, Y: 0})
	require.Equal(t, http.StatusOK, w.Code)
	pos = decode[positionJSON](t, w)
	assert.Equal(t, []placedJSON{{13, 0, 0, []bool{false, false}}}, pos.Display)
	assert.Len(t, pos.Cells, 4)
	assert.True(t, pos.CanUndo)
}

// TestRefusals: a command the rules refuse is answered 422 with the rule,
// the turn and the words, and the position unchanged.
func TestRefusals(t *testing.T) {
	s := testServer(t)
	d := solo.SeedDeck(7)
	one := solo.Line{Deck: d, Moves: []solo.Move{{Tile: 13, X: 0, Y: 0}}}
	tests := []struct {
		name string
		req  request
		rule string
		text string
	}{
		{"tile not accessible", request{Line: mustJSON(t, one), Do: "move", Tile: 35, X: 1, Y: 0}, "R6", ""},
		{"cell not adjacent", request{Line: mustJSON(t, one), Do: "move", Tile: 6, X: 5, Y: 5}, "R9", ""},
		{"cell occupied", request{Line: mustJSON(t, one), Do: "move", Tile: 6, X: 0, Y: 0}, "R9", ""},
		{"end too early", request{Line: mustJSON(t, one), Do: "end"}, "R12", "8"},
		{"undo nothing", request{Line: mustJSON(t, newLine(d)), Do: "undo"}, "", "nothing to take back"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := post(t, s, "/api/play", tt.req)
			require.Equal(t, http.StatusUnprocessableEntity, w.Code, w.Body.String())
			got := decode[refusedJSON](t, w)
			assert.Equal(t, tt.rule, got.Refused.Rule)
			assert.Contains(t, got.Refused.Error, tt.text)
			var sent solo.Line
			require.NoError(t, json.Unmarshal(tt.req.Line, &sent))
			assert.Equal(t, sent.Moves, got.Line.Moves, "the position is unchanged")
			if tt.req.Do == "move" {
				assert.Equal(t, len(sent.Moves)+1, got.Refused.Turn, "the turn of a refused move")
			}
		})
	}
}

// TestUndo takes back a turn and the end of phase 1, counted in the line.
func TestUndo(t *testing.T) {
	s := testServer(t)
	full := solo.RandomLine(solo.SeedDeck(7), rand.NewPCG(5, 5))
	two := solo.Line{Deck: full.Deck, Moves: full.Moves[:2]}
	w := post(t, s, "/api/play", request{Line: mustJSON(t, two), Do: "undo"})
	require.Equal(t, http.StatusOK, w.Code)
	pos := decode[positionJSON](t, w)
	assert.Equal(t, full.Moves[:1], pos.Line.Moves)
	assert.Equal(t, solo.Assists{Undos: 1}, pos.Assists)
	require.NotNil(t, pos.Line.Assists)
	assert.Equal(t, 1, pos.Line.Assists.Undos)

	// Hard mode: no undo, no hint.
	hard := two
	hard.Assists = &solo.Assists{Hard: true}
	w = post(t, s, "/api/play", request{Line: mustJSON(t, hard), Do: "undo"})
	assert.Equal(t, http.StatusUnprocessableEntity, w.Code)
	assert.Contains(t, w.Body.String(), "hard mode")
	w = post(t, s, "/api/hint", request{Line: mustJSON(t, hard)})
	assert.Equal(t, http.StatusUnprocessableEntity, w.Code)
	assert.False(t, decode[positionJSON](t, post(t, s, "/api/play", request{Line: mustJSON(t, hard)})).CanUndo)
}

// TestMalformed: a line that is not JSON, not a line, or breaks a rule is
// answered 400 naming the rule and the turn; a large body 413.
func TestMalformed(t *testing.T) {
	s := testServer(t)
	d := solo.SeedDeck(7)
	bad := solo.Line{Deck: d, Moves: []solo.Move{{Tile: 13, X: 0, Y: 0}, {Tile: 6, X: 7, Y: 7}}}
	w := post(t, s, "/api/play", request{Line: mustJSON(t, bad)})
	require.Equal(t, http.StatusBadRequest, w.Code)
	e := decode[apiError](t, w)
	assert.Equal(t, "R9", e.Rule)
	assert.Equal(t, 2, e.Turn)
	assert.Contains(t, e.Error, "does not replay")

	dup := solo.Line{Deck: append(solo.Deck{13}, d...), Moves: []solo.Move{}}
	e = decode[apiError](t, post(t, s, "/api/play", request{Line: mustJSON(t, dup)}))
	assert.Equal(t, "R5", e.Rule, "a deck with a tile twice: %+v", e)

	for name, body := range map[string]string{
		"not JSON":      "{",
		"no line":       `{"do":"end"}`,
		"unknown key":   `{"line":{"deck":[1,2,3,4,5,6,7,8,9,10,11],"moves":[],"phase1_turns":0},"cheat":1}`,
		"line no moves": `{"line":{"deck":[1,2,3,4,5,6,7,8,9,10,11],"phase1_turns":0}}`,
		"bad command":   `{"line":{"deck":[1,2,3,4,5,6,7,8,9,10,11],"moves":[],"phase1_turns":0},"do":"win"}`,
		"two documents": `{"line":{"deck":[1,2,3,4,5,6,7,8,9,10,11],"moves":[],"phase1_turns":0}} {}`,
		"phase1 turns":  `{"line":{"deck":[1,2,3,4,5,6,7,8,9,10,11],"moves":[],"phase1_turns":3}}`,
	} {
		w := post(t, s, "/api/play", body)
		assert.Equal(t, http.StatusBadRequest, w.Code, "%s: %s", name, w.Body.String())
		assert.NotEmpty(t, decode[apiError](t, w).Error, name)
	}

	big := `{"line":{"deck":[` + strings.Repeat("1,", MaxBody/2) + `1],"moves":[],"phase1_turns":0}}`
	for _, path := range []string{"/api/play", "/api/hint", "/api/review"} {
		w = post(t, s, path, big)
		assert.Equal(t, http.StatusRequestEntityTooLarge, w.Code, path)
	}
	// The wrong method.
	assert.Equal(t, http.StatusMethodNotAllowed, get(t, s, "/api/play").Code)
	w = httptest.NewRecorder()
	s.ServeHTTP(w, httptest.NewRequest(http.MethodDelete, "/", nil))
	assert.Equal(t, http.StatusMethodNotAllowed, w.Code)
}

// TestHint: a hint is legal, the same every time, and counted.
func TestHint(t *testing.T) {
	s := testServer(t)
	l := solo.Line{Deck: solo.SeedDeck(7), Moves: []solo.Move{{Tile: 13, X: 0, Y: 0}}}
	type hintAnswer struct {
		Hint struct {
			End  bool `json:"end"`
			Tile int  `json:"tile"`
			X, Y int
		} `json:"hint"`
		Position positionJSON `json:"position"`
	}
	var first hintAnswer
	for i := range 2 {
		w := post(t, s, "/api/hint", request{Line: mustJSON(t, l)})
		require.Equal(t, http.StatusOK, w.Code, w.Body.String())
		h := decode[hintAnswer](t, w)
		assert.Equal(t, 1, h.Position.Assists.Hints)
		if i == 0 {
			first = h
			continue
		}
		assert.Equal(t, first.Hint, h.Hint, "the same hint twice")
	}
	require.False(t, first.Hint.End)
	w := post(t, s, "/api/play", request{Line: mustJSON(t, first.Position.Line), Do: "move", Tile: first.Hint.Tile, X: first.Hint.X, Y: first.Hint.Y})
	assert.Equal(t, http.StatusOK, w.Code, "the hint is legal: %s", w.Body.String())
}

// TestBusy: with every solver slot taken, hint, review and par answer 503
// with Retry-After; moves still work.
func TestBusy(t *testing.T) {
	s := testServer(t)
	release, ok := s.tryJob()
	require.True(t, ok)
	defer release()
	full := solo.RandomLine(solo.SeedDeck(7), rand.NewPCG(5, 5))
	l := solo.Line{Deck: full.Deck, Moves: full.Moves[:1]}
	for _, w := range []*httptest.ResponseRecorder{
		post(t, s, "/api/hint", request{Line: mustJSON(t, l)}),
		post(t, s, "/api/review", request{Line: mustJSON(t, full)}),
		get(t, s, "/api/par/2026-11-22"),
	} {
		assert.Equal(t, http.StatusServiceUnavailable, w.Code)
		assert.NotEmpty(t, w.Header().Get("Retry-After"))
	}
	assert.Equal(t, http.StatusOK, post(t, s, "/api/play", request{Line: mustJSON(t, l)}).Code)
}

func TestReview(t *testing.T) {
	s := testServer(t)
	full := solo.RandomLine(solo.SeedDeck(7), rand.NewPCG(5, 5))
	w := post(t, s, "/api/review", request{Line: mustJSON(t, solo.Line{Deck: full.Deck, Moves: full.Moves[:3]})})
	assert.Equal(t, http.StatusUnprocessableEntity, w.Code, "an unfinished game")
	assert.Equal(t, "R15", decode[apiError](t, w).Rule)

	w = post(t, s, "/api/review", request{Line: mustJSON(t, full)})
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	r := decode[reviewJSON](t, w)
	sc, _ := solo.Replay(full)
	assert.Equal(t, sc.Total(), r.Score)
	assert.Len(t, r.Turns, len(full.Moves))
	assert.LessOrEqual(t, r.Best, r.Score)
	bs, err := solo.Replay(r.BestLine)
	require.NoError(t, err)
	assert.Equal(t, r.Best, bs.Total())
	// A costly turn names the better move, which is legal there.
	costly := 0
	for _, tr := range r.Turns {
		if tr.Loss == 0 {
			assert.Nil(t, tr.Better, "turn %d cost nothing", tr.Turn)
			continue
		}
		costly++
		require.NotNil(t, tr.Better, "turn %d cost %d", tr.Turn, tr.Loss)
		g, err := solo.PlayPrefix(full, tr.Turn-1)
		require.NoError(t, err)
		assert.NoError(t, g.Play(*tr.Better), "turn %d: the better move is legal", tr.Turn)
	}
	assert.Positive(t, costly, "a random line has costly turns")
	// The same review twice: a node budget, not a clock.
	assert.Equal(t, r, decode[reviewJSON](t, post(t, s, "/api/review", request{Line: mustJSON(t, full)})))
}

func TestPar(t *testing.T) {
	s := testServer(t)
	w := get(t, s, "/api/par/2026-11-22")
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	p := decode[map[string]int](t, w)["par"]
	assert.Greater(t, p, 0)
	// Cached: answered while the solver is busy, and the same.
	release, _ := s.tryJob()
	defer release()
	assert.Equal(t, p, decode[map[string]int](t, get(t, s, "/api/par/2026-11-22"))["par"])
	// The share line of a finished daily names it.
	full := solo.RandomLine(puzzles.DailyDeck(puzzles.Launch), rand.NewPCG(3, 3))
	pos := decode[positionJSON](t, post(t, s, "/api/play", request{Line: mustJSON(t, full), Date: "2026-11-22"}))
	assert.Equal(t, p, pos.Par)
	assert.Contains(t, pos.Share, fmt.Sprint(p))
	assert.Equal(t, http.StatusNotFound, get(t, s, "/api/par/someday").Code)
}

// TestNoFiles: no request reaches the file system; paths outside the
// embedded files are not found.
func TestNoFiles(t *testing.T) {
	s := testServer(t)
	for _, path := range []string{"/static/../server.go", "/static/..%2fserver.go", "/static/%2e%2e/doc.go", "/etc/passwd", "/static/../../go.mod"} {
		w := get(t, s, path)
		assert.NotEqual(t, http.StatusOK, w.Code, "GET %s: %s", path, w.Body.String())
		assert.NotContains(t, w.Body.String(), "package web", "GET %s", path)
	}
	_ = io.EOF
}

// TestCheckHistory: history lines are read as the history package reads
// the file; good entries come back, damaged ones by number.
func TestCheckHistory(t *testing.T) {
	s := testServer(t)
	l := solo.RandomLine(puzzles.DailyDeck(puzzles.Launch), rand.NewPCG(1, 1))
	sc, err := solo.Replay(l)
	require.NoError(t, err)
	good := fmt.Sprintf(`{"date":"2026-11-22","finished_at":"2026-11-22T19:04:11Z","score":%d,"par":86,"assists":{"hints":0,"undos":1},"line":%s}`, sc.Total(), mustJSON(t, l))
	wrong := strings.Replace(good, fmt.Sprintf(`"score":%d`, sc.Total()), fmt.Sprintf(`"score":%d`, sc.Total()+1), 1)
	body := good + "\n{\"date\":\n\n" + wrong + "\n" + good + "\n"
	w := post(t, s, "/api/history", body)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	got := decode[struct {
		Entries  []json.RawMessage `json:"entries"`
		Problems []struct {
			Line  int    `json:"line"`
			Error string `json:"error"`
		} `json:"problems"`
	}](t, w)
	assert.Len(t, got.Entries, 2)
	require.Len(t, got.Problems, 2)
	assert.Equal(t, 2, got.Problems[0].Line)
	assert.Equal(t, 4, got.Problems[1].Line)
	assert.Contains(t, got.Problems[1].Error, "score")
	assert.Contains(t, string(got.Entries[0]), `"date":"2026-11-22"`)

	w = post(t, s, "/api/history", strings.Repeat(good+"\n", MaxBody/len(good)+1))
	assert.Equal(t, http.StatusRequestEntityTooLarge, w.Code)
}
