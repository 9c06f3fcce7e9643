package limits

import (
	"testing"

	"wirebench/goservers/internal/shapes"
)

// The bodies and messages the Node servers send for the same requests (parse-count.spec.ts, parse-query.spec.ts,
// parse-stream-params.spec.ts, get-samples-param.spec.ts, stream-samples-param.spec.ts), byte for byte.

func body(r *Refusal) string { return string(shapes.JSONText(r.Body)) }

var registry = shapes.Registry(shapes.DefaultBlobBytes)

func TestParseCount(t *testing.T) {
	for _, ok := range []string{"0", "7", "1000000"} {
		if _, r := ParseCount(ok, 1_000_000); r != nil {
			t.Errorf("ParseCount(%q) refused: %s", ok, body(r))
		}
	}
	for value, want := range map[string]string{
		"1000001": `{"statusCode":400,"error":"Bad Request","parameter":"count","limit":1000000,"message":"count must be an integer from 0 to 1000000, got \"1000001\""}`,
		"007":     `{"statusCode":400,"error":"Bad Request","parameter":"count","limit":1000000,"message":"count must be an integer from 0 to 1000000, got \"007\""}`,
		"-1":      `{"statusCode":400,"error":"Bad Request","parameter":"count","limit":1000000,"message":"count must be an integer from 0 to 1000000, got \"-1\""}`,
		"1e3":     `{"statusCode":400,"error":"Bad Request","parameter":"count","limit":1000000,"message":"count must be an integer from 0 to 1000000, got \"1e3\""}`,
	} {
		_, r := ParseCount(value, 1_000_000)
		if r == nil || body(r) != want {
			t.Errorf("ParseCount(%q) = %v, want %s", value, r, want)
		}
	}
}

func TestParseQuery(t *testing.T) {
	cases := map[string]string{
		"/samples/1?shape=row&shape=text": `{"statusCode":400,"error":"Bad Request","parameter":"shape","limit":{"maxCount":1},"message":"shape is given 2 times; give it once"}`,
		"/samples/1?chunk=5":              `{"statusCode":400,"error":"Bad Request","parameter":"chunk","limit":{"parameters":["shape","serializer"]},"message":"chunk does not apply to GET /samples/:count; valid parameters: shape, serializer"}`,
		"/samples/1?a=1&b+c=2&a=3":        `{"statusCode":400,"error":"Bad Request","parameter":"a,b c","limit":{"parameters":["shape","serializer"]},"message":"a, \"b c\" do not apply to GET /samples/:count; valid parameters: shape, serializer"}`,
	}
	for target, want := range cases {
		_, r := ParseQuery(target, SamplesQuery)
		if r == nil || body(r) != want {
			t.Errorf("ParseQuery(%q) = %v, want %s", target, r, want)
		}
	}
	q, r := ParseQuery("/samples/1?shape=te%78t&serializer=", SamplesQuery)
	if r != nil || q["shape"] != "text" || q["serializer"] != "" {
		t.Errorf("ParseQuery decoded %v, %v", q, r)
	}
}

func TestParseShape(t *testing.T) {
	name := "nope"
	_, r := ParseShape(registry, &name)
	want := `{"statusCode":400,"error":"Bad Request","parameter":"shape","limit":{"shapes":["row","numeric","text","nested","binary"]},"message":"unknown shape \"nope\": valid shapes are row, numeric, text, nested, binary"}`
	if r == nil || body(r) != want {
		t.Errorf("ParseShape(nope) = %v, want %s", r, want)
	}
	if s, r := ParseShape(registry, nil); r != nil || s.Name != "row" {
		t.Errorf("ParseShape(absent) = %v, %v, want row", s, r)
	}
}

var streamLimits = StreamLimits{MaxStreamRows: 100_000_000, MaxRows: 1_000_000, DefaultChunkRows: 1000, BufferBytes: 64 << 20}

