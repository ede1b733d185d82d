package solver

import "github.com/novaluna/novaluna/solo"

// polish looks for a better line next to the incumbent: it replays the
// incumbent's first k steps and runs the depth-first branch-and-bound from
// there, pruning at the incumbent's score, for k from the last turn back
// towards the start. A search that finishes within its budget proves the
// incumbent's end from k on optimal, so the next one starts a turn earlier
// (a larger subtree); a search that finds a better line starts the walk
// again from that line's last turn. It stops when a search runs out of
// budget, and reports whether it improved the incumbent.
//
// The searches share the transposition table with the proof, and what they
// store there is proven for the position whatever the path to it, so the
// proof profits from them too.
func (w *worker) polish(budget int64) bool {
	sh := w.sh
	improved := false
	sh.mu.Lock()
	p := sh.bestPath
	found := sh.found
	sh.mu.Unlock()
	if !found {
		return false
	}
	// The states along the line: w.stack[d] after d steps.
	k := w.replay(&p)
	for ; k >= 0 && !sh.stop.Load(); k-- {
		before := sh.best.Load()
		w.path = p
		w.path.n = int8(k)
		if int(p.p1) >= k {
			w.path.p1 = -1
		}
		w.count, w.limit, w.aborted = 0, budget, false
		f := sh.m.bound(&w.stack[k])
		w.dfs(k, infinity, f)
		aborted := w.aborted
		w.limit, w.aborted = 0, false
		if sh.best.Load() < before {
			improved = true
			sh.mu.Lock()
			p = sh.bestPath
			sh.mu.Unlock()
			k = w.replay(&p) + 1 // the loop's k-- starts at the new line's end
			continue
		}
		if aborted {
			break
		}
	}
	w.flush()
	return improved
}

// replay plays the path p from the start into w.stack (w.stack[d] is the
// position after d steps) and returns the number of positions before the
// end: the last k whose position is not over.
func (w *worker) replay(p *path) int {
	s := w.sh.start
	w.stack[0] = s
	last := 0
	for i := range int(p.n) {
		if int(p.p1) == i && s.Phase() == solo.Phase1 {
			s.EndPhase1()
		}
		st := p.steps[i]
		s.Apply(st.Space, st.Cell)
		w.stack[i+1] = s
		if !s.Over() {
			last = i + 1
		}
	}
	return last
}
