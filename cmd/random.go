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
print it. The output is a FORMATS.md line document, useful as a starting
point, for testing, and to see how bad random play is.

The random choices come from --play-seed; without it they differ every run.`,
		Example: `  novaluna random --seed 7
  novaluna random --seed 7 --play-seed 1 > line.json && novaluna score line.json`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.hasRNG = c.Flags().Changed("play-seed")
			return o.run()
		},
	}
	o.src.addFlags(c)
	c.Flags().StringVar(&o.play, "play-seed", "", "`seed` for the random choices, to repeat a game")
	c.Flags().BoolVar(&o.json, "json", true, "print the line as JSON (the only output form; kept for symmetry)")
	return c
}

func (o *randomOptions) run() error {
	deck, _, err := o.src.load()
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
	data, err := formatLine(l)
	if err != nil {
		return err
	}
	_, err = fmt.Fprint(o.st.Out, string(data))
	return err
}
