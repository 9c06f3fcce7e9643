package config

import (
	"testing"
	"time"
)

func env(vars map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) { v, ok := vars[name]; return v, ok }
}

func TestDefaults(t *testing.T) {
	c, err := load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.JSONPort != 3031 || c.GRPCPort != 3032 || c.JSONHost != "127.0.0.1" || c.MaxRows != 1_000_000 ||
		c.StreamChunkRows != 1000 || c.BinaryBlobBytes != 4096 || c.HTTPHeadersTimeout != 10*time.Second ||
		c.GRPCMaxMessageBytes != 1<<30 || c.ServerResources != "auto" {
		t.Errorf("defaults %+v", c)
	}
	if on, why := c.ResourcesEnabled("127.0.0.1"); !on || why != "bound to loopback 127.0.0.1" {
		t.Errorf("loopback: %v %q", on, why)
	}
	if on, _ := c.ResourcesEnabled("0.0.0.0"); on {
		t.Errorf("0.0.0.0 reports resources under auto")
	}
}

func TestInvalid(t *testing.T) {
	_, err := load(env(map[string]string{"BINARY_BLOB_BYTES": "0"}))
	if err == nil || err.Error() != `invalid BINARY_BLOB_BYTES="0": must be an integer from 1 to 1048576` {
		t.Errorf("err %v", err)
	}
	c, err := load(env(map[string]string{"MAX_ROWS": "500", "GO_JSON_SERVER_PORT": " 4000 "}))
	if err != nil || c.StreamChunkRows != 500 || c.JSONPort != 4000 {
		t.Errorf("%+v %v", c, err)
	}
}
