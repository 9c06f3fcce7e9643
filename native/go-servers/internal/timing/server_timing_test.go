package timing

import (
	"testing"
	"time"
)

func TestFormat(t *testing.T) {
	cases := []struct {
		phases Phases
		want   string
	}{
		{Phases{Generate: 1234 * time.Microsecond, Serialize: 500 * time.Microsecond}, "generate;dur=1.234, serialize;dur=0.5"},
		// Rounded to the µs, as Math.round(ms * 1000) / 1000: 1.2345 ms is 1.235 (half up), 12 ms has no decimals.
		{Phases{Generate: 1234500 * time.Nanosecond, Serialize: 12 * time.Millisecond}, "generate;dur=1.235, serialize;dur=12"},
		{Phases{Generate: 400 * time.Nanosecond, Serialize: 0}, "generate;dur=0, serialize;dur=0"},
		{
			Phases{Generate: time.Second, Serialize: 2 * time.Millisecond, Send: 3001 * time.Microsecond, HasSend: true},
			"generate;dur=1000, serialize;dur=2, send;dur=3.001",
		},
	}
	for _, c := range cases {
		if got := Format(c.phases); got != c.want {
			t.Errorf("Format(%+v) = %q, want %q", c.phases, got, c.want)
		}
	}
}
