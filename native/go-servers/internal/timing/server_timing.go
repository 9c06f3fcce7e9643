// Package timing writes the Server-Timing value the Node servers write (libs/server-timing), so the client parses
// and reports a Go server's phases as it does theirs.
package timing

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// Name is the HTTP header and the gRPC trailing-metadata key.
const Name = "server-timing"

// Phases are one response's measured phases; Send is written only when HasSend (a stream: time spent in writes).
type Phases struct {
	Generate, Serialize, Send time.Duration
	HasSend                   bool
}

// Format is format-server-timing.ts: `generate;dur=1.234, serialize;dur=0.5`, milliseconds rounded to the µs and
// written as JavaScript writes a number (no trailing zeros), phases in the order they happen.
func Format(p Phases) string {
	parts := []string{metric("generate", p.Generate), metric("serialize", p.Serialize)}
	if p.HasSend {
		parts = append(parts, metric("send", p.Send))
	}
	return strings.Join(parts, ", ")
}

func metric(name string, d time.Duration) string {
	ms := math.Round(float64(d)/1e3) / 1000 // whole µs, then ms
	return name + ";dur=" + strconv.FormatFloat(ms, 'f', -1, 64)
}

// Stopwatch sums the time of repeated steps.
type Stopwatch struct{ start time.Time }

// Start begins a step.
func Start() Stopwatch { return Stopwatch{start: time.Now()} }

// Add adds the time since Start to total and returns the moment it stopped, to start the next step from.
func (s Stopwatch) Add(total *time.Duration) Stopwatch {
	now := time.Now()
	*total += now.Sub(s.start)
	return Stopwatch{start: now}
}
