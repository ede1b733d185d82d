package solo

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLineAssistsRoundTrip(t *testing.T) {
	l := Line{Deck: Deck{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, Moves: []Move{{Tile: 2, X: 0, Y: 0}}, Phase1Turns: 1,
		Assists: &Assists{Hints: 2, Undos: 1}}
	data, err := json.Marshal(l)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"assists":{"hints":2,"undos":1}`)
	back, err := ParseLine(data)
	require.NoError(t, err)
	assert.Equal(t, l, back)

	plain := l
	plain.Assists = nil
	data, err = json.Marshal(plain)
	require.NoError(t, err)
	assert.NotContains(t, string(data), "assists", "a line without assists writes no key")
}

func TestLineAssistsRefused(t *testing.T) {
	for _, doc := range []string{
		`{"deck":[1,2,3,4,5,6,7,8,9,10,11],"moves":[],"phase1_turns":1,"assists":{"hints":1}}`,
		`{"deck":[1,2,3,4,5,6,7,8,9,10,11],"moves":[],"phase1_turns":1,"assists":{"hints":-1,"undos":0}}`,
	} {
		_, err := ParseLine([]byte(doc))
		assert.Error(t, err, "ParseLine(%s)", doc)
	}
}

func TestLineAssistsHard(t *testing.T) {
	l := Line{Deck: Deck{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, Moves: []Move{{Tile: 2, X: 0, Y: 0}}, Phase1Turns: 1,
		Assists: &Assists{Hard: true}}
	data, err := json.Marshal(l)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"assists":{"hints":0,"undos":0,"hard":true}`)
	back, err := ParseLine(data)
	require.NoError(t, err)
	assert.Equal(t, l, back)

	_, err = ParseLine([]byte(`{"deck":[1,2,3,4,5,6,7,8,9,10,11],"moves":[],"phase1_turns":1,"assists":{"hints":1,"undos":0,"hard":true}}`))
	assert.ErrorContains(t, err, "hard", "a hard game with a hint")
}
