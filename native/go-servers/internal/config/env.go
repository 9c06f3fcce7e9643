// Package config reads the environment the Node servers read (libs/config load-config.ts): the same names, defaults
// and ranges, so one environment configures both families alike.
package config

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// Error names the variable and why, in load-config.ts' words; the mains print it and exit 2, as Node's do.
type Error struct{ Message string }

func (e *Error) Error() string { return e.Message }

var (
	integer = regexp.MustCompile(`^-?\d+$`)
	host    = regexp.MustCompile(`^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:]+:[0-9a-fA-F:.]*|[A-Za-z0-9.-]+)$`)
)

// reader collects the first bad variable, so Load reads on and reports one line.
type reader struct {
	lookup func(string) (string, bool)
	err    error
}

func (r *reader) raw(name string) (string, bool) {
	v, ok := r.lookup(name)
	if !ok || strings.TrimSpace(v) == "" {
		return "", false
	}
	return v, true
}

func (r *reader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = &Error{Message: fmt.Sprintf(format, args...)}
	}
}

// Int is an integer within [min, max], or fallback when unset or empty.
func (r *reader) Int(name string, fallback, min, max int) int {
	raw, ok := r.raw(name)
	if !ok {
		return fallback
	}
	text := strings.TrimSpace(raw)
	value, err := strconv.ParseInt(text, 10, 64)
	if !integer.MatchString(text) || err != nil || value > 1<<53-1 || value < -(1<<53-1) ||
		value < int64(min) || value > int64(max) {
		r.fail("invalid %s=%s: must be an integer from %d to %d", name, quote(raw), min, max)
		return fallback
	}
	return int(value)
}

// Host is a host name or IP literal, without scheme or port.
func (r *reader) Host(name, fallback string) string {
	raw, ok := r.raw(name)
	if !ok {
		return fallback
	}
	h := strings.TrimSpace(raw)
	if !host.MatchString(h) {
		r.fail("invalid %s=%s: must be a host name or IP address, without scheme or port", name, quote(raw))
		return fallback
	}
	return h
}

// Choice is one of choices (case-insensitive), or fallback when unset or empty.
func (r *reader) Choice(name, fallback string, choices ...string) string {
	raw, ok := r.raw(name)
	if !ok {
		return fallback
	}
	value := strings.ToLower(strings.TrimSpace(raw))
	for _, c := range choices {
		if c == value {
			return value
		}
	}
	r.fail("invalid %s=%s: must be one of %s", name, quote(raw), strings.Join(choices, ", "))
	return fallback
}

func quote(s string) string { return strconv.Quote(s) }

func osLookup(name string) (string, bool) { return os.LookupEnv(name) }

func itoa(n int) string { return strconv.Itoa(n) }
