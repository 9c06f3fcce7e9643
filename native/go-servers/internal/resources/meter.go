package resources

import (
	"os"
	"runtime"
	"strconv"
	"sync"
	"time"
)

// Report is ResourceReport: one window's figures, in the JSON key order of the Node servers.
type Report struct {
	CPUMs         float64 `json:"cpuMs"`
	PeakRSSBytes  float64 `json:"peakRssBytes"`
	PeakRSSSource string  `json:"peakRssSource"`
	Overlapped    bool    `json:"overlapped"`
	PID           int32   `json:"pid"`
	Workers       int32   `json:"workers"`
	// BootID is the kernel's boot ID (boot-id.ts): a client with the same one counts this CPU as the run's own.
	BootID string `json:"bootId"`
}

// Snapshot is ResourceSnapshot. NodeVersion holds the Go runtime's version (go1.26.8), the runtime that serves,
// and V8Version is empty; PeakRSSBytes is null where VmHWM cannot be read.
type Snapshot struct {
	CPUMs         float64          `json:"cpuMs"`
	RSSBytes      float64          `json:"rssBytes"`
	PeakRSSBytes  *float64         `json:"peakRssBytes"`
	OpenWindows   int32            `json:"openWindows"`
	PID           int32            `json:"pid"`
	Workers       int32            `json:"workers"`
	NodeVersion   string           `json:"nodeVersion"`
	V8Version     string           `json:"v8Version"`
	ShapeSettings map[string]int32 `json:"shapeSettings"`
}

type window struct {
	id         string
	cpu        int64
	vmhwm      bool
	peak       float64
	overlapped bool
}

// Meter is resource-meter.ts' ResourceMeter. On Linux a window's peak is VmHWM, reset when the first window opens
// (the kernel sees every page, so no spike is missed); where the reset fails, rss is sampled every 5 ms while such
// a window is open. A window opened while another is open cannot reset VmHWM (that would lose the other's peak), so
// it is marked overlapped and its peak counts from the earlier start.
type Meter struct {
	mu       sync.Mutex
	windows  []*window // oldest first; at most maxWindows, the oldest dropped past that
	next     int
	settings map[string]int32
	sampler  chan struct{}
}

const (
	maxWindows = 16
	sampleMs   = 5
)

// NewMeter is the process's meter; settings are the shapes' (BINARY_BLOB_BYTES).
func NewMeter(settings map[string]int32) *Meter { return &Meter{next: 1, settings: settings} }

// Begin opens a window: CPU counted from now, peak RSS reset to the current RSS.
func (m *Meter) Begin() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	for len(m.windows) >= maxWindows {
		m.windows = m.windows[1:]
	}
	overlapped := len(m.windows) > 0
	vmhwm := true
	if overlapped {
		for _, w := range m.windows {
			vmhwm = vmhwm && w.vmhwm
		}
	} else {
		vmhwm = resetPeak()
	}
	id := strconv.Itoa(m.next)
	m.next++
	m.windows = append(m.windows, &window{id: id, cpu: cpuMicros(), vmhwm: vmhwm, peak: rssBytes(), overlapped: overlapped})
	if !vmhwm && m.sampler == nil {
		m.sampler = make(chan struct{})
		go m.sample(m.sampler)
	}
	return id
}

// End closes a window and reports it; false when it is not open (never begun, ended, or dropped).
func (m *Meter) End(id string) (Report, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	at := -1
	for k, w := range m.windows {
		if w.id == id {
			at = k
		}
	}
	if at < 0 {
		return Report{}, false
	}
	m.sampleLocked()
	open := m.windows[at]
	m.windows = append(m.windows[:at:at], m.windows[at+1:]...)
	sampled := false
	for _, w := range m.windows {
		sampled = sampled || !w.vmhwm
	}
	if !sampled && m.sampler != nil {
		close(m.sampler)
		m.sampler = nil
	}
	report := Report{CPUMs: ms(cpuMicros() - open.cpu), PeakRSSBytes: open.peak, PeakRSSSource: "sampled",
		Overlapped: open.overlapped, PID: int32(os.Getpid()), Workers: 1, BootID: bootID()}
	if open.vmhwm {
		if hwm, ok := readPeak(); ok {
			report.PeakRSSBytes, report.PeakRSSSource = hwm, "vmhwm"
		}
	}
	return report, true
}

// Snapshot is this process now.
func (m *Meter) Snapshot() Snapshot {
	m.mu.Lock()
	open := len(m.windows)
	m.mu.Unlock()
	s := Snapshot{CPUMs: ms(cpuMicros()), RSSBytes: rssBytes(), OpenWindows: int32(open), PID: int32(os.Getpid()), Workers: 1,
		NodeVersion: runtime.Version(), V8Version: "", ShapeSettings: m.settings}
	if peak, ok := readPeak(); ok {
		s.PeakRSSBytes = &peak
	}
	return s
}

func (m *Meter) sample(stop chan struct{}) {
	tick := time.NewTicker(sampleMs * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
			m.mu.Lock()
			m.sampleLocked()
			m.mu.Unlock()
		}
	}
}

func (m *Meter) sampleLocked() {
	rss := rssBytes()
	for _, w := range m.windows {
		w.peak = max(w.peak, rss)
	}
}
