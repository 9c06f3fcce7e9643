package shapes

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// Rows and bounds as the Node generators give them (libs/shapes, run once with node against dist/ on this commit:
// JSON.stringify(shape.toJson(shape.row(i))) and shape.maxRowBytes(i)). binary's rows are kept as the SHA-256 of
// that text. A difference here is a row a client would fail to verify.

var nodeRows = map[string]map[int]string{
	"row": {
		0:          `{"rowNum":0,"columnA":"columnA0","columnB":"columnB0","columnC":"columnC0","columnD":"columnD0","columnE":"columnE0","columnF":"columnF0","columnG":"columnG0","columnH":"columnH0","columnI":"columnI0","columnJ":"columnJ0"}`,
		1:          `{"rowNum":1,"columnA":"columnA1","columnB":"columnB1","columnC":"columnC1","columnD":"columnD1","columnE":"columnE1","columnF":"columnF1","columnG":"columnG1","columnH":"columnH1","columnI":"columnI1","columnJ":"columnJ1"}`,
		3:          `{"rowNum":3,"columnA":"columnA3","columnB":"columnB3","columnC":"columnC3","columnD":"columnD3","columnE":"columnE3","columnF":"columnF3","columnG":"columnG3","columnH":"columnH3","columnI":"columnI3","columnJ":"columnJ3"}`,
		7:          `{"rowNum":7,"columnA":"columnA7","columnB":"columnB7","columnC":"columnC7","columnD":"columnD7","columnE":"columnE7","columnF":"columnF7","columnG":"columnG7","columnH":"columnH7","columnI":"columnI7","columnJ":"columnJ7"}`,
		12345:      `{"rowNum":12345,"columnA":"columnA12345","columnB":"columnB12345","columnC":"columnC12345","columnD":"columnD12345","columnE":"columnE12345","columnF":"columnF12345","columnG":"columnG12345","columnH":"columnH12345","columnI":"columnI12345","columnJ":"columnJ12345"}`,
		2147483647: `{"rowNum":2147483647,"columnA":"columnA2147483647","columnB":"columnB2147483647","columnC":"columnC2147483647","columnD":"columnD2147483647","columnE":"columnE2147483647","columnF":"columnF2147483647","columnG":"columnG2147483647","columnH":"columnH2147483647","columnI":"columnI2147483647","columnJ":"columnJ2147483647"}`,
	},
	"numeric": {
		0:          `{"rowNum":0,"takenAt":"2026-01-01T00:00:00Z","deviceId":"4454327759180294292","sequence":"18000000000000000000","uptimeMs":"319","errorCount":3,"rssiDbm":-65,"temperatureC":-2.57,"pressureHpa":987.97,"latitude":-2.1407159999999976,"longitude":-14.955025000000006,"voltage":3.75,"currentA":14.421875,"humidity":43.25,"charging":false,"health":"HEALTH_OK"}`,
		1:          `{"rowNum":1,"takenAt":"2026-01-01T00:00:01.336Z","deviceId":"6535364981747554748","sequence":"18000000000000000001","uptimeMs":"1039","errorCount":44,"rssiDbm":-37,"temperatureC":53.94,"pressureHpa":968.72,"latitude":5.411592999999996,"longitude":69.62512699999999,"voltage":3.6875,"currentA":0.875,"humidity":11.828125,"charging":false,"health":"HEALTH_UNSPECIFIED"}`,
		3:          `{"rowNum":3,"takenAt":"2026-01-01T00:00:03.000000934Z","deviceId":"5102698056718886343","sequence":"18000000000000000003","uptimeMs":"3486","errorCount":6,"rssiDbm":-53,"temperatureC":4.1,"pressureHpa":986.95,"latitude":81.699467,"longitude":-178.434012,"voltage":3.359375,"currentA":13.90625,"humidity":15.59375,"charging":true,"health":"HEALTH_OK"}`,
		7:          `{"rowNum":7,"takenAt":"2026-01-01T00:00:07.000000562Z","deviceId":"8286812497007687269","sequence":"18000000000000000007","uptimeMs":"7166","errorCount":49,"rssiDbm":-81,"temperatureC":2.4,"pressureHpa":1032.93,"latitude":-71.411874,"longitude":-159.055835,"voltage":3.6875,"currentA":10.296875,"humidity":79.96875,"charging":false,"health":"HEALTH_FAILED"}`,
		12345:      `{"rowNum":12345,"takenAt":"2026-01-01T03:25:45.533Z","deviceId":"4996137231972960575","sequence":"18000000000000012345","uptimeMs":"12345836","errorCount":2,"rssiDbm":-86,"temperatureC":58.28,"pressureHpa":1001.27,"latitude":-38.994592,"longitude":-177.471549,"voltage":3.921875,"currentA":15.4375,"humidity":39.703125,"charging":false,"health":"HEALTH_UNSPECIFIED"}`,
		2147483647: `{"rowNum":2147483647,"takenAt":"2094-01-19T03:14:07.000000201Z","deviceId":"5510287074572009448","sequence":"18000000002147483647","uptimeMs":"2147483647427","errorCount":8,"rssiDbm":-38,"temperatureC":38.93,"pressureHpa":1013.54,"latitude":83.05639099999999,"longitude":-60.687248999999994,"voltage":3.125,"currentA":15.21875,"humidity":95.546875,"charging":true,"health":"HEALTH_UNSPECIFIED"}`,
	},
	"text": {
		0:          `{"rowNum":0,"title":"Field report #0","author":"Ada Lovelace","language":"fr","body":"Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Árvíztűrő tükörfúrógép a műhely sarkában. Deploy finished 🚀, tests green ✅, coffee ☕ refilled. The quick brown fox jumps over the lazy dog, then writes a \"short\" report about it. 敏捷的棕色狐狸跳过了懒狗，然后回家喝茶。 Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. 敏捷的棕色狐狸跳过了懒狗，然后回家喝茶。 Pójdźże, kiń tę chmurność w głąb flaszy! Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Deploy finished 🚀, tests green ✅, coffee ☕ refilled. 敏捷的棕色狐狸跳过了懒狗，然后回家喝茶。 The quick brown fox jumps over the lazy dog, then writes a \"short\" report about it. Pójdźże, kiń tę chmurność w głąb flaszy! Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter en canoë au-delà des îles. Съешь же ещё этих мягких французских булок, да выпей чаю. The quick brown fox jumps over the lazy dog, then writes a \"short\" report about it. Paths such as C:\\data\\rows and tabs\tstay as they are. いろはにほへと ちりぬるを わかよたれそ つねならむ。 Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter en canoë au-delà des îles. "}`,
		1:          `{"rowNum":1,"title":"Résumé #1","author":"Ada Lovelace","language":"pl","body":"Paths such as C:\\data\\rows and tabs\tstay as they are. いろはにほへと ちりぬるを わかよたれそ つねならむ。 Ñandú ágil, pingüino y cigüeña comparten la misma orilla. 敏捷的棕色狐狸跳过了懒狗，然后回家喝茶。 Pójdźże, kiń tę chmurność w głąb flaszy! The quick brown fox jumps over the lazy dog, then writes a \"short\" report about it. いろはにほへと ちりぬるを わかよたれそ つねならむ。 敏捷的棕色狐狸跳过了懒狗，然后回家喝茶。 Pójdźże, kiń tę chmurność w głąb flaszy! 敏捷的棕色狐狸跳过了懒狗，然后回家喝茶。 Съешь же ещё этих мягких французских булок, да выпей чаю. Paths such as C:\\data\\rows and tabs\tstay as they are. Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. The quick brown fox jumps over the lazy dog, then writes a \"short\" report about it. Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. The quick brown fox jumps over the lazy dog, then writes a \"short\" report about it. Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter en canoë au-delà des îles. Árvíztűrő tükörfúrógép a műhely sarkában. 敏捷的棕色狐狸跳过了懒狗，然后回家喝茶。 Pójdźże, kiń tę chmurność w głąb flaszy! いろはにほへと ちりぬるを わかよたれそ つねならむ。 "}`,
		3:          `{"rowNum":3,"title":"Release notes #3","author":"Søren Kierkegård","language":"el","body":"Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter en canoë au-delà des îles. The quick brown fox jumps over the lazy dog, then writes a \"short\" report about it. Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Deploy finished 🚀, tests green ✅, coffee ☕ refilled. Съешь же ещё этих мягких французских булок, да выпей чаю. Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. Ñandú ágil, pingüino y cigüeña comparten la misma orilla. いろはにほへと ちりぬるを わかよたれそ つねならむ。 Deploy finished 🚀, tests green ✅, coffee ☕ refilled. Pójdźże, kiń tę chmurność w głąb flaszy! いろはにほへと ちりぬるを わかよたれそ つねならむ。 Pójdźże, kiń tę chmurność w głąb flaszy! The quick brown fox jumps over the lazy dog, then writes a \"short\" report about it. Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter en canoë au-delà des îles. "}`,
		7:          `{"rowNum":7,"title":"Release notes #7","author":"Łukasz Żółkiewski","language":"pl","body":"Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter en canoë au-delà des îles. Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Árvíztűrő tükörfúrógép a műhely sarkában. いろはにほへと ちりぬるを わかよたれそ つねならむ。 Pójdźże, kiń tę chmurność w głąb flaszy! 敏捷的棕色狐狸跳过了懒狗，然后回家喝茶。 Ñandú ágil, pingüino y cigüeña comparten la misma orilla. Съешь же ещё этих мягких французских булок, да выпей чаю. The quick brown fox jumps over the lazy dog, then writes a \"short\" report about it. Ñandú ágil, pingüino y cigüeña comparten la misma orilla. Ñandú ágil, pingüino y cigüeña comparten la misma orilla. Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Árvíztűrő tükörfúrógép a műhely sarkában. Paths such as C:\\data\\rows and tabs\tstay as they are. Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter en canoë au-delà des îles. Árvíztűrő tükörfúrógép a műhely sarkában. Pójdźże, kiń tę chmurność w głąb flaszy! Árvíztűrő tükörfúrógép a műhely sarkában. Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Съешь же ещё этих мягких французских булок, да выпей чаю. Ñandú ágil, pingüino y cigüeña comparten la misma orilla. Deploy finished 🚀, tests green ✅, coffee ☕ refilled. "}`,
		12345:      `{"rowNum":12345,"title":"Field report #12345","author":"Søren Kierkegård","language":"hu","body":"Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. Pójdźże, kiń tę chmurność w głąb flaszy! Deploy finished 🚀, tests green ✅, coffee ☕ refilled. Съешь же ещё этих мягких французских булок, да выпей чаю. Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter en canoë au-delà des îles. Paths such as C:\\data\\rows and tabs\tstay as they are. いろはにほへと ちりぬるを わかよたれそ つねならむ。 Deploy finished 🚀, tests green ✅, coffee ☕ refilled. Deploy finished 🚀, tests green ✅, coffee ☕ refilled. Съешь же ещё этих мягких французских булок, да выпей чаю. いろはにほへと ちりぬるを わかよたれそ つねならむ。 Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. Ñandú ágil, pingüino y cigüeña comparten la misma orilla. 敏捷的棕色狐狸跳过了懒狗，然后回家喝茶。 いろはにほへと ちりぬるを わかよたれそ つねならむ。 Pójdźże, kiń tę chmurność w głąb flaszy! Pójdźże, kiń tę chmurność w głąb flaszy! Árvíztűrő tükörfúrógép a műhely sarkában. Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. Ñandú ágil, pingüino y cigüeña comparten la misma orilla. いろはにほへと ちりぬるを わかよたれそ つねならむ。 Ñandú ágil, pingüino y cigüeña comparten la misma orilla. Ñandú ágil, pingüino y cigüeña comparten la misma orilla. "}`,
		2147483647: `{"rowNum":2147483647,"title":"Release notes #2147483647","author":"Иван Петров","language":"zh","body":"いろはにほへと ちりぬるを わかよたれそ つねならむ。 Pójdźże, kiń tę chmurność w głąb flaszy! Paths such as C:\\data\\rows and tabs\tstay as they are. Pójdźże, kiń tę chmurność w głąb flaszy! Paths such as C:\\data\\rows and tabs\tstay as they are. The quick brown fox jumps over the lazy dog, then writes a \"short\" report about it. Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter en canoë au-delà des îles. Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter en canoë au-delà des îles. The quick brown fox jumps over the lazy dog, then writes a \"short\" report about it. Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. Ñandú ágil, pingüino y cigüeña comparten la misma orilla. いろはにほへと ちりぬるを わかよたれそ つねならむ。 Pójdźże, kiń tę chmurność w głąb flaszy! Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. The quick brown fox jumps over the lazy dog, then writes a \"short\" report about it. いろはにほへと ちりぬるを わかよたれそ つねならむ。 Deploy finished 🚀, tests green ✅, coffee ☕ refilled. Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Ñandú ágil, pingüino y cigüeña comparten la misma orilla. Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter en canoë au-delà des îles. いろはにほへと ちりぬるを わかよたれそ つねならむ。 Paths such as C:\\data\\rows and tabs\tstay as they are. Съешь же ещё этих мягких французских булок, да выпей чаю. Deploy finished 🚀, tests green ✅, coffee ☕ refilled. "}`,
	},
	"nested": {
		0:          `{"rowNum":0,"orderId":"ORD-0000000000","customer":"Émile Zola","shipTo":{"street":"Avenida Paulista 178","city":"Berlin","postalCode":"72119","countryCode":"DE"},"items":[{"sku":"SKU-56335","title":"Mechanical keyboard","quantity":2,"unitPriceMicros":"356335000"},{"sku":"SKU-39700","title":"USB-C cable","quantity":7,"unitPriceMicros":"439700000"},{"sku":"SKU-24032","title":"Café crème beans","quantity":9,"unitPriceMicros":"324032000"},{"sku":"SKU-94197","title":"Notebook A5","quantity":1,"unitPriceMicros":"194197000"}],"attributes":{"channel":"web"}}`,
		1:          `{"rowNum":1,"orderId":"ORD-0000000001","customer":"Ada Lovelace","shipTo":{"street":"Rue de la Paix 68","city":"Zürich","postalCode":"93489","countryCode":"CH"},"items":[{"sku":"SKU-50931","title":"Notebook A5","quantity":1,"unitPriceMicros":"50931000"},{"sku":"SKU-72898","title":"Monitor arm","quantity":5,"unitPriceMicros":"472898000"},{"sku":"SKU-48841","title":"Notebook A5","quantity":1,"unitPriceMicros":"148841000"},{"sku":"SKU-59017","title":"Desk lamp","quantity":3,"unitPriceMicros":"259017000"},{"sku":"SKU-62556","title":"Monitor arm","quantity":5,"unitPriceMicros":"362556000"}],"attributes":{"channel":"web","campaign":"spring","locale":"de-DE","priority":"normal"}}`,
		3:          `{"rowNum":3,"orderId":"ORD-0000000003","customer":"Émile Zola","items":[{"sku":"SKU-31574","title":"USB-C cable","quantity":1,"unitPriceMicros":"331574000"},{"sku":"SKU-96345","title":"Desk lamp","quantity":3,"unitPriceMicros":"196345000"}],"attributes":{"channel":"app"}}`,
		7:          `{"rowNum":7,"orderId":"ORD-0000000007","customer":"Søren Lund","shipTo":{"street":"Avenida Paulista 51","city":"São Paulo","postalCode":"28097","countryCode":"BR"},"items":[{"sku":"SKU-03927","title":"Mechanical keyboard","quantity":5,"unitPriceMicros":"103927000"},{"sku":"SKU-62241","title":"Desk lamp","quantity":3,"unitPriceMicros":"362241000"}],"attributes":{"channel":"app","campaign":"black-friday","locale":"fr-FR","priority":"express"}}`,
		12345:      `{"rowNum":12345,"orderId":"ORD-0000012345","customer":"Grace Hopper","shipTo":{"street":"Bahnhofstrasse 20","city":"Zürich","postalCode":"41124","countryCode":"CH"},"items":[{"sku":"SKU-43727","title":"Notebook A5","quantity":1,"unitPriceMicros":"343727000"}],"attributes":{"channel":"web","campaign":"spring"},"couponCode":"SAVE6","discount":0.06,"gift":true}`,
		2147483647: `{"rowNum":2147483647,"orderId":"ORD-2147483647","customer":"Grace Hopper","shipTo":{"street":"Rue de la Paix 126","city":"São Paulo","postalCode":"71727","countryCode":"BR"},"items":[{"sku":"SKU-74342","title":"USB-C cable","quantity":4,"unitPriceMicros":"374342000"}],"attributes":{"channel":"phone","campaign":"newsletter","locale":"pt-BR","priority":"express"},"couponCode":"SAVE1","gift":true}`,
	},
}

