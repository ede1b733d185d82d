package cmd

import (
	"fmt"

	"github.com/novaluna/novaluna/solo"
	"github.com/spf13/cobra"
)

type deckOptions struct {
	st   Streams
	src  deckSource
	json bool
}

func newDeckCmd(st Streams) *cobra.Command {
	o := &deckOptions{st: st}
	c := &cobra.Command{
		Use:   "deck (--seed N | --deck FILE | --date YYYY-MM-DD)",
		Short: "Show the deck of a puzzle: the opening wheel and the refill order",
		Long: `Show the deck of a puzzle. The first 11 tiles open the wheel on spaces 1..11
(rule R5); the next 11 are the refill drawn between the phases (R14), in
order. No later tile can ever be drawn, so only these 22 are shown.

A seed always gives the same deck, in every build of novaluna, forever.`,
		Example: `  novaluna deck --seed 7
  novaluna deck --seed 7 --json > deck7.json
  novaluna deck --deck deck7.json`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return o.run() },
	}
	o.src.addFlags(c)
	c.Flags().BoolVar(&o.json, "json", false, "print the FORMATS.md deck document (the full deck)")
	return c
}

func (o *deckOptions) run() error {
	deck, label, err := o.src.load()
	if err != nil {
		return err
	}
	if o.json {
		return writeJSON(o.st.Out, struct {
			Deck solo.Deck `json:"deck"`
		}{deck})
	}
	p := painter{o.st.Colour}
	fmt.Fprintf(o.st.Out, "%s\n\n", p.bold("Deck of "+label))
	fmt.Fprintln(o.st.Out, "Opening wheel (the moon figure starts on space 0):")
	for i := 0; i < solo.SetupTiles; i++ {
		fmt.Fprintf(o.st.Out, "  space %2d  %s\n", i+1, p.tile(deck[i]))
	}
	fmt.Fprintln(o.st.Out, "\nRefill between the phases, in draw order:")
	if len(deck) == solo.SetupTiles {
		fmt.Fprintln(o.st.Out, "  (none: the deck holds only 11 tiles)")
	}
	for i := solo.SetupTiles; i < min(len(deck), solo.MaxTurns); i++ {
		fmt.Fprintf(o.st.Out, "  draw %2d   %s\n", i-solo.SetupTiles+1, p.tile(deck[i]))
	}
	return nil
}
