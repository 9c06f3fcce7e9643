package limits

import (
	"regexp"
	"strconv"
)

// plainInteger is plain-integer.ts: digits, no sign, no leading zero (0 aside), at most 16 of them.
var plainInteger = regexp.MustCompile(`^(?:0|[1-9]\d{0,15})$`)

// plain is the value of a plain integer, or false. 16 digits fit an int64.
func plain(s string) (int64, bool) {
	if !plainInteger.MatchString(s) {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

const int32Max = 1<<31 - 1
