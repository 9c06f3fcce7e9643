// Package limits holds every check the Node servers make before serving, with their messages and 400 bodies word
// for word (libs/serving parse-*, libs/grpc *-param.ts), so a client sees the same refusal from either family.
package limits

import (
	"bytes"

	"wirebench/goservers/internal/shapes"
)

// Field is one key of a JSON object.
type Field struct {
	Key   string
	Value any
}

// Object is a JSON object whose keys keep their order, as a JavaScript object literal's do: the 400 bodies' key
// orders differ (ParseCountPipe's, the budget's), and encoding/json would sort a map's.
type Object []Field

// MarshalJSON writes the fields in order.
func (o Object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for k, f := range o {
		if k > 0 {
			b.WriteByte(',')
		}
		b.Write(shapes.JSONText(f.Key))
		b.WriteByte(':')
		b.Write(shapes.JSONText(f.Value))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Refusal is an HTTP status and its JSON body.
type Refusal struct {
	Status int
	Body   Object
}

// BadRequest is ParseCountPipe's body: statusCode, error, parameter, limit, message.
func BadRequest(parameter string, limit any, message string) *Refusal {
	return &Refusal{Status: 400, Body: Object{
		{"statusCode", 400}, {"error", "Bad Request"}, {"parameter", parameter}, {"limit", limit}, {"message", message},
	}}
}

// NotFound is Nest's 404 body, which the bare server copies.
func NotFound(message string) *Refusal {
	return &Refusal{Status: 404, Body: Object{{"statusCode", 404}, {"error", "Not Found"}, {"message", message}}}
}

// Obj is an Object from alternating keys and values, for callers outside this package.
func Obj(keyValues ...any) Object {
	o := make(Object, 0, len(keyValues)/2)
	for k := 0; k+1 < len(keyValues); k += 2 {
		o = append(o, Field{keyValues[k].(string), keyValues[k+1]})
	}
	return o
}
