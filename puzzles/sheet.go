package puzzles

import (
	"fmt"
	"io"
	"math"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/novaluna/novaluna/solo"
)

// SheetPuzzle is one puzzle of a sheet: a page to play on and, if Answer is
// set, an answer page at the back of the document.
type SheetPuzzle struct {
	Title  string // e.g. "Daily #1 · Sunday 22 November 2026" or "Seed 7"
	Deck   solo.Deck
	Answer *Answer
}

// Answer is the best line known for a puzzle, as printed on its answer page.
type Answer struct {
	Line       solo.Line
	Score      solo.Score
	Optimal    bool          // proven best
	LowerBound int           // proven lower bound on every line's score
	Elapsed    time.Duration // how long the search ran
	// Par is the daily's par (see [Par]), 0 for a puzzle that is not a
	// daily. A line below par is labelled as better than par.
	Par int
}

// DailyTitle is the sheet title of a date's daily puzzle.
func DailyTitle(date time.Time) string {
	day := date.Format("Monday 2 January 2006")
	if n := Number(date); n > 0 {
		return fmt.Sprintf("Daily #%d · %s", n, day)
	}
	return "Daily puzzle · " + day
}

// Page geometry, in millimetres on A4 portrait.
const (
	pageW, pageH = 210.0, 297.0
	margin       = 12.0
)

// RGB colours of the tile faces, in solo.Colour order, and of the print.
var (
	faceRGB = [solo.NumColours][3]int{
		{206, 48, 44},  // red
		{38, 92, 184},  // blue
		{24, 160, 160}, // turquoise
		{236, 188, 36}, // yellow
	}
	inkRGB   = [3]int{30, 30, 30}
	greyRGB  = [3]int{150, 150, 150}
	paleRGB  = [3]int{236, 236, 236}
	goldRGB  = [3]int{214, 170, 40}
	whiteRGB = [3]int{255, 255, 255}
)

// sheetDoc wraps an fpdf document with the drawing helpers of the sheets.
type sheetDoc struct {
	*fpdf.Fpdf
	tr func(string) string // UTF-8 to the core fonts' code page
}

// WriteSheets writes a PDF to w: one page per puzzle to play on, then the
// answer pages of the puzzles that have an answer, so that a booklet can be
// played through without seeing them.
func WriteSheets(w io.Writer, puzzles []SheetPuzzle) error {
	if len(puzzles) == 0 {
		return fmt.Errorf("no puzzles to print")
	}
	for _, p := range puzzles {
		if err := p.Deck.Validate(); err != nil {
			return fmt.Errorf("%s: %w", p.Title, err)
		}
	}
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetMargins(margin, margin, margin)
	pdf.SetAutoPageBreak(false, margin)
	pdf.SetTitle("Nova Luna solo puzzles", true)
	pdf.SetCreator("novaluna", true)
	d := &sheetDoc{Fpdf: pdf, tr: pdf.UnicodeTranslatorFromDescriptor("")}
	for _, p := range puzzles {
		d.puzzlePage(p)
	}
	for _, p := range puzzles {
		if p.Answer != nil {
			if err := d.answerPage(p); err != nil {
				return err
			}
		}
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("making the PDF: %w", err)
	}
	return pdf.Output(w)
}

func (d *sheetDoc) fill(c [3]int) { d.SetFillColor(c[0], c[1], c[2]) }
func (d *sheetDoc) draw(c [3]int) { d.SetDrawColor(c[0], c[1], c[2]) }
func (d *sheetDoc) ink(c [3]int)  { d.SetTextColor(c[0], c[1], c[2]) }
func (d *sheetDoc) font(style string, size float64) {
	d.SetFont("Helvetica", style, size)
}

// text writes s with its left end at x and its baseline at y.
func (d *sheetDoc) text(x, y float64, s string) { d.Text(x, y, d.tr(s)) }

