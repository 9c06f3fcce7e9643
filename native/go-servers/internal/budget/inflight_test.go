package budget

import "testing"

func TestReserveAndDescribe(t *testing.T) {
	b := New(3 << 20)
	release, refusal := b.Reserve(2 << 20)
	if refusal != nil {
		t.Fatalf("refused %+v", refusal)
	}
	_, busy := b.Reserve(1<<20 + 1)
	want := "server busy: replies in flight hold 2.0 MiB of MAX_INFLIGHT_BYTES (3.0 MiB) and this one needs up to " +
		"1.0 MiB; retry when they are done"
	if busy == nil || busy.TooLarge || busy.Describe() != want {
		t.Errorf("busy = %+v, want %q", busy, want)
	}
	release()
	release() // once only
	if _, r := b.Reserve(3 << 20); r != nil {
		t.Errorf("after release: refused %+v", r)
	}
	_, large := New(1 << 20).Reserve(1<<18 + 3<<20)
	want = "this reply may take up to 3.3 MiB (3407872 bytes), more than the server's MAX_INFLIGHT_BYTES (1048576 " +
		"bytes): ask for fewer rows, or use a streaming variant"
	if large == nil || !large.TooLarge || large.Describe() != want {
		t.Errorf("too large = %+v, want %q", large, want)
	}
}

// toFixed(1) rounds a tie up: 0.25 MiB is "0.3", where %.1f would write "0.2".
func TestMibRoundsTiesUp(t *testing.T) {
	if got := mib(1 << 18); got != "0.3 MiB" {
		t.Errorf("mib(0.25 MiB) = %q", got)
	}
}
