package cmd

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/novaluna/novaluna/solo"
	"github.com/spf13/cobra"
)

type randomOptions struct {
	st     Streams
	src    deckSource
	play   string
	json   bool
	hasRNG bool
}

func newRandomCmd(st Streams) *cobra.Command {
	o := &randomOptions{st: st}
	c := &cobra.Command{
		Use:   "random (--seed N | --deck FILE | --date YYYY-MM-DD)",
		Short: "Play a random legal game and print it as a line",
		Long: `Play a complete game with random legal choices (a random accessible tile
on a random legal cell; phase 1 ends at random once 8 tokens are placed) and
print it turn by turn with its score. With --json the output is the
FORMATS.md line document, ready for score, compare or solve.

The random choices come from --play-seed; without it they differ every run.`,
		Example: `  novaluna random --seed 7
  novaluna random --seed 7 --play-seed 1 --json > line.json
  novaluna score line.json`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.hasRNG = c.Flags().Changed("play-seed")
			return o.run()
		},
	}
	o.src.addFlags(c)
	c.Flags().StringVar(&o.play, "play-seed", "", "`seed` for the random choices, to repeat a game")
	c.Flags().BoolVar(&o.json, "json", false, "print the FORMATS.md line document")
	return c
}

func (o *randomOptions) run() error {
	deck, label, err := o.src.load()
	if err != nil {
		return err
	}
	ps := uint64(time.Now().UnixNano())
	if o.hasRNG {
		if ps, err = parseSeed(o.play); err != nil {
			return usageErrorf("--play-seed %q: want a whole number", o.play)
		}
	}
	l := solo.RandomLine(deck, rand.NewPCG(ps, 0))
	if o.json {
		data, err := formatLine(l)
		if err != nil {
			return err
		}
		_, err = o.st.Out.Write(data)
		return err
	}
	g, err := solo.Play(l)
	if err != nil {
		return fmt.Errorf("internal error: a random line does not replay: %w", err)
	}
	p := painter{o.st.Colour}
	fmt.Fprintf(o.st.Out, "%s\n\n", p.bold(fmt.Sprintf("A random game of %s, play seed %d", label, ps)))
	fmt.Fprint(o.st.Out, p.moveTable(l))
	fmt.Fprintln(o.st.Out)
	fmt.Fprint(o.st.Out, p.scoreLines(g.Score()))
	fmt.Fprintf(o.st.Out, "\nFinal display (✓ marks a covered task):\n")
	fmt.Fprint(o.st.Out, p.grid(g.Display(), nil))
	return nil
}