// centred writes s centred on x, baseline y.
func (d *sheetDoc) centred(x, y float64, s string) {
	s = d.tr(s)
	d.Text(x-d.GetStringWidth(s)/2, y, s)
}

// right writes s ending at x, baseline y.
func (d *sheetDoc) right(x, y float64, s string) {
	s = d.tr(s)
	d.Text(x-d.GetStringWidth(s), y, s)
}

// header writes the page title and a thin rule under it; it returns the y
// below the header.
func (d *sheetDoc) header(kicker, title string) float64 {
	d.ink(greyRGB)
	d.font("", 9)
	d.text(margin, margin+3, kicker)
	d.right(pageW-margin, margin+3, "novaluna")
	d.ink(inkRGB)
	d.font("B", 18)
	d.text(margin, margin+12, title)
	d.draw(greyRGB)
	d.SetLineWidth(0.3)
	d.Line(margin, margin+15, pageW-margin, margin+15)
	return margin + 15
}

// tileOpts says how to draw a tile.
type tileOpts struct {
	covered []bool // per task: covered by a token (answer pages)
	turn    int    // > 0: a turn number badge
}

// tile draws tile id as a square of side s with its top-left corner at (x,
// y): the face in the tile's colour, the cost in a white disc at the top
// left, the id at the top right, and each task as a white bar holding one
// dot per colour it needs, with the colour's letter in the dot so that a
// black-and-white print stays readable.
func (d *sheetDoc) tile(x, y, s float64, id int, o tileOpts) {
	t, _ := solo.TileByID(id)
	d.SetLineWidth(s * 0.012)
	d.draw(inkRGB)
	d.fill(faceRGB[t.Colour])
	d.RoundedRect(x, y, s, s, s*0.08, "1234", "FD")

	// Cost disc and id. Font sizes are in points: a capital is about
	// 0.254 mm tall per point.
	r := s * 0.12
	d.fill(whiteRGB)
	d.SetLineWidth(s * 0.008)
	d.Circle(x+s*0.17, y+s*0.17, r, "FD")
	d.ink(inkRGB)
	d.font("B", s*0.6)
	d.centred(x+s*0.17, y+s*0.17+s*0.076, fmt.Sprint(t.Cost))
	if o.turn > 0 {
		// On answer pages the turn badge takes the id's place; the list of
		// moves gives the ids.
		d.fill(inkRGB)
		d.Circle(x+s*0.83, y+s*0.17, s*0.12, "F")
		d.ink(whiteRGB)
		d.font("B", s*0.4)
		d.centred(x+s*0.83, y+s*0.17+s*0.051, fmt.Sprint(o.turn))
	} else {
		d.ink(textOn(t.Colour))
		d.font("B", s*0.34)
		d.right(x+s*0.93, y+s*0.2, fmt.Sprintf("%s #%d", t.Colour, t.ID))
	}

	// Tasks, bottom-aligned, one bar each.
	dot := s * 0.15
	gap := s * 0.025
	barH := dot + 2*gap
	bottom := y + s - s*0.05
	for j := len(t.Tasks) - 1; j >= 0; j-- {
		task := t.Tasks[j]
		n := float64(task.Size())
		barW := n*dot + (n+1)*gap
		bx := x + (s-barW)/2
		if o.covered != nil {
			bx -= (gap + dot*0.8) / 2 // room for the token on the right
		}
		by := bottom - barH
		d.fill(whiteRGB)
		d.SetLineWidth(s * 0.006)
		d.draw(inkRGB)
		d.RoundedRect(bx, by, barW, barH, barH/2.5, "1234", "FD")
		cx := bx + gap + dot/2
		for c := range solo.NumColours {
			for range task[c] {
				d.fill(faceRGB[c])
				d.Circle(cx, by+barH/2, dot/2, "FD")
				d.ink(textOn(solo.Colour(c)))
				d.font("B", dot*2.0)
				d.centred(cx, by+barH/2+dot*0.25, solo.Colour(c).String())
				cx += dot + gap
			}
		}
		if j < len(o.covered) && o.covered[j] {
			// A token: a black disc at the bar's right end.
			d.fill(inkRGB)
			d.Circle(bx+barW+gap+dot*0.4, by+barH/2, dot*0.4, "F")
		}
		bottom = by - gap
	}
	if len(t.Tasks) == 0 {
		d.ink(textOn(t.Colour))
		d.font("I", s*0.3)
		d.centred(x+s/2, y+s*0.7, "no tasks")
	}
	d.ink(inkRGB)
}

