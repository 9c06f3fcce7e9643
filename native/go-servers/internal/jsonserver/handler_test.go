package jsonserver

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"wirebench/goservers/internal/budget"
	"wirebench/goservers/internal/limits"
	"wirebench/goservers/internal/resources"
	"wirebench/goservers/internal/shapes"
)

func server(meter *resources.Meter) *httptest.Server {
	return httptest.NewServer(NewHandler(Handler{
		Registry: shapes.Registry(shapes.DefaultBlobBytes),
		MaxRows:  1_000_000,
		Stream:   limits.StreamLimits{MaxStreamRows: 100_000_000, MaxRows: 1_000_000, DefaultChunkRows: 1000, BufferBytes: 64 << 20},
		Budget:   budget.New(512 << 20),
		Meter:    meter,
	}))
}

func get(t *testing.T, method, url string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(method, url, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

var serverTiming = regexp.MustCompile(`^generate;dur=[0-9.]+, serialize;dur=[0-9.]+$`)

func TestUnaryRows(t *testing.T) {
	s := server(nil)
	defer s.Close()
	res, body := get(t, "GET", s.URL+"/samples/2")
	want := `{"samples":[{"rowNum":0,"columnA":"columnA0","columnB":"columnB0","columnC":"columnC0","columnD":"columnD0",` +
		`"columnE":"columnE0","columnF":"columnF0","columnG":"columnG0","columnH":"columnH0","columnI":"columnI0",` +
		`"columnJ":"columnJ0"},{"rowNum":1,"columnA":"columnA1","columnB":"columnB1","columnC":"columnC1",` +
		`"columnD":"columnD1","columnE":"columnE1","columnF":"columnF1","columnG":"columnG1","columnH":"columnH1",` +
		`"columnI":"columnI1","columnJ":"columnJ1"}]}`
	if res.StatusCode != 200 || body != want {
		t.Errorf("GET /samples/2 = %d %s", res.StatusCode, body)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	if st := res.Header.Get("Server-Timing"); !serverTiming.MatchString(st) {
		t.Errorf("Server-Timing %q", st)
	}
	if _, body := get(t, "GET", s.URL+"/SERVER-A/0/?shape=text"); body != `{"rows":[]}` {
		t.Errorf("GET /SERVER-A/0/?shape=text = %s", body)
	}
}

func TestStreamTrailer(t *testing.T) {
	s := server(nil)
	defer s.Close()
	res, body := get(t, "GET", s.URL+"/samples/5/stream?chunk=2&offset=3&shape=numeric")
	lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	if res.StatusCode != 200 || len(lines) != 5 || !strings.HasPrefix(lines[0], `{"rowNum":3,`) {
		t.Fatalf("stream = %d %q", res.StatusCode, body)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/x-ndjson" {
		t.Errorf("Content-Type %q", ct)
	}
	if st := res.Trailer.Get("Server-Timing"); !regexp.MustCompile(`^generate;dur=[0-9.]+, serialize;dur=[0-9.]+, send;dur=[0-9.]+$`).MatchString(st) {
		t.Errorf("trailer %q", st)
	}
}

func TestRefusals(t *testing.T) {
	s := server(nil)
	defer s.Close()
	cases := []struct {
		method, path string
		status       int
		body         string
	}{
		{"GET", "/x", 404, `{"statusCode":404,"error":"Not Found","message":"Cannot GET /x"}`},
		{"GET", "/admin/resources", 404, `{"statusCode":404,"error":"Not Found","message":"Cannot GET /admin/resources"}`},
		{"POST", "/samples/1", 405, `{"statusCode":405,"error":"Method Not Allowed","message":"POST is not allowed, only GET"}`},
		{"GET", "/samples/1?serializer=fjs", 400, `{"statusCode":400,"error":"Bad Request","parameter":"serializer","limit":{"serializers":[]},"message":"unknown JSON serializer \"fjs\": the Go JSON server writes with encoding/json only, so it takes no serializer parameter"}`},
		{"GET", "/samples/1000000?shape=binary", 400, `{"statusCode":400,"error":"Bad Request","message":"this reply may take up to 5280.5 MiB (5537000011 bytes), more than the server's MAX_INFLIGHT_BYTES (536870912 bytes): ask for fewer rows, or use a streaming variant","parameter":"MAX_INFLIGHT_BYTES","limit":536870912}`},
	}
	for _, c := range cases {
		res, body := get(t, c.method, s.URL+c.path)
		if res.StatusCode != c.status || body != c.body {
			t.Errorf("%s %s = %d %s, want %d %s", c.method, c.path, res.StatusCode, body, c.status, c.body)
		}
		if c.status == 405 && res.Header.Get("Allow") != "GET" {
			t.Errorf("405 without Allow: GET")
		}
	}
}

func TestAdminRoutes(t *testing.T) {
	s := server(resources.NewMeter(map[string]int32{"BINARY_BLOB_BYTES": 4096}))
	defer s.Close()
	if res, body := get(t, "GET", s.URL+"/admin/resources/"); res.StatusCode != 200 ||
		!regexp.MustCompile(`^\{"cpuMs":[0-9.]+,"rssBytes":[0-9]+,"peakRssBytes":([0-9]+|null),"openWindows":0,"pid":[0-9]+,"workers":1,"nodeVersion":"go[^"]+","v8Version":"","shapeSettings":\{"BINARY_BLOB_BYTES":4096\}\}$`).MatchString(body) {
		t.Errorf("snapshot = %d %s", res.StatusCode, body)
	}
	if res, body := get(t, "POST", s.URL+"/admin/resources/windows"); res.StatusCode != 201 || body != `{"window":"1"}` {
		t.Errorf("begin = %d %s", res.StatusCode, body)
	}
	if res, body := get(t, "DELETE", s.URL+"/admin/resources/windows/1"); res.StatusCode != 200 ||
		!regexp.MustCompile(`^\{"cpuMs":[0-9.]+,"peakRssBytes":[0-9]+,"peakRssSource":"(vmhwm|sampled)","overlapped":false,"pid":[0-9]+,"workers":1,"bootId":"[0-9a-f-]*"\}$`).MatchString(body) {
		t.Errorf("end = %d %s", res.StatusCode, body)
	}
	if res, body := get(t, "DELETE", s.URL+"/admin/resources/windows/1"); res.StatusCode != 404 ||
		body != `{"statusCode":404,"error":"Not Found","message":"no open window 1"}` {
		t.Errorf("end again = %d %s", res.StatusCode, body)
	}
}
