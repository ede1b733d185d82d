package web

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/novaluna/novaluna/history"
	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/solo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The browser tests drive Debian's chromium through chromedp: the page is
// played by clicks and keys as a player would, against a server on
// 127.0.0.1. They skip only where chromium is missing and CI is unset; in
// CI (.ci/run installs chromium) a missing browser fails them.

// browser starts a headless chromium with a tab of width x height and
// returns its context.
func browser(t *testing.T, width, height int) context.Context {
	t.Helper()
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is not installed, and CI is set: the browser tests must run in CI (.ci/run installs it)")
		}
		t.Skip("chromium is not installed (apt-get install -y chromium); the browser tests run in CI")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.WindowSize(width, height),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelTime(); cancelTab(); cancelAlloc() })
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))))
	return ctx
}

// browserServer serves the page on 127.0.0.1 with small solver budgets.
func browserServer(t *testing.T) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(New(Options{Jobs: 2, HintNodes: 20_000, ReviewNodes: 5_000, ParNodes: 20_000}))
	t.Cleanup(ts.Close)
	return ts
}

func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.TextContent(sel))
	require.NoError(t, err, "text of %s", sel)
	return s
}

// waitFor waits until the JavaScript expression is true.
func waitFor(t *testing.T, ctx context.Context, expr string) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](expr))
	require.NoError(t, err, "waiting for %s", expr)
}

// placed is the expression true once tile id is on the display.
func placed(id int) string {
	return fmt.Sprintf(`document.querySelector('#display [data-tile="%d"]') !== null`, id)
}

// clickMove takes a tile and places it by two clicks.
func clickMove(t *testing.T, ctx context.Context, m solo.Move) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(fmt.Sprintf(`button.take[data-take="%d"]`, m.Tile)),
		chromedp.Click(fmt.Sprintf(`button.cell[data-x="%d"][data-y="%d"]`, m.X, m.Y)),
	), "move %+v", m)
	waitFor(t, ctx, placed(m.Tile))
}

// TestBrowserPlaysADaily plays a whole daily by clicks and checks the
// final score and the share line against solo.Replay and puzzles.ShareLine.
// It runs at a phone's size and a desktop's.
func TestBrowserPlaysADaily(t *testing.T) {
	for _, size := range [][2]int{{390, 844}, {1280, 800}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) { playDaily(t, size[0], size[1]) })
	}
}

func playDaily(t *testing.T, width, height int) {
	ctx := browser(t, width, height)
	ts := browserServer(t)
	name := fmt.Sprintf("%dx%d", width, height)
	date := puzzles.Launch
	line := solo.RandomLine(puzzles.DailyDeck(date), rand.NewPCG(3, 3))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/daily/2026-11-22")))
	waitFor(t, ctx, `document.querySelector('#wheel button.take') !== null`)
	assert.Equal(t, "Daily #1 · 2026-11-22", text(t, ctx, "#label"))
	for i, m := range line.Moves {
		clickMove(t, ctx, m)
		if i+1 == line.Phase1Turns && i+1 < solo.SetupTiles {
			require.NoError(t, chromedp.Do(ctx, chromedp.Click("#end")))
			waitFor(t, ctx, `document.getElementById('turn').textContent.includes('phase 2')`)
		}
		if i == 7 {
			screenshot(t, ctx, name+"-midgame")
		}
	}
	waitFor(t, ctx, `!document.getElementById('end-box').hidden`)
	sc, err := solo.Replay(line)
	require.NoError(t, err)
	assert.Contains(t, text(t, ctx, "#final"), fmt.Sprintf("You scored %d.", sc.Total()))

	// The share line names the par once the server has worked it out.
	waitFor(t, ctx, `document.getElementById('share').value.includes(' (par ')`)
	par := decode[map[string]int](t, get(t, ts.Config.Handler, "/api/par/2026-11-22"))["par"]
	want, err := puzzles.ShareLine(date, line, par)
	require.NoError(t, err)
	share, err := chromedp.Run(ctx, chromedp.Value("#share"))
	require.NoError(t, err)
	assert.Equal(t, want, share)
	screenshot(t, ctx, name+"-end")

	// The finished game is in the history, in the FORMATS.md format.
	hist, err := chromedp.Run(ctx, chromedp.Evaluate[string](`localStorage.getItem('novaluna.history')`))
	require.NoError(t, err)
	assert.Contains(t, hist, `"date":"2026-11-22"`)
	assert.Contains(t, hist, fmt.Sprintf(`"score":%d`, sc.Total()))

	// The review names what each turn cost.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click("#review-btn")))
	waitFor(t, ctx, `document.querySelectorAll('#review table tr').length > 1`)
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#review table tr').length`))
	require.NoError(t, err)
	assert.Equal(t, len(line.Moves)+1, rows, "a row per turn and the head")

	// Stats show the game.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click("#nav-stats")))
	waitFor(t, ctx, `!document.getElementById('stats').hidden`)
	assert.Contains(t, text(t, ctx, "#stats-list"), "Games played1")

	// Back on the same daily: the page says it was played, and with what.
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/daily/2026-11-22")))
	waitFor(t, ctx, `document.getElementById('msg').textContent !== ''`)
	assert.Contains(t, text(t, ctx, "#msg"), fmt.Sprintf("You played this daily already (first finish: %d)", sc.Total()))
}

