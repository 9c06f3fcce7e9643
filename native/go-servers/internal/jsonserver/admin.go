package jsonserver

import (
	"net/http"
	"regexp"
	"strings"

	"wirebench/goservers/internal/limits"
	"wirebench/goservers/internal/resources"
	"wirebench/goservers/internal/shapes"
)

// The admin routes' start-up text (RESOURCES_AT_HTTP).
const ResourcesAt = "GET /admin/resources, POST /admin/resources/windows, DELETE /admin/resources/windows/:window"

var windowRoute = regexp.MustCompile(`^/admin/resources/windows/([^/]+)/?$`)

// adminRoute is resources-routes.ts: GET /admin/resources (now), POST /admin/resources/windows (201 {window}),
// DELETE /admin/resources/windows/:window (its report, 404 when not open). False when the path is none of them,
// so the caller answers as for any unknown path.
func adminRoute(w http.ResponseWriter, meter *resources.Meter, method, path string) bool {
	clean := strings.ToLower(strings.TrimRight(path, "/"))
	switch {
	case clean == "/admin/resources" && method == http.MethodGet:
		sendJSON(w, 200, meter.Snapshot())
		return true
	case clean == "/admin/resources/windows" && method == http.MethodPost:
		sendJSON(w, 201, limits.Obj("window", meter.Begin()))
		return true
	}
	m := windowRoute.FindStringSubmatch(path)
	if m == nil || method != http.MethodDelete {
		return false
	}
	id, ok := limits.DecodePercent(m[1], false)
	if !ok {
		message := "window " + shapes.JSONString(m[1]) + " has a malformed percent-escape"
		sendJSON(w, 400, limits.Obj("statusCode", 400, "error", "Bad Request", "parameter", "window", "message", message))
		return true
	}
	if report, open := meter.End(id); open {
		sendJSON(w, 200, report)
	} else {
		refuse(w, limits.NotFound("no open window "+m[1]))
	}
	return true
}
