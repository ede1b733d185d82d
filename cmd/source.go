package cmd

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/novaluna/novaluna/internal/fileio"
	"github.com/novaluna/novaluna/puzzles"
	"github.com/novaluna/novaluna/solo"
	"github.com/spf13/cobra"
)

// deckSource is the set of flags that choose a puzzle: a seed, a deck file,
// a date's daily puzzle, or (where allowed) today's.
type deckSource struct {
	seed     string
	deckFile string
	date     string
	daily    bool
	// withDaily adds --daily; the flag set is otherwise the same everywhere.
	withDaily bool
	// cmd is the command the flags belong to: --deck - reads its input.
	cmd *cobra.Command
}

func (d *deckSource) addFlags(c *cobra.Command) {
	d.cmd = c
	c.Flags().StringVar(&d.seed, "seed", "", "the puzzle of a numeric `seed` (0 to 18446744073709551615)")
	c.Flags().StringVar(&d.deckFile, "deck", "", "a deck `file` in the FORMATS.md deck format")
	c.Flags().StringVar(&d.date, "date", "", "the daily puzzle of a `date` (YYYY-MM-DD)")
	if d.withDaily {
		c.Flags().BoolVar(&d.daily, "daily", false, "today's daily puzzle (today in UTC)")
	}
}

// dailyDate returns the date of the chosen daily puzzle, if one was chosen.
func (d *deckSource) dailyDate() (time.Time, bool, error) {
	switch {
	case d.daily:
		return puzzles.Today(time.Now()), true, nil
	case d.date != "":
		t, err := puzzles.ParseDate(d.date)
		if err != nil {
			return time.Time{}, false, usageErrorf("--date: %v", err)
		}
		return t, true, nil
	}
	return time.Time{}, false, nil
}

// load returns the chosen deck and a label for it ("seed 7", "deck.json",
// "daily #3 (2026-11-24)").
func (d *deckSource) load() (solo.Deck, string, error) {
	chosen := 0
	for _, set := range []bool{d.seed != "", d.deckFile != "", d.date != "", d.daily} {
		if set {
			chosen++
		}
	}
	if chosen > 1 {
		return nil, "", usageErrorf("choose one puzzle: give only one of %s", d.flagNames())
	}
	if date, ok, err := d.dailyDate(); err != nil || ok {
		if err != nil {
			return nil, "", err
		}
		return puzzles.DailyDeck(date), dailyLabel(date), nil
	}
	switch {
	case d.seed != "":
		n, err := parseSeed(d.seed)
		if err != nil {
			return nil, "", err
		}
		return solo.SeedDeck(n), "seed " + d.seed, nil
	case d.deckFile != "":
		var in io.Reader
		if d.cmd != nil {
			in = d.cmd.InOrStdin()
		}
		deck, err := readDeckInput(d.deckFile, in)
		return deck, inputName(d.deckFile), err
	}
	return nil, "", usageErrorf("choose a puzzle with %s", d.flagNames())
}

// given reports whether any puzzle flag was given.
func (d *deckSource) given() bool {
	return d.seed != "" || d.deckFile != "" || d.date != "" || d.daily
}

func (d *deckSource) flagNames() string {
	if d.withDaily {
		return "--daily, --date YYYY-MM-DD, --seed N or --deck FILE"
	}
	return "--date YYYY-MM-DD, --seed N or --deck FILE"
}

// dailyLabel names a daily puzzle: "daily #3 (2026-11-24)".
func dailyLabel(date time.Time) string {
	if n := puzzles.Number(date); n > 0 {
		return fmt.Sprintf("daily #%d (%s)", n, date.Format(puzzles.DateLayout))
	}
	return "daily puzzle of " + date.Format(puzzles.DateLayout)
}

func parseSeed(s string) (uint64, error) {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, usageErrorf("--seed %q: want a whole number from 0 to 18446744073709551615", s)
	}
	return n, nil
}

// maxInputBytes caps what a command reads of a deck or line file: a valid
// one is under 2 KB, and a huge file would take seconds and gigabytes to
// refuse.
const maxInputBytes = 1 << 20

// readInput reads a deck or line file, or standard input for "-" (stdin
// may be nil where standard input cannot be read), refusing more than
// maxInputBytes. kind names the file in messages ("deck", "line").
func readInput(kind, path string, stdin io.Reader) ([]byte, error) {
	data, err := fileio.Read(path, stdin, maxInputBytes)
	var tl *fileio.TooLargeError
	switch {
	case errors.As(err, &tl):
		size := fmt.Sprintf("%d bytes", tl.Size)
		if tl.Size < 0 {
			size = fmt.Sprintf("more than %d bytes", tl.Limit)
		}
		return nil, fmt.Errorf("%s is too large (%s; a deck or line file is under 2 KB)", inputName(path), size)
	case err != nil:
		return nil, fmt.Errorf("cannot read %s file: %w", kind, err)
	}
	return data, nil
}

// inputName names an input file in messages: "-" is standard input.
func inputName(path string) string {
	if path == fileio.Stdin {
		return "standard input"
	}
	return path
}

func readDeckFile(path string) (solo.Deck, error) { return readDeckInput(path, nil) }

// readDeckInput reads a FORMATS.md deck document from path, or from stdin
// for "-".
func readDeckInput(path string, stdin io.Reader) (solo.Deck, error) {
	data, err := readInput("deck", path, stdin)
	if err != nil {
		return nil, err
	}
	d, err := solo.ParseDeck(data)
	if err != nil {
		if _, ok := isRuleError(err); ok {
			return nil, fmt.Errorf("%s: %w", inputName(path), err)
		}
		return nil, fmt.Errorf(`%s: %w (a deck file is {"deck": [tile ids]}; see FORMATS.md)`, inputName(path), err)
	}
	return d, nil
}

// readLineFile reads a FORMATS.md line document; it does not replay it.
func readLineFile(path string) (solo.Line, error) { return readLineInput(path, nil) }

// readLineInput reads a FORMATS.md line document from path, or from stdin
// for "-"; it does not replay it.
func readLineInput(path string, stdin io.Reader) (solo.Line, error) {
	data, err := readInput("line", path, stdin)
	if err != nil {
		return solo.Line{}, err
	}
	l, err := solo.ParseLine(data)
	if err != nil {
		return solo.Line{}, fmt.Errorf("%s: %w (see FORMATS.md for the line format)", inputName(path), err)
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
