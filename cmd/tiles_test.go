package cmd

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/novaluna/novaluna/solo"
)

func TestTilesJSON(t *testing.T) {
	r := execCLI(t, false, "tiles", "--json")
	if r.code != 0 || r.err != "" {
		t.Fatalf("tiles --json = exit %d, stderr %q", r.code, r.err)
	}
	var got []tileJSON
	if err := json.Unmarshal([]byte(r.out), &got); err != nil {
		t.Fatalf("tiles --json printed %q: %v", r.out, err)
	}
	if len(got) != solo.NumTiles {
		t.Fatalf("tiles --json: %d tiles, want %d", len(got), solo.NumTiles)
	}
	tasks := 0
	for i, tj := range got {
		tile, _ := solo.TileByID(i + 1)
		want := tile.String()
		have := "#" + itoa(tj.ID) + " " + tj.Colour + itoa(tj.Cost)
		for _, task := range tj.Tasks {
			have += " " + task
		}
		if have != want {
			t.Errorf("tiles --json entry %d = %q, want %q", i, have, want)
		}
		tasks += len(tj.Tasks)
	}
	if tasks != 128 {
		t.Errorf("tiles --json: %d tasks, want 128", tasks)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestTilesText(t *testing.T) {
	plain := execCLI(t, false, "tiles")
	if plain.code != 0 {
		t.Fatalf("tiles = exit %d, stderr %q", plain.code, plain.err)
	}
	for _, want := range []string{"red tiles", "blue tiles", "turquoise tiles", "yellow tiles", "#12 R5 BBB B", "#1 R1 (no tasks)", "#68 Y7 RB RT BT"} {
		if !strings.Contains(plain.out, want) {
			t.Errorf("tiles output lacks %q", want)
		}
	}
	if n := strings.Count(plain.out, "\n  #"); n != solo.NumTiles {
		t.Errorf("tiles output lists %d tiles, want %d", n, solo.NumTiles)
	}
	if strings.Contains(plain.out, "\x1b[") {
		t.Errorf("tiles without colour printed escape codes")
	}
	if col := execCLI(t, true, "tiles"); !strings.Contains(col.out, "\x1b[") {
		t.Errorf("tiles with colour printed no escape codes")
	}
}