// TestBrowserUndoAndRefusal: undo takes back a turn; a move the rules
// refuse is explained with its rule; the keyboard alone plays a turn.
func TestBrowserUndoAndRefusal(t *testing.T) {
	ctx := browser(t, 1280, 800)
	ts := browserServer(t)
	line := solo.RandomLine(solo.SeedDeck(7), rand.NewPCG(5, 5))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/seed/7")))
	waitFor(t, ctx, `document.querySelector('#wheel button.take') !== null`)

	// End phase 1 before any tile: refused by rule R12.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click("#end")))
	waitFor(t, ctx, `document.getElementById('msg').textContent.includes('Refused')`)
	assert.Contains(t, text(t, ctx, "#msg"), "rule R12")

	clickMove(t, ctx, line.Moves[0])
	clickMove(t, ctx, line.Moves[1])

	// A tile that is not among a, b, c: refused by rule R6, nothing placed.
	far, err := chromedp.Run(ctx, chromedp.Evaluate[int](`Number(document.querySelector('#wheel button.take:not(.takeable)').dataset.take)`))
	require.NoError(t, err)
	cell := `#display button.cell`
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(fmt.Sprintf(`button.take[data-take="%d"]`, far)), chromedp.Click(cell)))
	waitFor(t, ctx, `document.getElementById('msg').textContent.includes('rule R6')`)
	assert.Contains(t, text(t, ctx, "#msg"), "Refused")
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#display .placed').length`))
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	screenshot(t, ctx, "desktop-refused")

	// Undo: the second tile goes back to the wheel.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click("#undo")))
	waitFor(t, ctx, `!(`+placed(line.Moves[1].Tile)+`)`)
	waitFor(t, ctx, fmt.Sprintf(`document.querySelector('#wheel [data-take="%d"]') !== null`, line.Moves[1].Tile))
	assert.Contains(t, text(t, ctx, "#turn"), "Turn 2")

	// The keyboard alone: "b" takes slot b, the focus moves to the first
	// cell, Enter places it.
	slotB, err := chromedp.Run(ctx, chromedp.Evaluate[int](`Number(document.querySelector('#wheel [data-slot="b"]').dataset.take)`))
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("b")))
	waitFor(t, ctx, `document.activeElement && document.activeElement.classList.contains('cell')`)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\r")))
	waitFor(t, ctx, placed(slotB))
	assert.Contains(t, text(t, ctx, "#turn"), "Turn 3")

	// A hint names a move and counts.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click("#hint")))
	waitFor(t, ctx, `document.getElementById('msg').textContent.startsWith('Hint: ')`)
	assert.Regexp(t, `^Hint: (take [abc] \(#\d+\) to \(-?\d+, -?\d+\)|end phase 1 now)\. The best line found from here scores \d+`, text(t, ctx, "#msg"))

	// The line kept by the page replays with solo: one undo and one hint
	// counted.
	kept, err := chromedp.Run(ctx, chromedp.Evaluate[string](`localStorage.getItem('novaluna.game.seed-7')`))
	require.NoError(t, err)
	l, err := solo.ParseLine([]byte(kept))
	require.NoError(t, err)
	require.NotNil(t, l.Assists)
	assert.Equal(t, solo.Assists{Hints: 1, Undos: 1}, *l.Assists)
	assert.Equal(t, line.Moves[0], l.Moves[0])
	assert.Equal(t, slotB, l.Moves[1].Tile)
	screenshot(t, ctx, "desktop-midgame")
}

// screenshot saves the page to $NOVALUNA_SCREENSHOTS/name.png when that is
// set, to look at the layout.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("NOVALUNA_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644))
	_ = strings.TrimSpace
}

