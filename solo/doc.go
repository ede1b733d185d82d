// Package solo implements the rules of the Nova Luna solo game as written in
// the project's RULES.md: the 68 tiles, decks, the moon wheel, the display,
// task fulfilment, covering, phases and the score.
//
// It offers two ways to play the same rules. [Game] is the checked path: it
// validates every move and explains an illegal one with a [*RuleError] that
// carries the turn, the rule id and a sentinel usable with errors.Is.
// [State] is the unchecked, allocation-free fast path for search: a plain
// value that can be copied into a buffer and advanced with [State.Apply].
// Both share the same rule code, so they cannot disagree.
//
// The package prints nothing and knows nothing of flags or terminals.
package solo