func TestParseStreamParams(t *testing.T) {
	str := func(s string) *string { return &s }
	p, r := ParseStreamParams("31", str("7"), str("5"), streamLimits, registry[0])
	if r != nil || p != (StreamParams{Count: 31, ChunkRows: 7, Offset: 5}) {
		t.Errorf("ParseStreamParams = %+v, %v", p, r)
	}
	cases := []struct {
		count         string
		chunk, offset *string
		want          string
	}{
		{"100000001", nil, nil, `{"statusCode":400,"error":"Bad Request","parameter":"count","limit":100000000,"message":"count must be an integer from 0 to 100000000, got \"100000001\""}`},
		{"10", str("0"), nil, `{"statusCode":400,"error":"Bad Request","parameter":"chunk","limit":1000000,"message":"chunk must be an integer from 1 to 1000000, got \"0\""}`},
		{"10", nil, str("2147483640"), `{"statusCode":400,"error":"Bad Request","parameter":"offset","limit":2147483638,"message":"offset must be an integer from 0 to 2147483638 (the last row number, offset + count - 1, must fit in an int32), got \"2147483640\""}`},
	}
	for _, c := range cases {
		_, r := ParseStreamParams(c.count, c.chunk, c.offset, streamLimits, registry[0])
		if r == nil || body(r) != c.want {
			t.Errorf("ParseStreamParams(%s) = %v, want %s", c.count, r, c.want)
		}
	}
}

func TestChunkBudgetProblem(t *testing.T) {
	want := "chunk must be at most 10 here: a chunk of 20 rows may encode to 2000 bytes, more than a stream may hold " +
		"(STREAM_BUFFER_BYTES, 1000)"
	if got := ChunkBudgetProblem("chunk", 20, 100, 1000); got != want {
		t.Errorf("ChunkBudgetProblem = %q, want %q", got, want)
	}
	if got := ChunkBudgetProblem("chunk", 10, 100, 1000); got != "" {
		t.Errorf("ChunkBudgetProblem(fits) = %q", got)
	}
}

func TestGrpcProblems(t *testing.T) {
	if got, want := GetRowsProblem(-1, 1_000_000), "count must be an integer from 0 to 1000000 (MAX_ROWS), got -1"; got != want {
		t.Errorf("GetRowsProblem = %q, want %q", got, want)
	}
	cases := []struct {
		count, offset, chunk int32
		want                 string
	}{
		{-5, 0, 10, "count must be an integer from 0 to 100000000 (MAX_STREAM_ROWS), got -5"},
		{10, 0, 0, "chunk_rows must be an integer from 1 to 1000000 (MAX_ROWS), got 0"},
		{10, 2147483640, 5, "offset must be an integer from 0 with offset + count - 1 at most 2147483647 (rowNum is an int32), got offset 2147483640 and count 10"},
		{10, 0, 5, ""},
	}
	for _, c := range cases {
		if got := StreamRowsProblem(c.count, c.offset, c.chunk, streamLimits, registry[0]); got != c.want {
			t.Errorf("StreamRowsProblem(%d, %d, %d) = %q, want %q", c.count, c.offset, c.chunk, got, c.want)
		}
	}
}

func TestInt32WireProblem(t *testing.T) {
	fields := map[uint64]string{1: "count"}
	cases := []struct {
		bytes []byte
		want  string
	}{
		{[]byte{0x08, 0x05}, ""},
		// -1 as protobuf writes an int32: sign-extended to 10 bytes.
		{[]byte{0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, ""},
		// 2^32 + 5, which a decoder alone would read as 5.
		{[]byte{0x08, 0x85, 0x80, 0x80, 0x80, 0x10}, "count: 4294967301 is outside int32 (varint on the wire)"},
		{[]byte{0x08, 0x85}, "count: its varint runs past the end of the request"},
		{[]byte{0x0d, 1, 2, 3, 4}, "count: sent as wire type 5, but an int32 is a varint (wire type 0)"},
		{[]byte{0x00, 0x01}, "request is not a valid GetRowsParam: field number 0 at byte 0"},
		{[]byte{0x12, 0x05, 0x01}, "request is not a valid GetRowsParam: a field runs past the end of its 3 bytes"},
	}
	for _, c := range cases {
		if got := Int32WireProblem(c.bytes, "GetRowsParam", fields); got != c.want {
			t.Errorf("Int32WireProblem(% x) = %q, want %q", c.bytes, got, c.want)
		}
	}
}
