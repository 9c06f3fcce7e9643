package limits

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"wirebench/goservers/internal/shapes"
)

// Rule is what one route's query may hold: each parameter at most once, nothing else (parse-query.ts).
type Rule struct {
	Route      string
	Parameters []string
}

// The JSON servers' two routes. `serializer` is known here, as on Node, and refused afterwards with its own message.
var (
	SamplesQuery = Rule{Route: "GET /samples/:count", Parameters: []string{"shape", "serializer"}}
	StreamQuery  = Rule{Route: "GET /samples/:count/stream", Parameters: []string{"chunk", "offset", "shape", "serializer"}}
)

// ParseQuery checks the query of a request target (`/path?a=1`, as sent) against rule, as parse-query.ts: names
// are decoded as URLSearchParams decodes them and are only ever themselves. It returns each present parameter's value.
func ParseQuery(target string, rule Rule) (map[string]string, *Refusal) {
	var entries [][2]string
	if at := strings.IndexByte(target, '?'); at >= 0 {
		entries = searchParams(target[at+1:])
	}
	valid := map[string]bool{}
	for _, p := range rule.Parameters {
		valid[p] = true
	}
	var unknown []string
	seen := map[string]bool{}
	for _, e := range entries {
		if !valid[e[0]] && !seen[e[0]] {
			seen[e[0]] = true
			unknown = append(unknown, e[0])
		}
	}
	if len(unknown) > 0 {
		verb := "do"
		if len(unknown) == 1 {
			verb = "does"
		}
		allowed := "valid parameters: " + strings.Join(rule.Parameters, ", ")
		if len(rule.Parameters) == 0 {
			allowed = "it takes no query parameters"
		}
		names := make([]string, len(unknown))
		for k, n := range unknown {
			names[k] = quoted(n)
		}
		message := fmt.Sprintf("%s %s not apply to %s; %s", strings.Join(names, ", "), verb, rule.Route, allowed)
		return nil, BadRequest(strings.Join(unknown, ","), Object{{"parameters", rule.Parameters}}, message)
	}
	query := map[string]string{}
	for _, name := range rule.Parameters {
		var values []string
		for _, e := range entries {
			if e[0] == name {
				values = append(values, e[1])
			}
		}
		if len(values) > 1 {
			return nil, BadRequest(name, Object{{"maxCount", 1}},
				fmt.Sprintf("%s is given %d times; give it once", name, len(values)))
		}
		if len(values) == 1 {
			query[name] = values[0]
		}
	}
	return query, nil
}

var printable = regexp.MustCompile(`^[\x21-\x7e]+$`)

// quoted is a name as sent, quoted only when it would not read as one (empty, spaces, control characters).
func quoted(name string) string {
	if printable.MatchString(name) {
		return name
	}
	return shapes.JSONString(name)
}

// searchParams is URLSearchParams' parsing: `&`-separated, empty pieces skipped, split at the first `=`, `+` as a
// space, percent escapes decoded where valid and kept as text where not, invalid UTF-8 replaced.
func searchParams(query string) [][2]string {
	var out [][2]string
	for _, piece := range strings.Split(query, "&") {
		if piece == "" {
			continue
		}
		name, value, _ := strings.Cut(piece, "=")
		out = append(out, [2]string{formDecode(name), formDecode(value)})
	}
	return out
}

func formDecode(s string) string {
	out, _ := DecodePercent(strings.ReplaceAll(s, "+", " "), true)
	return out
}

// DecodePercent decodes %XX escapes; a malformed one stays as it is (lenient, as URLSearchParams). Not lenient, it
// returns "" and false on a malformed escape or invalid UTF-8, as decodeURIComponent throws.
func DecodePercent(s string, lenient bool) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		if s[i] == '%' && !lenient {
			return "", false
		}
		b.WriteByte(s[i])
	}
	out := b.String()
	if !utf8.ValidString(out) {
		if !lenient {
			return "", false
		}
		out = strings.ToValidUTF8(out, "\uFFFD")
	}
	return out, true
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}