// TestBrowserHistory imports a history.jsonl with damaged lines: the good
// entries count, the damaged ones (torn, or a score the line does not
// make) are reported by number and skipped, and the page's statistics are
// the history package's (history.Summarize) for the same entries.
func TestBrowserHistory(t *testing.T) {
	ctx := browser(t, 390, 844)
	ts := browserServer(t)
	now := time.Now().UTC()
	today := puzzles.Today(now)
	entry := func(date time.Time, daysLate, seed int, par int) history.Entry {
		l := solo.RandomLine(puzzles.DailyDeck(date), rand.NewPCG(uint64(seed), 9))
		sc, err := solo.Replay(l)
		require.NoError(t, err)
		return history.Entry{Date: date, FinishedAt: date.AddDate(0, 0, daysLate).Add(19 * time.Hour), Score: sc.Total(), Par: par, Line: l}
	}
	want := []history.Entry{
		entry(today.AddDate(0, 0, -5), 0, 1, 150),
		entry(today.AddDate(0, 0, -4), 1, 2, 150), // finished late: no streak
		entry(today.AddDate(0, 0, -2), 0, 3, 200),
		entry(today.AddDate(0, 0, -2), 0, 4, 200), // played again: the first counts
		entry(today.AddDate(0, 0, -1), 0, 5, 0),
	}
	want[3].FinishedAt = want[3].FinishedAt.Add(time.Hour)
	var b strings.Builder
	for i, e := range want {
		data, err := json.Marshal(e)
		require.NoError(t, err)
		b.Write(data)
		b.WriteByte('\n')
		if i == 1 {
			b.WriteString(`{"date":"2026-11-2` + "\n") // torn: line 3
			wrong := e
			wrong.Score++
			data, _ := json.Marshal(wrong) // a score the line does not make: line 4
			b.Write(data)
			b.WriteByte('\n')
		}
	}
	file := filepath.Join(t.TempDir(), "history.jsonl")
	require.NoError(t, os.WriteFile(file, []byte(b.String()), 0o644))

	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/seed/7")))
	waitFor(t, ctx, `document.querySelector('#wheel button.take') !== null`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click("#nav-stats")))
	waitFor(t, ctx, `!document.getElementById('stats').hidden`)
	require.NoError(t, chromedp.Do(ctx, chromedp.SetUploadFiles("#import", []string{file})))
	waitFor(t, ctx, `document.getElementById('stats-msg').textContent !== ''`)
	assert.Equal(t, "Imported 5 new games. Skipped 2 damaged lines (line 3, 4).", text(t, ctx, "#stats-msg"))

	st := history.Summarize(want, now)
	mean := "–"
	if st.MeanOverPar != nil {
		mean = strconv.FormatFloat(*st.MeanOverPar, 'f', -1, 64)
	}
	stats := text(t, ctx, "#stats-list")
	for _, w := range []string{
		fmt.Sprintf("Games played%d", st.Played), fmt.Sprintf("Dailies%d", st.Dailies),
		fmt.Sprintf("Current streak%d", st.CurrentStreak), fmt.Sprintf("Longest streak%d", st.MaxStreak),
		"Mean over par" + mean, fmt.Sprintf("At or below par%d", st.AtOrBelowPar),
	} {
		assert.Contains(t, stats, w, "the page's statistics are history.Summarize's")
	}
	assert.Equal(t, 2, st.CurrentStreak, "the fixture has a current streak")
	screenshot(t, ctx, "phone-stats")

	// Imported twice: nothing new.
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById('stats-msg').textContent = ''; true`))
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(ctx, chromedp.SetUploadFiles("#import", []string{file})))
	waitFor(t, ctx, `document.getElementById('stats-msg').textContent !== ''`)
	assert.Contains(t, text(t, ctx, "#stats-msg"), "Imported 0 new games")
}

// TestBrowserArchive: the archive is a calendar of the dailies so far, a
// link each, the played ones marked with the score of their first finish.
func TestBrowserArchive(t *testing.T) {
	ctx := browser(t, 390, 844)
	ts := browserServer(t)
	today := puzzles.Today(time.Now())
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/archive")))
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`localStorage.setItem('novaluna.history', JSON.stringify({date:"2026-11-22",finished_at:"2026-11-22T10:00:00Z",score:91,par:90,assists:{hints:0,undos:0},line:{deck:[1],moves:[],phase1_turns:0}})); true`))
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	waitFor(t, ctx, `document.querySelectorAll('#archive-list .day').length > 0`)
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#archive-list .day a').length`))
	require.NoError(t, err)
	assert.Equal(t, puzzles.Number(today), n, "a day per daily so far")
	label, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#archive-list .played a').getAttribute('aria-label')`))
	require.NoError(t, err)
	assert.Equal(t, "Daily #1, 2026-11-22, played, 91", label)
	href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#archive-list .played a').getAttribute('href')`))
	require.NoError(t, err)
	assert.Equal(t, "/daily/2026-11-22", href)
	screenshot(t, ctx, "phone-archive")
}
