package shapes

import (
	"wirebench/goservers/gen/shapespb"

	"google.golang.org/protobuf/types/known/timestamppb"
)

// 2026-01-01T00:00:00Z: the fixed origin of numeric.shape.ts.
const epochSeconds = 1_767_225_600

var healthNames = []string{"HEALTH_UNSPECIFIED", "HEALTH_OK", "HEALTH_DEGRADED", "HEALTH_FAILED"}

// Rows cycle through whole seconds, milliseconds, microseconds and nanoseconds.
var nanosStep = []int32{0, 1_000_000, 1000, 1}

// numericValues is numericRow(i) with the proto's own types; both forms below are made from it.
type numericValues struct {
	rowNum                                         int32
	seconds                                        int64
	nanos                                          int32
	deviceID                                       int64
	sequence                                       uint64
	uptimeMs                                       int64
	errorCount                                     uint32
	rssiDbm                                        int32
	temperatureC, pressureHpa, latitude, longitude float64
	// Multiples of 1/64 below 100: exact in a float32, so the float64 and float32 of each are the same number.
	voltage, currentA, humidity float64
	charging                    bool
	health                      int32
}

func numericOf(i int) numericValues {
	return numericValues{
		rowNum:       int32(i),
		seconds:      epochSeconds + int64(i),
		nanos:        int32(Mix32(i, 1)%1000) * nanosStep[i%4],
		deviceID:     4_000_000_000_000_000_000 + int64(Mix32(i, 2))*1_000_000_007,
		sequence:     18_000_000_000_000_000_000 + uint64(i),
		uptimeMs:     int64(i)*1000 + int64(Mix32(i, 3)%1000),
		errorCount:   Mix32(i, 4) % 50,
		rssiDbm:      -30 - int32(Mix32(i, 5)%70),
		temperatureC: (float64(Mix32(i, 6)%8000) - 2000) / 100,
		pressureHpa:  950 + float64(Mix32(i, 7)%10_000)/100,
		latitude:     float64(Mix32(i, 8)%180_000_000)/1e6 - 90,
		longitude:    float64(Mix32(i, 9)%360_000_000)/1e6 - 180,
		voltage:      3 + float64(Mix32(i, 10)%64)/64,
		currentA:     float64(Mix32(i, 11)%1024) / 64,
		humidity:     float64(Mix32(i, 12)%6400) / 64,
		charging:     Mix32(i, 13)&1 == 1,
		health:       int32(Mix32(i, 14) % uint32(len(healthNames))),
	}
}

// NumericJSON is a NumericRow's proto3 JSON form as the Node servers write it: 64-bit integers as strings, the
// Timestamp as RFC 3339, the enum by name. The float fields are float64 because Node writes the double it holds,
// which for these values is also the float32's shortest text.
type NumericJSON struct {
	RowNum       int32   `json:"rowNum"`
	TakenAt      string  `json:"takenAt"`
	DeviceID     int64   `json:"deviceId,string"`
	Sequence     uint64  `json:"sequence,string"`
	UptimeMs     int64   `json:"uptimeMs,string"`
	ErrorCount   uint32  `json:"errorCount"`
	RssiDbm      int32   `json:"rssiDbm"`
	TemperatureC float64 `json:"temperatureC"`
	PressureHpa  float64 `json:"pressureHpa"`
	Latitude     float64 `json:"latitude"`
	Longitude    float64 `json:"longitude"`
	Voltage      float64 `json:"voltage"`
	CurrentA     float64 `json:"currentA"`
	Humidity     float64 `json:"humidity"`
	Charging     bool    `json:"charging"`
	Health       string  `json:"health"`
}

// NumericJSONOf is row i of `numeric` in its JSON form.
func NumericJSONOf(i int) NumericJSON {
	v := numericOf(i)
	return NumericJSON{
		RowNum: v.rowNum, TakenAt: TimestampJSON(v.seconds, v.nanos), DeviceID: v.deviceID, Sequence: v.sequence,
		UptimeMs: v.uptimeMs, ErrorCount: v.errorCount, RssiDbm: v.rssiDbm, TemperatureC: v.temperatureC,
		PressureHpa: v.pressureHpa, Latitude: v.latitude, Longitude: v.longitude, Voltage: v.voltage,
		CurrentA: v.currentA, Humidity: v.humidity, Charging: v.charging, Health: healthNames[v.health],
	}
}

// NumericProtoOf is row i of `numeric` as its message.
func NumericProtoOf(i int) *shapespb.NumericRow {
	v := numericOf(i)
	return &shapespb.NumericRow{
		RowNum: v.rowNum, TakenAt: &timestamppb.Timestamp{Seconds: v.seconds, Nanos: v.nanos}, DeviceId: v.deviceID,
		Sequence: v.sequence, UptimeMs: v.uptimeMs, ErrorCount: v.errorCount, RssiDbm: v.rssiDbm,
		TemperatureC: v.temperatureC, PressureHpa: v.pressureHpa, Latitude: v.latitude, Longitude: v.longitude,
		Voltage: float32(v.voltage), CurrentA: float32(v.currentA), Humidity: float32(v.humidity),
		Charging: v.charging, Health: shapespb.Health(v.health),
	}
}
