// Package budget is the process's memory budget for replies in flight (libs/serving inflight-budget.ts): a reply
// reserves the bytes its rows can encode to before it is built and gives them back when it is gone, so concurrent
// large replies get a 503 / RESOURCE_EXHAUSTED instead of growing the heap without bound.
package budget

import (
	"fmt"
	"math"
	"strconv"
	"sync"
)

// RetryAfterSeconds is what a busy refusal tells the client to wait.
const RetryAfterSeconds = 2

// Refusal says why a reservation was refused: TooLarge never fits (a limit), otherwise it is busy (retry).
type Refusal struct {
	TooLarge              bool
	Requested, InUse, Max int
	Setting               string
}

// Budget is MAX_INFLIGHT_BYTES; goroutines share it, so it locks where Node's single thread did not need to.
type Budget struct {
	mu    sync.Mutex
	used  int
	limit int
}

// New is a budget of limit bytes.
func New(limit int) *Budget { return &Budget{limit: limit} }

// Reserve holds bytes until release is called (once; later calls do nothing), or says why not.
func (b *Budget) Reserve(bytes int) (release func(), refusal *Refusal) {
	bytes = max(0, bytes)
	b.mu.Lock()
	defer b.mu.Unlock()
	if bytes > b.limit || b.used+bytes > b.limit {
		return nil, &Refusal{
			TooLarge: bytes > b.limit, Requested: bytes, InUse: b.used, Max: b.limit, Setting: "MAX_INFLIGHT_BYTES",
		}
	}
	b.used += bytes
	var once sync.Once
	return func() {
		once.Do(func() {
			b.mu.Lock()
			b.used -= bytes
			b.mu.Unlock()
		})
	}, nil
}

// Describe is describeRefusal: one sentence for a body or a gRPC status.
func (r *Refusal) Describe() string {
	if r.TooLarge {
		return fmt.Sprintf("this reply may take up to %s (%d bytes), more than the server's %s (%d bytes): ask for "+
			"fewer rows, or use a streaming variant", mib(r.Requested), r.Requested, r.Setting, r.Max)
	}
	return fmt.Sprintf("server busy: replies in flight hold %s of %s (%s) and this one needs up to %s; retry when "+
		"they are done", mib(r.InUse), r.Setting, mib(r.Max), mib(r.Requested))
}

// mib is JavaScript's (b / 2**20).toFixed(1), which rounds a tie up where Go's %.1f rounds it to even; b / 2^20 and
// its tenfold are exact in a float64 for any byte count here, so the tie is seen as one.
func mib(b int) string {
	tenths := math.Floor(float64(b)/(1<<20)*10 + 0.5)
	return strconv.FormatFloat(tenths/10, 'f', 1, 64) + " MiB"
}