var nodeBinaryRowSHA256 = map[int]string{
	0:          "d43b819d7fc6793c1de54fe26cc1be53d33afe4af1df3ae928b2f728258f810e",
	1:          "ebbc9f8031cc4158458ce839b2c1cf6782069155fe04f3c2567626f8eb1ccf92",
	3:          "57a34afb855ca9097ef78e8359b322f37d215c732416ef3893b718c831bc53c2",
	7:          "5a64b0e3dc720463548f72e10af4309deea2437d8ed5479fb4d6e609f5522cbf",
	12345:      "f49fb799644deba851a5e6e6d571fa85cd2bd6c71e4425417d1e45346d364365",
	2147483647: "10a24bff23f66239506a19e8f0a372c7f0833e1fe0b457e9839132883628b8c2",
}

var nodeBounds = map[string]map[int]RowBytes{
	"row": {
		0:          {JSON: 223, Protobuf: 104},
		1:          {JSON: 223, Protobuf: 104},
		9:          {JSON: 223, Protobuf: 104},
		10:         {JSON: 234, Protobuf: 114},
		99999:      {JSON: 267, Protobuf: 147},
		2147483647: {JSON: 322, Protobuf: 199},
	},
	"numeric": {
		0:          {JSON: 526, Protobuf: 123},
		1:          {JSON: 526, Protobuf: 123},
		9:          {JSON: 526, Protobuf: 123},
		10:         {JSON: 526, Protobuf: 123},
		99999:      {JSON: 526, Protobuf: 123},
		2147483647: {JSON: 526, Protobuf: 123},
	},
	"text": {
		0:          {JSON: 2035, Protobuf: 1984},
		1:          {JSON: 2035, Protobuf: 1984},
		9:          {JSON: 2035, Protobuf: 1984},
		10:         {JSON: 2035, Protobuf: 1984},
		99999:      {JSON: 2035, Protobuf: 1984},
		2147483647: {JSON: 2035, Protobuf: 1984},
	},
	"nested": {
		0:          {JSON: 825, Protobuf: 400},
		1:          {JSON: 825, Protobuf: 400},
		9:          {JSON: 825, Protobuf: 400},
		10:         {JSON: 825, Protobuf: 400},
		99999:      {JSON: 825, Protobuf: 400},
		2147483647: {JSON: 825, Protobuf: 400},
	},
	"binary": {
		0:          {JSON: 5537, Protobuf: 4134},
		1:          {JSON: 5537, Protobuf: 4134},
		9:          {JSON: 5537, Protobuf: 4134},
		10:         {JSON: 5537, Protobuf: 4134},
		99999:      {JSON: 5537, Protobuf: 4134},
		2147483647: {JSON: 5537, Protobuf: 4134},
	},
}

