package cmd

import (
	"errors"
	"fmt"
	"os"
	"strconv"

	"github.com/novaluna/novaluna/solo"
	"github.com/spf13/cobra"
)

// deckSource is the set of flags that choose a puzzle: a seed or a deck file.
type deckSource struct {
	seed     string
	deckFile string
}

func (d *deckSource) addFlags(c *cobra.Command) {
	c.Flags().StringVar(&d.seed, "seed", "", "the puzzle of a numeric `seed` (0 to 18446744073709551615)")
	c.Flags().StringVar(&d.deckFile, "deck", "", "a deck `file` in the FORMATS.md deck format")
}

// load returns the chosen deck and a label for it ("seed 7", "deck.json").
func (d *deckSource) load() (solo.Deck, string, error) {
	switch {
	case d.seed != "" && d.deckFile != "":
		return nil, "", usageErrorf("give either --seed or --deck, not both")
	case d.seed != "":
		n, err := parseSeed(d.seed)
		if err != nil {
			return nil, "", err
		}
		return solo.SeedDeck(n), "seed " + d.seed, nil
	case d.deckFile != "":
		deck, err := readDeckFile(d.deckFile)
		return deck, d.deckFile, err
	}
	return nil, "", usageErrorf("choose a puzzle with --seed N or --deck FILE")
}

func parseSeed(s string) (uint64, error) {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, usageErrorf("--seed %q: want a whole number from 0 to 18446744073709551615", s)
	}
	return n, nil
}

func readDeckFile(path string) (solo.Deck, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read deck file: %w", err)
	}
	d, err := solo.ParseDeck(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return d, nil
}

// readLineFile reads a FORMATS.md line document; it does not replay it.
func readLineFile(path string) (solo.Line, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return solo.Line{}, fmt.Errorf("cannot read line file: %w", err)
	}
	l, err := solo.ParseLine(data)
	if err != nil {
		return solo.Line{}, fmt.Errorf("%s: %w (see FORMATS.md for the line format)", path, err)
	}
	return l, nil
}

// isRuleError reports whether err is a breach of the rules (as opposed to a
// file or format problem).
func isRuleError(err error) (*solo.RuleError, bool) {
	var re *solo.RuleError
	ok := errors.As(err, &re)
	return re, ok
}
