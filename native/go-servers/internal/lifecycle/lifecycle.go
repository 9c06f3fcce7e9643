// Package lifecycle is what both mains share: reading the configuration, the start-up lines, exiting on a start-up
// error in one line, and waiting for SIGTERM / SIGINT (bootstrap's run-with-workers and exit-on-startup-error).
package lifecycle

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"wirebench/goservers/internal/config"
	"wirebench/goservers/internal/resources"
	"wirebench/goservers/internal/shapes"
)

// Start reads the configuration; a bad variable ends the process with its one line and status 2, as a Node app's.
func Start(app string) config.Config {
	c, err := config.Load()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", app, err)
		os.Exit(2)
	}
	return c
}

// Meter is the process's resource meter, or nil when SERVER_RESOURCES does not allow it on this bind.
func Meter(c config.Config, host string, registry []*shapes.Shape) *resources.Meter {
	if on, _ := c.ResourcesEnabled(host); !on {
		return nil
	}
	settings := map[string]int32{}
	for _, s := range registry {
		if s.Setting != nil {
			settings[s.Setting.Variable] = int32(s.Setting.Value)
		}
	}
	return resources.NewMeter(settings)
}

// Listening prints the two start-up lines of the Node servers: where it listens, and whether it reports its
// resources (and why). The launcher waits for the port itself; these are for people.
func Listening(app, where, resourcesAt string, c config.Config, host string) {
	on, why := c.ResourcesEnabled(host)
	state, at := "off", ""
	if on {
		state, at = "on", ": "+resourcesAt
	}
	fmt.Printf("%s listening on %s\n%s: server resources report %s (%s)%s\n", app, where, app, state, why, at)
}

// ExitOnListenError ends the process with one line naming the address, as exitOnStartupError does.
func ExitOnListenError(app, address string, err error) {
	why := err.Error()
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		why = "the address is already in use (another server on that port?)"
	case errors.Is(err, syscall.EACCES):
		why = "permission denied (a port below 1024?)"
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		why = "the address is not one of this machine's"
	}
	fmt.Fprintf(os.Stderr, "%s: cannot listen on %s: %s\n", app, address, why)
	os.Exit(1)
}

// WaitForStop blocks until SIGTERM or SIGINT.
func WaitForStop() {
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	<-stop
}
