package solo

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"math/rand/v2"
	"reflect"
)

// TrackSpaces is the number of spaces on the moon wheel (R4).
const TrackSpaces = 12

// SetupTiles is the number of tiles dealt onto the wheel at the start (R5).
const SetupTiles = 11

// MaxTurns is the most turns a game can have: 11 per phase.
const MaxTurns = 2 * SetupTiles

// Deck is a draw order of tile ids, first tile first (R5, R14).
type Deck []int

// Validate checks that the deck holds at least 11 distinct tile ids.
func (d Deck) Validate() error {
	if len(d) < SetupTiles {
		return ruleErr(0, "R5", ErrBadDeck, "the deck has %d tiles; it needs at least %d to fill the wheel", len(d), SetupTiles)
	}
	if len(d) > NumTiles {
		return ruleErr(0, "R5", ErrBadDeck, "the deck has %d tiles; there are only %d", len(d), NumTiles)
	}
	var seen [NumTiles + 1]int
	for i, id := range d {
		if !ValidTileID(id) {
			return ruleErr(0, "R5", ErrBadDeck, "deck position %d holds %d, which is not a tile id (1..%d)", i+1, id, NumTiles)
		}
		if seen[id] != 0 {
			return ruleErr(0, "R5", ErrBadDeck, "tile %d appears twice in the deck (positions %d and %d)", id, seen[id], i+1)
		}
		seen[id] = i + 1
	}
	return nil
}

// Relevant returns the part of the deck that can ever be drawn: the first 22
// tiles (or all, if fewer).
func (d Deck) Relevant() Deck {
	return append(Deck(nil), d[:min(len(d), MaxTurns)]...)
}

type deckJSON struct {
	Deck *[]int `json:"deck"`
}

// MarshalJSON writes the deck as a JSON list of ids, as it appears inside a
// line document and after the "deck" key of a deck document.
func (d Deck) MarshalJSON() ([]byte, error) {
	return json.Marshal([]int(d))
}

// ParseDeck reads and validates a FORMATS.md deck document.
func ParseDeck(data []byte) (Deck, error) {
	var dj deckJSON
	if err := decodeStrict(data, &dj); err != nil {
		return nil, err
	}
	if dj.Deck == nil {
		return nil, fmt.Errorf(`missing required key "deck"`)
	}
	d := Deck(*dj.Deck)
	if err := d.Validate(); err != nil {
		return nil, err
	}
	return d, nil
}

// decodeStrict decodes exactly one JSON value and nothing after it, with
// the keys exactly as v's tags give them, each at most once (checkJSON).
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			// checkJSON says where: which move, which deck position.
			if cerr := checkJSON(data, reflect.TypeOf(v)); cerr != nil {
				return cerr
			}
		}
		return describeJSONError(data, err)
	}
	// dec.More would miss a stray ']' or '}' after the document; only the
	// end of the input may follow it.
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("malformed JSON: extra data after the document")
	}
	return checkJSON(data, reflect.TypeOf(v))
}

// seedStream is the second PCG seed word, fixed forever: ASCII "novaluna".
const seedStream = 0x6e6f76616c756e61

// SeedDeck returns the full 68-tile deck of a numeric seed.
//
// The algorithm is fixed forever so that a seed means the same puzzle in every
// build: a PCG-DXSM generator (math/rand/v2's PCG, whose output the standard
// library guarantees) seeded with (seed, 0x6e6f76616c756e61) drives a
// Fisher-Yates shuffle of the ids 1..68, going from the last position down to
// the second, each index drawn with Lemire's multiply-and-reject method
// implemented here rather than taken from rand's helpers.
func SeedDeck(seed uint64) Deck {
	return ShuffledDeck(rand.NewPCG(seed, seedStream))
}

// ShuffledDeck shuffles the 68 ids with the given generator, as SeedDeck
// describes. Daily puzzles use it with their own seed words.
func ShuffledDeck(src *rand.PCG) Deck {
	d := make(Deck, NumTiles)
	for i := range d {
		d[i] = i + 1
	}
	for i := len(d) - 1; i > 0; i-- {
		j := boundedUint64(src, uint64(i+1))
		d[i], d[j] = d[j], d[i]
	}
	return d
}

// boundedUint64 returns a uniform value in [0, n) (Lemire, "Fast Random
// Integer Generation in an Interval", 2019).
func boundedUint64(src *rand.PCG, n uint64) uint64 {
	hi, lo := bits.Mul64(src.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(src.Uint64(), n)
		}
	}
	return hi
}