// textOn is the text colour that reads on a face of colour c.
func textOn(c solo.Colour) [3]int {
	if c == solo.Yellow || c == solo.Turquoise {
		return inkRGB
	}
	return whiteRGB
}

// moon draws the moon figure: a gold disc with a crescent cut out of it.
func (d *sheetDoc) moon(cx, cy, r float64) {
	d.fill(goldRGB)
	d.draw(inkRGB)
	d.SetLineWidth(0.3)
	d.Circle(cx, cy, r, "FD")
	d.fill(whiteRGB)
	d.SetLineWidth(0)
	d.Circle(cx+r*0.38, cy-r*0.18, r*0.78, "F")
}

// puzzlePage draws the page to play on: the wheel, the refill strip and the
// score box.
func (d *sheetDoc) puzzlePage(p SheetPuzzle) {
	d.AddPage()
	top := d.header("Nova Luna solo puzzle", p.Title)

	d.ink(inkRGB)
	d.font("", 9)
	d.text(margin, top+6, "Each turn take one of the first three tiles clockwise after the moon figure, move the figure to its space")
	d.text(margin, top+10.5, "and place the tile next to your display. Phase 1 may end once 8 tokens are placed. Lower scores are better.")

	// The wheel: space 0 at the top, spaces numbered clockwise.
	ring, side := 62.0, 25.0
	cx, cy := pageW/2, top+14+ring+side*0.55+8
	d.draw(paleRGB)
	d.SetLineWidth(14)
	d.Circle(cx, cy, ring, "D")
	d.SetLineWidth(0.3)
	for sp := range solo.TrackSpaces {
		a := (float64(sp)*30 - 90) * math.Pi / 180
		x, y := cx+ring*math.Cos(a), cy+ring*math.Sin(a)
		lx, ly := cx+(ring+side*0.5+5.5)*math.Cos(a), cy+(ring+side*0.5+5.5)*math.Sin(a)
		d.ink(greyRGB)
		d.font("B", 11)
		d.centred(lx, ly+1.5, fmt.Sprint(sp))
		if sp == 0 {
			d.draw(goldRGB)
			d.SetLineWidth(0.8)
			d.fill(whiteRGB)
			d.Circle(x, y, side*0.55, "FD")
			d.moon(x, y-1.5, side*0.26)
			d.ink(inkRGB)
			d.font("B", 7)
			d.centred(x, y+side*0.32, "start")
			continue
		}
		d.tile(x-side/2, y-side/2, side, p.Deck[sp-1], tileOpts{})
	}
	// A clockwise arrow and a reminder in the middle.
	d.draw(greyRGB)
	d.SetLineWidth(0.6)
	d.Arc(cx, cy, 22, 22, 0, -80, 20, "D")
	ax, ay := cx+22*math.Cos(20*math.Pi/180), cy+22*math.Sin(20*math.Pi/180)
	d.fill(greyRGB)
	d.Polygon([]fpdf.PointType{{X: ax - 2.2, Y: ay - 1.2}, {X: ax + 2.2, Y: ay - 1.2}, {X: ax - 0.4, Y: ay + 2.6}}, "F")
	d.ink(greyRGB)
	d.font("", 9)
	d.centred(cx, cy-1, "clockwise")
	d.font("", 8)
	d.centred(cx, cy+3.5, "take one of the")
	d.centred(cx, cy+7, "next three tiles")

	// The refill strip, to be kept covered during phase 1.
	sy := cy + ring + side/2 + 10
	d.draw(inkRGB)
	d.SetLineWidth(0.3)
	d.SetDashPattern([]float64{2, 1.5}, 0)
	d.Rect(margin, sy, pageW-2*margin, 42, "D")
	d.SetDashPattern(nil, 0)
	d.ink(inkRGB)
	d.font("B", 10)
	d.text(margin+3, sy+6, "Refill between the phases - keep this strip covered until phase 1 ends")
	d.font("", 8)
	d.text(margin+3, sy+10.5, "Fill every empty space except the moon figure's, starting with the first space clockwise after the figure,")
	d.text(margin+3, sy+14, "with these tiles in this order (rule R14). Tiles still on the wheel stay where they are.")
	small := 15.2
	gap := (pageW - 2*margin - 6 - 11*small) / 10
	n := min(len(p.Deck), solo.MaxTurns) - solo.SetupTiles
	if n == 0 {
		d.font("I", 9)
		d.text(margin+3, sy+28, "(none: this deck holds only 11 tiles)")
	}
	for i := range n {
		x := margin + 3 + float64(i)*(small+gap)
		d.ink(greyRGB)
		d.font("B", 8)
		d.centred(x+small/2, sy+20, fmt.Sprint(i+1))
		d.tile(x, sy+22, small, p.Deck[solo.SetupTiles+i], tileOpts{})
	}

	// The score box.
	by := sy + 42 + 4
	d.scoreBox(by, nil)
}

