package cmd

import (
	"fmt"

	"github.com/novaluna/novaluna/solo"
	"github.com/spf13/cobra"
)

type tilesOptions struct {
	st   Streams
	json bool
}

func newTilesCmd(st Streams) *cobra.Command {
	o := &tilesOptions{st: st}
	c := &cobra.Command{
		Use:   "tiles",
		Short: "List the 68 tiles with colour, cost and tasks",
		Long: `List the 68 tiles of Nova Luna, by colour, with their ids (the ids every file
format uses), costs and tasks. A task such as "RRB" needs two red tiles and
one blue tile in sight of the tile (rule R10).`,
		Example: `  novaluna tiles
  novaluna tiles --json | jq '.[] | select(.cost == 7)'`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return o.run() },
	}
	c.Flags().BoolVar(&o.json, "json", false, "print the tiles as JSON")
	return c
}

type tileJSON struct {
	ID     int      `json:"id"`
	Colour string   `json:"color"`
	Cost   int      `json:"cost"`
	Tasks  []string `json:"tasks"`
}

func toTileJSON(t solo.Tile) tileJSON {
	tasks := make([]string, len(t.Tasks))
	for i, task := range t.Tasks {
		tasks[i] = task.String()
	}
	return tileJSON{t.ID, t.Colour.String(), t.Cost, tasks}
}

func (o *tilesOptions) run() error {
	tiles := solo.Tiles()
	if o.json {
		out := make([]tileJSON, len(tiles))
		for i, t := range tiles {
			out[i] = toTileJSON(t)
		}
		return writeJSON(o.st.Out, out)
	}
	p := painter{o.st.Colour}
	for col := range solo.NumColours {
		fmt.Fprintf(o.st.Out, "%s\n", p.fg(solo.Colour(col), fmt.Sprintf("%s tiles", solo.Colour(col).Name())))
		for _, t := range tiles {
			if t.Colour == solo.Colour(col) {
				fmt.Fprintf(o.st.Out, "  %s\n", p.tile(t.ID))
			}
		}
	}
	return nil
}
