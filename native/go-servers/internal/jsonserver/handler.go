package jsonserver

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"wirebench/goservers/internal/budget"
	"wirebench/goservers/internal/limits"
	"wirebench/goservers/internal/resources"
	"wirebench/goservers/internal/shapes"
)

// The bare server's two routes; like Express they ignore case and a trailing slash.
var (
	samplesRoute = regexp.MustCompile(`(?i)^/(?:samples|server-a)/([^/]+)/?$`)
	streamRoute  = regexp.MustCompile(`(?i)^/samples/([^/]+)/stream/?$`)
)

// Handler answers every request; it is the whole server, with no mux, so paths are matched as sent (ServeMux would
// clean and redirect them) in the order handle-request.ts matches them.
type Handler struct {
	Registry []*shapes.Shape
	MaxRows  int
	Stream   limits.StreamLimits
	Budget   *budget.Budget
	// Meter is nil when SERVER_RESOURCES is off: the admin paths are then 404 like any unknown path.
	Meter *resources.Meter
	// lane lets one large reply be built at a time (BuildLane): building is CPU work either way, and a caller that
	// left while it waited is seen before its reply is built.
	lane chan struct{}
}

// NewHandler is a Handler with its lane.
func NewHandler(h Handler) *Handler {
	h.lane = make(chan struct{}, 1)
	return &h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	target := r.RequestURI
	path := target
	if at := strings.IndexByte(target, '?'); at >= 0 {
		path = target[:at]
	}
	if m := streamRoute.FindStringSubmatch(path); m != nil && r.Method == http.MethodGet {
		h.stream(w, r, target, decodeParam(m[1]))
		return
	}
	if h.Meter != nil && adminRoute(w, h.Meter, r.Method, path) {
		return
	}
	m := samplesRoute.FindStringSubmatch(path)
	if m == nil {
		refuse(w, limits.NotFound(fmt.Sprintf("Cannot %s %s", r.Method, path)))
		return
	}
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", "GET")
		sendJSON(w, 405, limits.Obj("statusCode", 405, "error", "Method Not Allowed",
			"message", r.Method+" is not allowed, only GET"))
		return
	}
	h.unary(w, r, target, decodeParam(m[1]))
}

// decodeParam is how Express hands over a route parameter: percent-decoded, or as sent when the escape is malformed.
func decodeParam(raw string) string {
	if decoded, ok := limits.DecodePercent(raw, false); ok {
		return decoded
	}
	return raw
}

// optional is a query parameter's value, nil when absent.
func optional(query map[string]string, name string) *string {
	if v, ok := query[name]; ok {
		return &v
	}
	return nil
}

// shapeOf is both routes' shape and serializer parameters: the shape asked for (the article's row when absent), or
// the refusal of the first that is wrong (a serializer is always refused: encoding/json is the only writer).
func (h *Handler) shapeOf(query map[string]string) (*shapes.Shape, *limits.Refusal) {
	shape, refusal := limits.ParseShape(h.Registry, optional(query, "shape"))
	if refusal == nil {
		refusal = limits.Serializer(optional(query, "serializer"))
	}
	return shape, refusal
}