var nodeBinaryBounds = map[int]RowBytes{
	1:    {JSON: 77, Protobuf: 37},
	5:    {JSON: 81, Protobuf: 41},
	1024: {JSON: 1441, Protobuf: 1062},
}

const nodeBinary5Row9 = `{"rowNum":9,"contentType":"application/octet-stream","data":"ezzyXmU="}`

var nodeMix32 = [][3]int{
	{0, 0, 2462723854},
	{1, 1, 314344336},
	{12345, 21, 570818456},
	{2147483647, 40, 783707679},
	{137438953408, 21, 3692313582},
}

func TestRowsMatchNode(t *testing.T) {
	registry := Registry(DefaultBlobBytes)
	for name, rows := range nodeRows {
		shape := Find(registry, name)
		for i, want := range rows {
			if got := string(JSONText(jsonRow(shape, i))); got != want {
				t.Errorf("%s row %d:\n got %s\nwant %s", name, i, got, want)
			}
		}
	}
	binary := Find(registry, "binary")
	for i, want := range nodeBinaryRowSHA256 {
		sum := sha256.Sum256(JSONText(jsonRow(binary, i)))
		if got := hex.EncodeToString(sum[:]); got != want {
			t.Errorf("binary row %d: sha256 %s, want %s", i, got, want)
		}
	}
	if got := string(JSONText(jsonRow(Find(Registry(5), "binary"), 9))); got != nodeBinary5Row9 {
		t.Errorf("5-byte binary row 9 = %s, want %s", got, nodeBinary5Row9)
	}
}

