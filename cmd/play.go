package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/novaluna/novaluna/internal/fileio"
	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/session"
	"github.com/novaluna/novaluna/solo"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

type playOptions struct {
	st       Streams
	src      deckSource
	save     string
	resume   string
	hintTime time.Duration
	hard     bool
	force    bool // --save may replace a file that holds something else
}

func newPlayCmd(st Streams) *cobra.Command {
	o := &playOptions{st: st, src: deckSource{withDaily: true}}
	c := &cobra.Command{
		Use:   "play [--daily | --date YYYY-MM-DD | --seed N | --deck FILE | --resume FILE] [--save LINE.json]",
		Short: "Play a puzzle in the terminal, with the rules enforced and explained",
		Long: `Play a solo puzzle turn by turn; without a puzzle flag, today's daily
puzzle (today in UTC). The screen shows the wheel from the moon
figure clockwise, with the three tiles you may take marked a, b and c; your
display as a grid with x coordinates above and y on the left, the cells you
may place on numbered, open tasks in capitals and covered ones in small
letters; the tokens placed, the running S1, P1, S2 and P2, and the phase.

Moves:
  b 3          take the tile in slot b and place it on the cell numbered 3
  b -1 2       take slot b and place it on the cell x=-1, y=2
  15 -1 2      take tile #15 and place it on x=-1, y=2 (the line format's move)
  end          end phase 1 (allowed once 8 tokens are placed)
  undo         take back the last turn (or the end of phase 1; on a terminal,
               also the turn that ended the game)
  hint         ask the solver for the best move from here (a fixed search,
               the same on every machine; see --hint-time)
  show         draw the screen again, whole: on a small terminal the screen
               is made to fit, which may crop the display
  help         list the commands
  quit         stop; offers to save the game so that --resume can go on

Hints and undos are counted: a saved game keeps the counts across --resume,
and the share line reports them. --hard plays without hints and undo, and
the share line says so.

An illegal move is refused with the rule it breaks (RULES.md) and what is
allowed instead. At the end you see the score, the solver's best line for
the puzzle to compare (found in --hint-time, so it may beat par), and for a
daily puzzle its par and a share line without spoilers.

Every finished game is recorded in history.jsonl in the data directory
($NOVALUNA_HOME, else ~/.local/share/novaluna on Linux) for 'novaluna
stats' and 'novaluna archive'. A daily you finished before is announced
when you start it again; playing it again is recorded, but the first
finish is the one that counts. If the data directory cannot be written,
the game still plays and the end says it was not recorded.

On a terminal the prompt edits like a shell's: left and right arrows,
up and down for earlier commands, Ctrl-A and Ctrl-E for the start and end.

When standard input is not a terminal, the same commands are read one per
line, without prompts or colour, so a game can be scripted; lines starting
with "# " are comments. Refused commands are reported on standard error with
their line number. play exits with status 1 when the input ends before the
game does (the game is saved first if --save was given).`,
		Example: `  novaluna play
  novaluna play --date 2026-12-24
  novaluna play --seed 7 --save mine.json
  novaluna play --resume mine.json
  novaluna play --seed 7 --save line.json --force < moves.txt && novaluna score line.json
  printf 'a 1\nb 2\n' | novaluna play --seed 7   # 2 turns, then the input ends: exit 1`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
			defer stop()
			return o.run(ctx)
		},
	}
	o.src.addFlags(c)
	c.Flags().StringVar(&o.save, "save", "", "keep the game in `file` as a FORMATS.md line, saved after every turn")
	c.Flags().StringVar(&o.resume, "resume", "", "go on with a game saved in `file` (its deck, unless a puzzle flag is also given)")
	c.Flags().DurationVar(&o.hintTime, "hint-time", 3*time.Second, "the most the solver may think for a hint (which stops earlier at a fixed node budget) and for the comparison at the end (0 turns both off)")
	c.Flags().BoolVar(&o.hard, "hard", false, "hard mode: no hints and no undo; the share line says so")
	c.Flags().BoolVar(&o.force, "force", false, "let --save replace a file that holds something else than this game's own save")
	return c
}

