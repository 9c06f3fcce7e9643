package jsonserver

import (
	"crypto/tls"
	"net/http"

	"wirebench/goservers/internal/config"
)

// NewServer is an HTTP/1.1 server with the Node servers' timeouts (http-server-options.ts): a request must arrive
// whole within HTTP_REQUEST_TIMEOUT_MS and its head within HTTP_HEADERS_TIMEOUT_MS; an idle kept-alive connection
// closes after HTTP_KEEP_ALIVE_TIMEOUT_MS. No write timeout: a long stream to a slow reader is what it serves.
func NewServer(c config.Config, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              config.ListenAddress(c.JSONHost, c.JSONPort),
		Handler:           h,
		ReadHeaderTimeout: c.HTTPHeadersTimeout,
		ReadTimeout:       c.HTTPRequestTimeout,
		IdleTimeout:       c.HTTPKeepAliveTimeout,
		// Requests are GETs of a path and a short query; Node's own header limit is 16 KiB.
		MaxHeaderBytes: 16 << 10,
		// HTTP/1.1 only, as the bare server: no h2 over TLS (there is no TLS) and no h2c.
		TLSNextProto: map[string]func(*http.Server, *tls.Conn, http.Handler){},
	}
}