// scoreBox draws the five boxes S1, P1, S2, P2 and total at y, filled in
// when sc is not nil, and two rows of token circles to tick off.
func (d *sheetDoc) scoreBox(y float64, sc *solo.Score) {
	labels := []struct{ name, help string }{
		{"S1", "tile costs at the end of phase 1"},
		{"P1", "10 x missing of 8 tokens"},
		{"S2", "costs of all tiles at the end"},
		{"P2", "10 x missing of 21 tokens"},
		{"Score", "S1 + P1 + S2 + P2"},
	}
	var vals []int
	if sc != nil {
		vals = []int{sc.S1, sc.P1, sc.S2, sc.P2, sc.Total()}
	}
	w := (pageW - 2*margin - 4*4) / 5
	for i, l := range labels {
		x := margin + float64(i)*(w+4)
		d.draw(inkRGB)
		d.SetLineWidth(0.4)
		if i == 4 {
			d.SetLineWidth(0.9)
		}
		d.Rect(x, y, w, 20, "D")
		d.ink(inkRGB)
		d.font("B", 10)
		d.text(x+2, y+5, l.name)
		d.ink(greyRGB)
		d.font("", 6.5)
		d.text(x+2, y+18, l.help)
		if vals != nil {
			d.ink(inkRGB)
			d.font("B", 16)
			d.centred(x+w/2, y+13, fmt.Sprint(vals[i]))
		}
	}
	if sc != nil {
		return
	}
	// Token tally: 8 for phase 1, 13 for phase 2.
	ty := y + 26
	d.ink(inkRGB)
	d.font("", 8)
	d.text(margin, ty+1.2, "Tokens placed:  phase 1")
	x := margin + 36.0
	for i := range solo.TokensTotal {
		if i == solo.TokensPhase1 {
			d.text(x+1, ty+1.2, "phase 2")
			x += 13
		}
		d.draw(inkRGB)
		d.SetLineWidth(0.3)
		d.Circle(x+2, ty, 2, "D")
		x += 5.6
	}
}

