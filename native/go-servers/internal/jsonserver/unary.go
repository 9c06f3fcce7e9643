package jsonserver

import (
	"net/http"
	"strconv"

	"wirebench/goservers/internal/limits"
	"wirebench/goservers/internal/timing"
)

// largeReplyRows is LARGE_REPLY_ROWS: replies above it take turns in the lane.
const largeReplyRows = 10_000

// unary is `GET /samples/:count?shape=`: the checks in the Node server's order, the reservation, then the body with
// its Server-Timing header (generate: the rows in JSON form; serialize: encoding/json).
func (h *Handler) unary(w http.ResponseWriter, r *http.Request, target, count string) {
	query, refusal := limits.ParseQuery(target, limits.SamplesQuery)
	if refusal != nil {
		refuse(w, refusal)
		return
	}
	n, refusal := limits.ParseCount(count, h.MaxRows)
	if refusal != nil {
		refuse(w, refusal)
		return
	}
	shape, refusal := h.shapeOf(query)
	if refusal != nil {
		refuse(w, refusal)
		return
	}
	bound := jsonReplyBytes(shape, n)
	release := admit(w, h.Budget, bound)
	if release == nil {
		return
	}
	defer release()
	ctx := r.Context()
	if n > largeReplyRows {
		select {
		case h.lane <- struct{}{}:
			defer func() { <-h.lane }()
		case <-ctx.Done():
			return // the caller left while it waited: nothing is built
		}
	}
	body, phases := replyBody(ctx, shape, n, bound)
	if body == nil {
		return
	}
	w.Header().Set("Server-Timing", timing.Format(phases))
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	sendJSONBytes(w, 200, body)
}
