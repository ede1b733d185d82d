package solo

import "testing"

// TestTileSet pins the tile set of R1 and tiles.tsv: 68 tiles, 17 of each
// colour, 128 tasks in all, ids 1..68, costs 1..7, 0..3 tasks of 1..4
// colours each.
func TestTileSet(t *testing.T) {
	tiles := Tiles()
	if got := len(tiles); got != NumTiles {
		t.Fatalf("len(Tiles()) = %d, want %d", got, NumTiles)
	}
	var perColour [NumColours]int
	tasks := 0
	for i, tile := range tiles {
		if tile.ID != i+1 {
			t.Errorf("Tiles()[%d].ID = %d, want %d", i, tile.ID, i+1)
		}
		if tile.Cost < 1 || tile.Cost > 7 {
			t.Errorf("tile %d: cost %d, want 1..7", tile.ID, tile.Cost)
		}
		if len(tile.Tasks) > MaxTasks {
			t.Errorf("tile %d: %d tasks, want at most %d", tile.ID, len(tile.Tasks), MaxTasks)
		}
		for _, task := range tile.Tasks {
			if n := task.Size(); n < 1 || n > 4 {
				t.Errorf("tile %d: task %s has %d colours, want 1..4", tile.ID, task, n)
			}
		}
		perColour[tile.Colour]++
		tasks += len(tile.Tasks)
	}
	for c, n := range perColour {
		if n != 17 {
			t.Errorf("tiles of colour %s = %d, want 17", Colour(c), n)
		}
	}
	if tasks != 128 {
		t.Errorf("tasks in all = %d, want 128", tasks)
	}
}

func TestTileByID(t *testing.T) {
	tests := []struct {
		id   int
		want string
		ok   bool
	}{
		{1, "#1 R1", true},
		{12, "#12 R5 BBB B", true},
		{17, "#17 R7 BT BY TY", true},
		{34, "#34 B7 RT RY TY", true},
		{47, "#47 T5 RR TT YY", true},
		{50, "#50 T6 BB YY R", true},
		{68, "#68 Y7 RB RT BT", true},
		{0, "", false},
		{69, "", false},
		{-3, "", false},
	}
	for _, tt := range tests {
		tile, ok := TileByID(tt.id)
		if ok != tt.ok || (ok && tile.String() != tt.want) {
			t.Errorf("TileByID(%d) = %q, %v, want %q, %v", tt.id, tile, ok, tt.want, tt.ok)
		}
	}
}

// TestTileByIDCopies checks that callers cannot change the tile table
// through the slice they are given.
func TestTileByIDCopies(t *testing.T) {
	a, _ := TileByID(12)
	a.Tasks[0] = Task{}
	b, _ := TileByID(12)
	if got := b.String(); got != "#12 R5 BBB B" {
		t.Errorf("TileByID(12) after changing an earlier copy = %q, want %q", got, "#12 R5 BBB B")
	}
}

func TestParseTask(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"R", "R", true},
		{"TYR", "RTY", true},
		{"bbbb", "BBBB", true},
		{"RBTY", "RBTY", true},
		{"", "", false},
		{"RRRRR", "", false},
		{"RX", "", false},
	}
	for _, tt := range tests {
		task, err := ParseTask(tt.in)
		if (err == nil) != tt.ok || (err == nil && task.String() != tt.want) {
			t.Errorf("ParseTask(%q) = %q, %v, want %q, ok %v", tt.in, task, err, tt.want, tt.ok)
		}
	}
}

func TestColourString(t *testing.T) {
	for c := range Colour(NumColours) {
		back, err := ParseColour(c.String())
		if err != nil || back != c {
			t.Errorf("ParseColour(%q) = %v, %v, want %v", c.String(), back, err, c)
		}
	}
	if got := Colour(9).String(); got != "Colour(9)" {
		t.Errorf("Colour(9).String() = %q, want %q", got, "Colour(9)")
	}
}