// answerPage draws the best line of a puzzle: its score, the final display
// with turn numbers and covered tasks, and the moves in order.
func (d *sheetDoc) answerPage(p SheetPuzzle) error {
	a := p.Answer
	g, err := solo.Play(a.Line)
	if err != nil {
		return fmt.Errorf("%s: the answer line is not legal: %w", p.Title, err)
	}
	d.AddPage()
	top := d.header("Answer", p.Title)
	d.ink(inkRGB)
	d.font("B", 12)
	kind := "Best line found"
	switch {
	case a.Optimal:
		kind = "Best possible line (proven optimal)"
	case a.Par > 0 && a.Score.Total() == a.Par:
		kind = "The par line"
	case a.Par > 0 && a.Score.Total() < a.Par:
		kind = fmt.Sprintf("A line better than par (par %d)", a.Par)
	}
	d.text(margin, top+8, fmt.Sprintf("%s: score %d", kind, a.Score.Total()))
	d.font("", 9)
	detail := fmt.Sprintf("%d turns, %d in phase 1; %d tokens placed.", len(a.Line.Moves), a.Line.Phase1Turns, a.Score.Tokens)
	if a.Par > 0 && a.Score.Total() == a.Par {
		detail = fmt.Sprintf("Par %d, the daily's reference score. ", a.Par) + detail
	}
	if !a.Optimal && a.LowerBound > 0 {
		detail += fmt.Sprintf(" No line can score below %d.", a.LowerBound)
	}
	switch {
	case a.Elapsed >= 100*time.Millisecond:
		detail += fmt.Sprintf(" Searched for %.1f s.", a.Elapsed.Seconds())
	case a.Elapsed > 0:
		detail += " Searched for under 0.1 s."
	}
	d.text(margin, top+13, detail)
	d.scoreBox(top+17, &a.Score)

	// The final display, scaled to the box below the score.
	disp := g.Display()
	boxY, boxH := top+43, 130.0
	minX, maxX, minY, maxY := disp[0].X, disp[0].X, disp[0].Y, disp[0].Y
	for _, t := range disp {
		minX, maxX = min(minX, t.X), max(maxX, t.X)
		minY, maxY = min(minY, t.Y), max(maxY, t.Y)
	}
	cols, rows := float64(maxX-minX+1), float64(maxY-minY+1)
	side := min((pageW-2*margin)/cols, boxH/rows, 26)
	ox := margin + (pageW-2*margin-cols*side)/2
	oy := boxY + (boxH-rows*side)/2
	for i, t := range disp {
		d.tile(ox+float64(t.X-minX)*side+side*0.03, oy+float64(t.Y-minY)*side+side*0.03, side*0.94, t.Tile,
			tileOpts{covered: t.Covered, turn: i + 1})
	}
	d.ink(greyRGB)
	d.font("", 7.5)
	d.centred(pageW/2, boxY+boxH+4, "The final display. Black badges give the turn each tile was taken; black discs are tokens on fulfilled tasks.")

	// The moves: phase 1 on the left, phase 2 on the right.
	ly := boxY + boxH + 11
	colW := (pageW - 2*margin) / 2
	p1 := a.Line.Phase1Turns
	d.ink(inkRGB)
	d.font("B", 10)
	d.text(margin, ly, fmt.Sprintf("Phase 1: %d turns, S1 = %d", p1, a.Score.S1))
	if p2 := len(a.Line.Moves) - p1; p2 > 0 {
		d.text(margin+colW, ly, fmt.Sprintf("Phase 2: %d turns, after the refill", p2))
	} else {
		d.text(margin+colW, ly, "Phase 2: none (the game ended in phase 1)")
	}
	for i, m := range a.Line.Moves {
		col, row := 0, i
		if i >= p1 {
			col, row = 1, i-p1
		}
		x := margin + float64(col)*colW
		y := ly + 6 + float64(row)*5
		t, _ := solo.TileByID(m.Tile)
		d.font("", 9)
		d.ink(inkRGB)
		d.right(x+8, y, fmt.Sprintf("%d.", i+1))
		d.fill(faceRGB[t.Colour])
		d.Rect(x+10, y-3, 3, 3, "F")
		d.text(x+15, y, fmt.Sprintf("take #%d (%s, cost %d), place at (%d, %d)", t.ID, t.Colour.Name(), t.Cost, m.X, m.Y))
	}
	return nil
}
