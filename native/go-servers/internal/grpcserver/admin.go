package grpcserver

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"wirebench/goservers/gen/adminpb"
	"wirebench/goservers/internal/resources"
)

// AdminService is the name for the start-up line.
const AdminService = "wirebench.admin.Admin"

// admin is wirebench.admin.Admin answering from the process's meter (admin-service.ts), registered only when
// SERVER_RESOURCES allows it, so that a server without it answers UNIMPLEMENTED.
type admin struct {
	adminpb.UnimplementedAdminServer
	meter *resources.Meter
}

func (a admin) Resources(context.Context, *adminpb.ResourcesRequest) (*adminpb.ResourceSnapshot, error) {
	s := a.meter.Snapshot()
	reply := &adminpb.ResourceSnapshot{
		CpuMs: s.CPUMs, RssBytes: s.RSSBytes, OpenWindows: s.OpenWindows, Pid: s.PID, Workers: s.Workers,
		NodeVersion: s.NodeVersion, V8Version: s.V8Version, ShapeSettings: s.ShapeSettings,
	}
	if s.PeakRSSBytes != nil {
		reply.PeakRssBytes = *s.PeakRSSBytes
	}
	return reply, nil
}

func (a admin) BeginWindow(context.Context, *adminpb.BeginWindowRequest) (*adminpb.Window, error) {
	return &adminpb.Window{Window: a.meter.Begin()}, nil
}

func (a admin) EndWindow(_ context.Context, w *adminpb.Window) (*adminpb.ResourceReport, error) {
	r, open := a.meter.End(w.Window)
	if !open {
		return nil, status.Error(codes.NotFound, "no open window "+w.Window)
	}
	return &adminpb.ResourceReport{
		CpuMs: r.CPUMs, PeakRssBytes: r.PeakRSSBytes, PeakRssSource: r.PeakRSSSource, Overlapped: r.Overlapped,
		Pid: r.PID, Workers: r.Workers, BootId: r.BootID,
	}, nil
}
