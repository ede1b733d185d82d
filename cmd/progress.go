package cmd

import (
	"github.com/schollz/progressbar/v3"
)

// progress returns a callback that draws a progress bar on stderr, or one
// that does nothing when stderr is not a terminal (so logs stay clean).
func progress(st Streams, what string) (update func(done, total int), finish func()) {
	if !st.ErrTTY {
		return func(int, int) {}, func() {}
	}
	var bar *progressbar.ProgressBar
	update = func(done, total int) {
		if bar == nil {
			bar = progressbar.NewOptions(total,
				progressbar.OptionSetWriter(st.Err),
				progressbar.OptionSetDescription(what),
				progressbar.OptionShowCount(),
				progressbar.OptionSetWidth(30),
				progressbar.OptionClearOnFinish(),
			)
		}
		bar.Set(done)
	}
	finish = func() {
		if bar != nil {
			bar.Finish()
		}
	}
	return update, finish
}