// playSession is a game in progress and what the screen shows of it.
type playSession struct {
	o       *playOptions
	p       painter
	screen  bool // draw screens and prompts (stdin is a terminal)
	clear   bool // clear the terminal before each screen
	label   string
	daily   bool
	date    time.Time
	sess    *session.Session
	changes int // actions played or taken back, to know when to save
	// justEnded is set when the last turn ended the game, so that a player
	// at a terminal may still take it back.
	justEnded bool
	msg       []string // what the last command did, shown under the screen
	whole     bool     // draw the next screen whole, not fitted to the terminal (show)
	lineNo    int      // input lines read, for messages in scripts
	lines     <-chan string
	term      *term.Terminal       // the line editor on a real terminal, else nil
	saves     map[string]*saveFile // the files the game saves to, locked
	inputErr  error                // why reading the input failed, once lines is closed
	par       int                  // the daily's par at the end, 0 for none
	recorded  string               // what became of the game in the history
}

func (o *playOptions) run(ctx context.Context) error {
	if o.hintTime < 0 {
		return usageErrorf("--hint-time %v: want a duration of 0 or more, e.g. 3s", o.hintTime)
	}
	if o.save != "" {
		// Fail now rather than after a whole game.
		if err := checkWritable(o.save); err != nil {
			return fmt.Errorf("--save: %w", err)
		}
	}
	if o.resume == fileio.Stdin || o.src.deckFile == fileio.Stdin {
		return usageErrorf("play reads its moves from standard input, so it cannot read a file there too (--resume - or --deck -); give the file's name")
	}
	s := &playSession{o: o, screen: o.st.InTTY}
	defer s.releaseSaves()
	if o.save != "" {
		f, err := claimSave(o.save, o.resume, o.force)
		if err != nil {
			return fmt.Errorf("--save: %w", err)
		}
		s.saves = map[string]*saveFile{o.save: f}
	}
	s.p = painter{o.st.Colour && s.screen}
	s.clear = s.screen && isTerminal(o.st.Out)
	if err := s.load(); err != nil {
		return err
	}
	ctx, interrupt := context.WithCancel(ctx)
	defer interrupt()
	var rt *rawTerminal
	ok := false
	if s.screen {
		rt, ok = openRawTerminal(o.st.In, o.st.Out, interrupt)
	}
	if ok {
		// The editor writes what play writes, so that a screen drawn while
		// a line is being typed leaves the line whole; it turns "\n" into
		// "\r\n", which raw mode needs.
		defer rt.restore()
		s.term = rt.t
		o.st.Out = rt.t
		if isTerminal(o.st.Err) {
			o.st.Err = rt.t
		}
		s.lines = rt.lines
	} else {
		s.lines = readLines(o.st.In, &s.inputErr)
	}
	if !s.screen {
		fmt.Fprintf(o.st.Out, "Playing %s.\n", s.label)
		for _, m := range s.msg {
			fmt.Fprintln(o.st.Out, m)
		}
		s.msg = nil
	}
	for {
		if s.game().Over() {
			if s.lastTurnStands() {
				return s.finish(ctx)
			}
			continue
		}
		s.draw()
		var line string
		var ok bool
		select {
		case <-ctx.Done():
			return s.stop()
		case line, ok = <-s.lines:
		}
		if !ok {
			return s.inputEnded()
		}
		s.lineNo++
		quit, err := s.safeDo(ctx, line)
		if quit || err != nil {
			return err
		}
	}
}

