package shapes

import (
	"fmt"
	"time"
)

// TimestampJSON is libs/shapes' timestampToJson: RFC 3339 in UTC with "Z" and 0, 3, 6 or 9 fractional digits, the
// fewest that keep every nanosecond (what protoc's printers write too).
func TimestampJSON(seconds int64, nanos int32) string {
	whole := time.Unix(seconds, 0).UTC().Format("2006-01-02T15:04:05")
	if nanos == 0 {
		return whole + "Z"
	}
	digits := fmt.Sprintf("%09d", nanos)
	kept := 9
	if nanos%1_000_000 == 0 {
		kept = 3
	} else if nanos%1000 == 0 {
		kept = 6
	}
	return whole + "." + digits[:kept] + "Z"
}
