// Package resources is libs/resources' ResourceMeter for a Go process: CPU time and peak RSS over windows a client
// opens and closes, and the process now, for GET /admin/resources and wirebench.admin.Admin.
package resources

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"syscall"
)

// cpuMicros is this process's user + system CPU time (every thread) in µs, getrusage's resolution, as
// process.cpuUsage(): whole µs, so differences are exact and ms are µs / 1000 with no float residue.
func cpuMicros() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Sec*1e6 + ru.Utime.Usec + ru.Stime.Sec*1e6 + ru.Stime.Usec
}

func ms(micros int64) float64 { return float64(micros) / 1000 }

// rssBytes is the resident set now (/proc/self/statm, as libuv reads it for process.memoryUsage.rss).
func rssBytes() float64 {
	raw, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	fields := strings.Fields(string(raw))
	if len(fields) < 2 {
		return 0
	}
	pages, _ := strconv.ParseFloat(fields[1], 64)
	return pages * float64(os.Getpagesize())
}

var vmhwm = regexp.MustCompile(`VmHWM:\s+(\d+) kB`)

// readPeak is peak-rss.ts' readPeakRss: VmHWM since start or the last reset, or false off Linux.
func readPeak() (float64, bool) {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	m := vmhwm.FindSubmatch(raw)
	if m == nil {
		return 0, false
	}
	kb, _ := strconv.ParseFloat(string(m[1]), 64)
	return kb * 1024, true
}

// resetPeak is resetPeakRss: VmHWM back to the current RSS; false when not permitted or not Linux.
func resetPeak() bool {
	return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
}

// bootID is the kernel's boot ID, the same in every container and network namespace of this machine; empty where it
// cannot be read.
func bootID() string {
	raw, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(raw))
}
