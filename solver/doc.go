// Package solver finds low-scoring lines for Nova Luna solo decks and proves
// lower bounds on the score of every legal line.
//
// The search is anytime. A beam search finds a strong line quickly; then
// threshold passes of a depth-first branch-and-bound (iterative deepening on
// the score bound, with a shared transposition table) raise the proven lower
// bound and improve the line until the two meet or time runs out.
//
// The lower bound relaxes geometry: it assumes every task that the colours of
// the drawable tiles could ever satisfy will be covered, and solves what is
// left (the wheel, the phases, the token counts and the costs) exactly by
// dynamic programming over the tiles still on the wheel. Once phase 2 has
// begun the display's layout is known, and the bound also asks where the
// new tiles can lie: which colours can still reach an open task, which
// empty cells see which groups (see exact.go), and whether the cells the
// open tasks want, one tile a cell, are enough (cellneeds.go). Positions
// equal up to translation, rotation and reflection of the display share one
// entry of the transposition table.
package solver
