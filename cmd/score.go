package cmd

import (
	"fmt"

	"github.com/novaluna/novaluna/internal/fileio"
	"github.com/novaluna/novaluna/session"

	"github.com/novaluna/novaluna/solo"
	"github.com/spf13/cobra"
)

type scoreOptions struct {
	st   Streams
	path string
	json bool
}

func newScoreCmd(st Streams) *cobra.Command {
	o := &scoreOptions{st: st}
	c := &cobra.Command{
		Use:   "score LINE.json",
		Short: "Replay a line, check every rule and score it",
		Long: `Replay a line (a FORMATS.md line document: the deck, every move and where
phase 1 ended), check it against every rule, and print its score: S1, P1, S2,
P2, the tokens placed, the total, and the final display.

An illegal line is reported with the turn and the rule it breaks, and the
exit status is 1. With --json the result is exactly the FORMATS.md score
result: {"legal": true, "score": ...} or {"legal": false, "error": ...,
"turn": ..., "rule": ...}.`,
		Example: `  novaluna random --seed 7 --json > line.json
  novaluna score line.json
  novaluna score --json line.json`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.path = args[0]
			return o.run()
		},
	}
	c.Flags().BoolVar(&o.json, "json", false, "print the FORMATS.md score result")
	return c
}

func (o *scoreOptions) run() error {
	l, err := readLineInput(o.path, o.st.In)
	if err != nil {
		return err
	}
	name := inputName(o.path)
	g, err := solo.Play(l)
	if err != nil {
		if u := unfinished(l, o.path); u != nil {
			err = u
			if !o.json {
				return fmt.Errorf("%s is %s", name, u.Msg)
			}
		}
		if re, ok := isRuleError(err); ok && o.json {
			if werr := writeJSON(o.st.Out, re); werr != nil {
				return werr
			}
			return silentError{err}
		}
		return fmt.Errorf("%s: %w", name, err)
	}
	sc := g.Score()
	if o.json {
		return writeJSON(o.st.Out, sc)
	}
	p := painter{o.st.Colour}
	fmt.Fprintf(o.st.Out, "%s: a legal line of %s (%d in phase 1)\n\n", name, plural(len(l.Moves), "turn"), l.Phase1Turns)
	fmt.Fprint(o.st.Out, p.scoreLines(sc))
	fmt.Fprintf(o.st.Out, "\nFinal display (%s; ✓ marks a covered task):\n", plural(len(l.Moves), "tile"))
	fmt.Fprint(o.st.Out, p.grid(g.Display(), nil))
	return nil
}

// unfinished reports a line that is a game saved before its end (by play
// --save or a quit): it replays as far as it goes, and the game goes on.
// The error says so and how to go on, in place of the rule it breaks as a
// complete line (phase1_turns 0, or R15).
func unfinished(l solo.Line, path string) *solo.RuleError {
	sess, err := session.Resume(l)
	if err != nil || sess.Game().Over() {
		return nil
	}
	g := sess.Game()
	how := "go on with: novaluna play --resume " + path
	if path == fileio.Stdin {
		how = "save it to a file and go on with: novaluna play --resume FILE"
	}
	return &solo.RuleError{Turn: len(l.Moves) + 1, Rule: "R15", Err: solo.ErrIncomplete,
		Msg: fmt.Sprintf("an unfinished game: %s played, %s, %d of %d tokens placed; a line is scored when its game is over (rule R15), so %s",
			plural(len(l.Moves), "turn"), g.Phase(), g.Tokens(), solo.TokensTotal, how)}
}
