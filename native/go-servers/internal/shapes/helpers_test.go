package shapes

import (
	"bytes"
	"encoding/json"
)

type bytesBuffer struct{ bytes.Buffer }

func (b *bytesBuffer) trimmed() []byte { return bytes.TrimSuffix(b.Bytes(), []byte("\n")) }

func newEncoder(b *bytesBuffer) *json.Encoder {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	return enc
}