// load chooses the puzzle and, with --resume, replays the saved turns.
func (s *playSession) load() error {
	o := s.o
	anySource := o.src.seed != "" || o.src.deckFile != "" || o.src.date != "" || o.src.daily
	if !anySource && o.resume == "" {
		o.src.daily = true // play alone plays today's puzzle
		anySource = true
	}
	var saved solo.Line
	var deck solo.Deck
	if o.resume != "" {
		l, err := readLineFile(o.resume)
		if err != nil {
			return err
		}
		saved = l
		deck, s.label = l.Deck, o.resume
	}
	if anySource || o.resume == "" {
		d, label, err := o.src.load()
		if err != nil {
			return err
		}
		if o.resume != "" && !slices.Equal(d.Relevant(), saved.Deck.Relevant()) {
			return fmt.Errorf("%s: the saved game is not a game of %s (its deck differs); leave out the puzzle flag to go on with it", o.resume, label)
		}
		deck, s.label = d, label
		if date, ok, _ := o.src.dailyDate(); ok {
			s.daily, s.date = true, date
		}
	}
	if !s.daily {
		// A deck file or a saved game may hold a daily puzzle: it gets
		// the share line too.
		s.date, s.daily = puzzles.FindDaily(deck, time.Now())
	}
	if s.daily {
		s.msg = append(s.msg, s.playedBefore()...)
	}
	if o.resume == "" {
		sess, err := session.New(deck, o.hard)
		if err != nil {
			return fmt.Errorf("%s: %w", s.label, err)
		}
		s.sess = sess
		return nil
	}
	if o.hard && (saved.Assists == nil || !saved.Assists.Hard) {
		return usageErrorf("--hard: %s was not started in hard mode, and a game is hard from its first turn; leave out --hard to go on with it", o.resume)
	}
	saved.Deck = deck
	sess, err := session.Resume(saved)
	if err != nil {
		return fmt.Errorf("%s: the saved game does not replay: %w", o.resume, err)
	}
	s.sess = sess
	s.msg = append(s.msg, fmt.Sprintf("Resumed %s after %s.", o.resume, plural(len(saved.Moves), "turn")))
	if sess.Hard() {
		s.msg = append(s.msg, "It is a game in hard mode: no hints and no undo.")
	}
	return nil
}

// game is the game being played, for reading; every change goes through
// the session.
func (s *playSession) game() *solo.Game { return s.sess.Game() }

// rebuild replays actions on a fresh game; the game stays as it was if one
// of them is refused.
func (s *playSession) rebuild(actions []session.Action) error {
	if err := s.sess.Rebuild(actions); err != nil {
		return err
	}
	s.changes++
	return nil
}

// readLines sends the lines of r, without line ends, until r ends. A reader
// goroutine lets an interrupt stop the game while a read is waiting. If
// reading fails (a line too long, an I/O error), *errp holds why once the
// channel is closed.
func readLines(r io.Reader, errp *error) <-chan string {
	ch := make(chan string)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			ch <- strings.TrimRight(sc.Text(), "\r")
		}
		if err := sc.Err(); err != nil && errp != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				err = fmt.Errorf("a line is longer than %d KiB (a command is a few words, such as \"b 3\")", bufio.MaxScanTokenSize>>10)
			}
			*errp = err
		}
	}()
	return ch
}

// isTerminal reports whether w is a terminal, so that the screen may be
// cleared between turns.
func isTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Fd() uintptr })
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// say adds a line to the message shown under the next screen, or in a
// script writes it at once.
func (s *playSession) say(format string, args ...any) {
	text := fmt.Sprintf(format, args...)
	if s.screen {
		s.msg = append(s.msg, text)
		return
	}
	fmt.Fprintln(s.o.st.Out, text)
}

// refuse reports a refused command: under the screen, or in a script on
// standard error with the input line number.
func (s *playSession) refuse(err error) {
	text := refusal(err)
	if s.screen {
		s.msg = append(s.msg, s.p.bad("Refused: ")+text, s.legalNow())
		return
	}
	fmt.Fprintf(s.o.st.Err, "line %d: refused: %s\n%s\n", s.lineNo, text, s.legalNow())
}

// warn reports a problem that refuses nothing, such as a failed save.
func (s *playSession) warn(err error) {
	if s.screen {
		s.msg = append(s.msg, s.p.bad("Warning: ")+err.Error())
		return
	}
	fmt.Fprintf(s.o.st.Err, "novaluna: warning: %v\n", err)
}

// refusal words an error for the player: the rule id first when a rule was
// broken.
func refusal(err error) string {
	if re, ok := isRuleError(err); ok {
		return fmt.Sprintf("rule %s: %s.", re.Rule, re.Msg)
	}
	return err.Error()
}

