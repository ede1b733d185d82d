// Package reference is a deliberately naive, independent implementation of
// the Nova Luna solo rules in RULES.md, used only by tests to cross-check the
// real engine in package solo.
//
// It is written for clarity, not speed: the display is a map from cell to
// tile id, every task check is a plain flood fill, and every task of every
// tile is recomputed after every placement. It shares no code with package
// solo (it even parses its own copy of tiles.tsv), so that a misreading of
// the rules in one is unlikely to be repeated in the other.
//
// Choices RULES.md leaves open are fixed as follows, and documented on Score:
//   - phase1Turns outside 1..min(len(moves), 11) is rejected before any move
//     is played (rule R12, turn 0);
//   - if all 21 tokens are placed during phase 1, the game ends at once, so
//     phase 1 ends there too (R15) and S2 = S1, P1 = P2 = 0.
package reference
