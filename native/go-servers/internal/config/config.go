package config

import (
	"net"
	"strings"
	"time"
)

// The defaults of load-config.ts' DEFAULTS that the Go servers use.
const (
	defaultHost              = "127.0.0.1"
	defaultJSONPort          = 3031
	defaultGRPCPort          = 3032
	defaultMaxRows           = 1_000_000
	defaultMaxStreamRows     = 100_000_000
	defaultStreamChunkRows   = 1000
	defaultGRPCMaxMessage    = 1 << 30
	defaultMaxInflightBytes  = 512 << 20
	defaultMaxRequestBytes   = 64 << 10
	defaultStreamBufferBytes = 64 << 20
	defaultBlobBytes         = 4096
	maxBlobBytes             = 1 << 20
	int32Max                 = 1<<31 - 1
	hour                     = 3_600_000
)

// Config is what both Go servers read.
type Config struct {
	JSONHost, GRPCHost string
	JSONPort, GRPCPort int

	MaxRows, MaxStreamRows, StreamChunkRows int
	// MAX_INFLIGHT_BYTES, STREAM_BUFFER_BYTES, MAX_REQUEST_BYTES: the memory budget of replies in flight.
	MaxInflightBytes, StreamBufferBytes, MaxRequestBytes int
	GRPCMaxMessageBytes                                  int

	HTTPRequestTimeout, HTTPHeadersTimeout, HTTPKeepAliveTimeout time.Duration
	GRPCHandshake, GRPCIdle, GRPCKeepaliveTime, GRPCKeepalive    time.Duration

	BinaryBlobBytes int
	// ServerResources is SERVER_RESOURCES: auto (on for a loopback bind), on or off.
	ServerResources string
}

// Load reads the environment of this process.
func Load() (Config, error) { return load(osLookup) }

func load(lookup func(string) (string, bool)) (Config, error) {
	r := &reader{lookup: lookup}
	ms := func(name string, fallback, min, max int) time.Duration {
		return time.Duration(r.Int(name, fallback, min, max)) * time.Millisecond
	}
	c := Config{
		JSONHost: r.Host("JSON_SERVER_HOST", defaultHost),
		JSONPort: r.Int("GO_JSON_SERVER_PORT", defaultJSONPort, 0, 65535),
		GRPCHost: r.Host("GRPC_SERVER_HOST", defaultHost),
		GRPCPort: r.Int("GO_GRPC_SERVER_PORT", defaultGRPCPort, 0, 65535),
	}
	c.MaxRows = r.Int("MAX_ROWS", defaultMaxRows, 1, int32Max)
	c.MaxStreamRows = r.Int("MAX_STREAM_ROWS", defaultMaxStreamRows, 1, int32Max)
	c.StreamChunkRows = r.Int("STREAM_CHUNK_ROWS", min(defaultStreamChunkRows, c.MaxRows), 1, c.MaxRows)
	c.GRPCMaxMessageBytes = r.Int("GRPC_MAX_MESSAGE_BYTES", defaultGRPCMaxMessage, 4<<20, int32Max)
	// A stream's and a request's budgets are part of the server's, as in readServerMemory.
	c.MaxInflightBytes = r.Int("MAX_INFLIGHT_BYTES", defaultMaxInflightBytes, 1<<20, 1<<53-1)
	c.StreamBufferBytes = r.Int("STREAM_BUFFER_BYTES", min(defaultStreamBufferBytes, c.MaxInflightBytes), 64<<10,
		c.MaxInflightBytes)
	c.MaxRequestBytes = r.Int("MAX_REQUEST_BYTES", min(defaultMaxRequestBytes, c.MaxInflightBytes), 1024,
		c.MaxInflightBytes)
	requestMs := r.Int("HTTP_REQUEST_TIMEOUT_MS", 30_000, 1, hour)
	c.HTTPRequestTimeout = time.Duration(requestMs) * time.Millisecond
	c.HTTPHeadersTimeout = ms("HTTP_HEADERS_TIMEOUT_MS", min(10_000, requestMs), 1, requestMs)
	c.HTTPKeepAliveTimeout = ms("HTTP_KEEP_ALIVE_TIMEOUT_MS", 5_000, 1, hour)
	c.GRPCHandshake = ms("GRPC_HANDSHAKE_TIMEOUT_MS", 10_000, 1, hour)
	c.GRPCIdle = ms("GRPC_IDLE_TIMEOUT_MS", 30_000, 1, hour)
	c.GRPCKeepaliveTime = ms("GRPC_KEEPALIVE_TIME_MS", 300_000, 1, hour)
	c.GRPCKeepalive = ms("GRPC_KEEPALIVE_TIMEOUT_MS", 120_000, 1, hour)
	c.BinaryBlobBytes = r.Int("BINARY_BLOB_BYTES", defaultBlobBytes, 1, maxBlobBytes)
	c.ServerResources = r.Choice("SERVER_RESOURCES", "auto", "auto", "on", "off")
	return c, r.err
}

// ResourcesEnabled is server-resources-enabled.ts: auto is on only for a loopback bind, so a server reachable from
// other hosts reports itself only when told to. The reason goes in the start-up line.
func (c Config) ResourcesEnabled(host string) (bool, string) {
	switch c.ServerResources {
	case "on":
		return true, "SERVER_RESOURCES=on"
	case "off":
		return false, "SERVER_RESOURCES=off"
	}
	h := strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if isLoopback(h) {
		return true, "bound to loopback " + host
	}
	return false, "bound to " + host + ", not loopback; SERVER_RESOURCES=on enables it"
}

// isLoopback is host-port-of.ts' isLoopback: localhost, ::1 or 127.x.y.z (a name is not resolved).
func isLoopback(h string) bool {
	if h == "localhost" || h == "::1" {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.To4() != nil && ip.To4()[0] == 127 && strings.Count(h, ".") == 3
}

// ListenAddress is host:port with an IPv6 literal bracketed.
func ListenAddress(host string, port int) string {
	h := strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return net.JoinHostPort(h, itoa(port))
}