// legalNow says what the player may do now, in the labels of the screen.
func (s *playSession) legalNow() string {
	ids := s.game().Accessible()
	cells := s.cells()
	var parts []string
	for i, id := range ids {
		t, _ := solo.TileByID(id)
		parts = append(parts, fmt.Sprintf("%c (#%d %s%d)", 'a'+i, id, t.Colour, t.Cost))
	}
	where := fmt.Sprintf("on cell %s", cellRange(len(cells)))
	if len(s.game().Display()) == 0 {
		where = "on cell 1 (or on any x y: the first tile goes anywhere)"
	}
	text := fmt.Sprintf("Legal now: take %s %s", orList(parts), where)
	if s.game().CanEndPhase1() {
		text += ", or end phase 1"
	}
	return text + "."
}

func cellRange(n int) string {
	if n == 1 {
		return "1"
	}
	return fmt.Sprintf("1..%d", n)
}

func orList(parts []string) string {
	switch len(parts) {
	case 0:
		return "nothing"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// cells returns the legal cells in the order of their labels 1, 2, ...:
// reading order on the grid.
func (s *playSession) cells() []solo.Point { return sortedPoints(s.game().LegalCells()) }

// safeDo is do that survives a bug: the game goes on from the last good
// position rather than losing the line.
func (s *playSession) safeDo(ctx context.Context, line string) (quit bool, err error) {
	before := s.sess.Actions()
	defer func() {
		if r := recover(); r != nil {
			s.refuse(fmt.Errorf("internal error (%v); the game goes on from your last move", r))
			if now := s.sess.Actions(); s.rebuild(now) != nil {
				_ = s.rebuild(before)
			}
			quit, err = false, nil
		}
	}()
	changes := s.changes
	quit, err = s.do(ctx, line)
	if err == nil && !quit && s.o.save != "" && s.changes != changes && !s.game().Over() {
		// Keep the saved game up to date after every turn, so that
		// nothing is lost if the program is stopped. The end of the game
		// is saved by finish.
		if serr := s.saveTo(s.o.save); serr != nil {
			s.warn(serr)
		}
	}
	return quit, err
}

// do carries out one line of input. It reports whether the game stops.
func (s *playSession) do(ctx context.Context, line string) (quit bool, err error) {
	c, err := parsePlayCommand(line, s.game().Accessible(), s.cells())
	if err != nil {
		s.refuse(err)
		return false, nil
	}
	switch c.kind {
	case cmdNone:
	case cmdShow:
		if !s.screen {
			fmt.Fprintln(s.o.st.Out, strings.Join(s.render(room{width: screenWidth}), "\n"))
			break
		}
		s.whole = true
	case cmdHelp:
		s.help()
	case cmdMove:
		s.play(c.move)
	case cmdEnd:
		s.endPhase1()
	case cmdUndo:
		s.undo()
	case cmdHint:
		s.hint(ctx)
	case cmdQuit:
		return true, s.stop()
	}
	return false, nil
}

func (s *playSession) play(m solo.Move) {
	before := s.game().Display()
	phase := s.game().Phase()
	tokens := s.game().Tokens()
	if err := s.sess.Play(m); err != nil {
		s.refuse(err)
		return
	}
	s.changes++
	turn := len(s.game().Moves())
	text := fmt.Sprintf("Turn %d: %s to (%d, %d)", turn, s.p.tileLabel(m.Tile), m.X, m.Y)
	if covered := newlyCovered(before, s.game().Display(), s.p); len(covered) > 0 {
		text += fmt.Sprintf("; covered %s (+%d)", strings.Join(covered, ", "), s.game().Tokens()-tokens)
	}
	s.say("%s; %s.", text, s.tokenText())
	switch {
	case s.game().Over():
		s.justEnded = true
	case phase == solo.Phase1 && s.game().Phase() == solo.Phase2:
		sc := s.game().Score()
		s.say("The wheel is empty, so phase 1 is over (rule R12): S1 %d, P1 %d. The wheel is refilled (R14).", sc.S1, sc.P1)
	case s.game().CanEndPhase1() && tokens < solo.TokensPhase1:
		s.say("You have %d tokens: you may end phase 1 now with 'end', or keep taking tiles (rule R12).", s.game().Tokens())
	}
}

// newlyCovered lists the tasks covered by the last turn: "RRB on #6 R3".
func newlyCovered(before, after []solo.PlacedTile, p painter) []string {
	var out []string
	for i, pt := range after {
		t, _ := solo.TileByID(pt.Tile)
		for j, cov := range pt.Covered {
			if cov && (i >= len(before) || !before[i].Covered[j]) {
				out = append(out, fmt.Sprintf("%s on #%d", p.task(t.Tasks[j], false), pt.Tile))
			}
		}
	}
	return out
}

func (s *playSession) tokenText() string {
	n := s.game().Tokens()
	if s.game().Phase() == solo.Phase1 {
		return fmt.Sprintf("tokens %d/%d in phase 1, %d/%d in all", n, solo.TokensPhase1, n, solo.TokensTotal)
	}
	return fmt.Sprintf("tokens %d/%d", n, solo.TokensTotal)
}

func (s *playSession) endPhase1() {
	if err := s.sess.EndPhase1(); err != nil {
		s.refuse(err)
		return
	}
	s.changes++
	sc := s.game().Score()
	_, meeple := s.game().Track()
	s.say("Phase 1 is over after %s: S1 %d, P1 %d. The wheel is refilled from the deck; the moon stays on space %d (rule R14).",
		plural(len(s.game().Moves()), "turn"), sc.S1, sc.P1, meeple)
}

func (s *playSession) undo() {
	last, err := s.sess.Undo()
	if err != nil {
		s.refuse(err)
		return
	}
	s.changes++
	if last.End {
		s.say("Took back the end of phase 1; phase 1 goes on.")
		return
	}
	s.say("Took back turn %d (%s to (%d, %d)); %s.", len(s.game().Moves())+1, s.p.tileLabel(last.Move.Tile), last.Move.X, last.Move.Y, s.tokenText())
}

// lastTurnStands reports whether the game's last turn stands. On a
// terminal, when a turn has just ended the game, it shows the final position
// and lets the player take the turn back (a slip of the keyboard on the last
// turn should not be final); it reports false if they do.
func (s *playSession) lastTurnStands() bool {
	if !s.screen || !s.justEnded {
		return true
	}
	s.justEnded = false
	s.draw()
	answer := strings.ToLower(s.ask(lastTurnQuestion))
	if answer != "undo" && answer != "u" {
		return true
	}
	s.undo()
	return false
}

// lastTurnQuestion is asked under the screen of the final position.
const lastTurnQuestion = "That was the last turn. Enter to see how you did, or undo to take it back: "

// stop ends an unfinished game on quit or an interrupt: it saves the game
// (to --save, or where the player says on a terminal) and says how to go on
// with it.
func (s *playSession) stop() error {
	fmt.Fprintf(s.o.st.Out, "\nThe game is unfinished after %s (%s).\n", plural(len(s.game().Moves()), "turn"), s.game().Phase())
	path := s.o.save
	switch {
	case path != "":
		if err := s.saveTo(path); err != nil {
			return err
		}
	case s.screen && len(s.sess.Actions()) > 0:
		path = s.offerSave("Save the game to go on later? File name (Enter for no): ")
	}
	if path != "" {
		fmt.Fprintf(s.o.st.Out, "Saved to %s; go on with: novaluna play --resume %s\n", path, path)
	}
	return nil
}

// offerSave asks where to save the game until the save works or the answer
// is empty, and returns where it saved.
func (s *playSession) offerSave(question string) string {
	for {
		path := s.ask(question)
		if path == "" {
			return ""
		}
		err := s.saveTo(path)
		if err == nil {
			return path
		}
		fmt.Fprintf(s.o.st.Out, "%s %v\n", s.p.bad("Not saved:"), err)
	}
}

// inputEnded handles the end of the input before the end of the game.
func (s *playSession) inputEnded() error {
	saved := ""
	if s.o.save != "" {
		if err := s.saveTo(s.o.save); err != nil {
			return err
		}
		saved = fmt.Sprintf("; saved to %s (go on with --resume %s)", s.o.save, s.o.save)
	}
	if s.screen {
		fmt.Fprintln(s.o.st.Out)
	}
	if s.inputErr != nil {
		return fmt.Errorf("cannot read line %d of the input: %v; the game is unfinished after %s, %s%s", s.lineNo+1, s.inputErr, plural(len(s.game().Moves()), "turn"), s.tokenText(), saved)
	}
	return fmt.Errorf("the input ended before the game did: the game is unfinished after %s, %s%s", plural(len(s.game().Moves()), "turn"), s.tokenText(), saved)
}

// ask writes a question and reads one answer line; no answer is "".
// On a terminal, lines typed before the question are dropped first, so
// that a command typed ahead (say while the solver thinks) is not taken
// for the answer.
func (s *playSession) ask(question string) string {
	if s.screen {
		s.dropTypedAhead()
		w, _ := s.termSize()
		question = strings.Join(wrapWords(strings.TrimRight(question, " "), w), "\n") + " "
	}
	fmt.Fprint(s.o.st.Out, question)
	line, ok := <-s.lines
	if !ok {
		fmt.Fprintln(s.o.st.Out)
		return ""
	}
	return strings.TrimSpace(line)
}

// dropTypedAhead discards the lines that have been typed but not read.
func (s *playSession) dropTypedAhead() {
	for {
		select {
		case _, ok := <-s.lines:
			if !ok {
				return
			}
		case <-time.After(typeAheadWait):
			return
		}
	}
}

// typeAheadWait is how long dropTypedAhead waits for one more typed line.
const typeAheadWait = 30 * time.Millisecond

// helpText is what help shows; every line fits in 80 columns.
var helpText = []string{
	"Each turn, take one of the tiles marked a, b, c on the wheel (the first three",
	"after the moon, rule R6) and place it on a numbered free cell next to your",
	"display (R9). The moon moves to the space you took from.",
	"",
	"  b 3        slot b on cell 3            b -1 2     slot b on x=-1, y=2",
	"  15 -1 2    tile #15 on x=-1, y=2, as in a saved line",
	"  end        end phase 1 (once 8 tokens are placed, R12)",
	"  undo       take back the last turn     hint       ask the solver",
	"  show       draw the screen again       quit       stop; you may save",
	"",
	"A task is fulfilled when its tile sees enough tiles of each colour: its",
	"neighbours and their chains of the same colour, never itself (R10). Tokens",
	"cover fulfilled tasks at once (R11). CAPITALS are open tasks, small letters",
	"covered ones.",
	"",
	"Score = S1 + P1 + S2 + P2, lower is better. S1 and S2 are the costs of your",
	"tiles at the end of each phase; P1 is 10 per token short of 8 when phase 1",
	"ends, P2 is 10 per token short of 21 at the end. Phase 2 ends when all 21",
	"tokens are placed or the wheel is empty (R15).",
}

// shortHelpText is what help shows on a terminal too small for helpText:
// every line fits in 60 columns, and the page in 18 lines.
var shortHelpText = []string{
	"Take a tile marked a, b, c on the wheel (R6) and place it on",
	"a numbered free cell next to your display (R9).",
	"",
	"  b 3       slot b on cell 3          undo  take back a turn",
	"  b -1 2    slot b on x=-1, y=2       hint  ask the solver",
	"  15 -1 2   tile #15 on x=-1, y=2     show  draw it again",
	"  end       end phase 1 (8 tokens)    quit  stop; may save",
	"",
	"A task is fulfilled when its tile sees enough tiles of each",
	"colour (R10); tokens cover it at once (R11). CAPITALS are",
	"open tasks, small letters covered ones. Score = S1 + P1 +",
	"S2 + P2, lower is better: S1, S2 tile costs, P1, P2 10 per",
	"token short of 8 (phase 1) and of 21 (the end; R15).",
}

// help shows the commands: on a terminal as a page of its own, the short
// text when the long one does not fit.
func (s *playSession) help() {
	if !s.screen {
		fmt.Fprintln(s.o.st.Out, strings.Join(helpText, "\n"))
		return
	}
	text := helpText
	// The page holds a title, a blank line, the text, a blank line and the
	// question to go back.
	if w, h := s.termSize(); maxWidth(helpText) > w || len(helpText)+4 > h {
		text = shortHelpText
	}
	var b strings.Builder
	if s.clear {
		b.WriteString("\x1b[H\x1b[2J")
	}
	b.WriteString(s.p.bold("How to play") + "\n\n" + strings.Join(text, "\n") + "\n\n")
	fmt.Fprint(s.o.st.Out, b.String())
	s.ask("Press Enter to go back to the game. ")
}