// jsonRow is row i of a shape as the JSON servers write it.
func jsonRow(shape *Shape, i int) any {
	rows := shape.JSONRows(1, i)
	return rowAt{rows}
}

// rowAt encodes the one row of rows through the same Encode the servers use.
type rowAt struct{ rows JSONRows }

func (r rowAt) MarshalJSON() ([]byte, error) {
	var buf bytesBuffer
	enc := newEncoder(&buf)
	err := r.rows.Encode(enc, 0)
	return buf.trimmed(), err
}

func TestBoundsMatchNode(t *testing.T) {
	registry := Registry(DefaultBlobBytes)
	for name, bounds := range nodeBounds {
		for i, want := range bounds {
			if got := Find(registry, name).MaxRowBytes(i); got != want {
				t.Errorf("%s maxRowBytes(%d) = %+v, want %+v", name, i, got, want)
			}
		}
	}
	for n, want := range nodeBinaryBounds {
		if got := Find(Registry(n), "binary").MaxRowBytes(0); got != want {
			t.Errorf("binary of %d bytes: maxRowBytes = %+v, want %+v", n, got, want)
		}
	}
}

func TestMix32MatchesNode(t *testing.T) {
	for _, c := range nodeMix32 {
		if got := Mix32(c[0], uint32(c[1])); got != uint32(c[2]) {
			t.Errorf("Mix32(%d, %d) = %d, want %d", c[0], c[1], got, c[2])
		}
	}
}
