package shapes

import (
	"strconv"
	"strings"

	"wirebench/goservers/gen/shapespb"
)

// The lists of text.shape.ts, in its order (the hash picks by index). Go strings are UTF-8, so len() is the
// Buffer.byteLength the body's length is counted in.
var sentences = []string{
	"The quick brown fox jumps over the lazy dog, then writes a \"short\" report about it. ",
	"Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. ",
	"Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter en canoë au-delà des îles. ",
	"Pójdźże, kiń tę chmurność w głąb flaszy! ",
	"Съешь же ещё этих мягких французских булок, да выпей чаю. ",
	"Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. ",
	"いろはにほへと ちりぬるを わかよたれそ つねならむ。 ",
	"敏捷的棕色狐狸跳过了懒狗，然后回家喝茶。 ",
	"Paths such as C:\\data\\rows and tabs\tstay as they are. ",
	"Deploy finished 🚀, tests green ✅, coffee ☕ refilled. ",
	"Ñandú ágil, pingüino y cigüeña comparten la misma orilla. ",
	"Árvíztűrő tükörfúrógép a műhely sarkában. ",
}

var titles = []string{"Release notes", "Field report", "Meeting minutes", "Übersicht", "Résumé", "Отчёт", "議事録"}

var authors = []string{
	"Zoë Ångström", "Łukasz Żółkiewski", "Søren Kierkegård", "山田 太郎", "Αλέξης Παπαδόπουλος", "Иван Петров", "Ada Lovelace",
}

var languages = []string{"en", "de", "fr", "pl", "ru", "el", "ja", "zh", "es", "hu"}

// The body's UTF-8 length aims between these (text.shape.ts).
const (
	bodyMinBytes    = 1200
	bodySpreadBytes = 600
)

// body adds hashed sentences while the UTF-8 length stays within the row's target.
func body(i int) string {
	target := bodyMinBytes + int(Mix32(i, 20)%bodySpreadBytes)
	var b strings.Builder
	b.Grow(target)
	for k := 0; ; k++ {
		s := sentences[Mix32(i*64+k, 21)%uint32(len(sentences))]
		if b.Len()+len(s) > target {
			return b.String()
		}
		b.WriteString(s)
	}
}

// TextJSON is a TextRow's JSON form (its fields are already JSON-ready).
type TextJSON struct {
	RowNum   int32  `json:"rowNum"`
	Title    string `json:"title"`
	Author   string `json:"author"`
	Language string `json:"language"`
	Body     string `json:"body"`
}

// TextJSONOf is row i of `text`.
func TextJSONOf(i int) TextJSON {
	return TextJSON{
		RowNum:   int32(i),
		Title:    pick(titles, i, 22) + " #" + strconv.Itoa(i),
		Author:   pick(authors, i, 23),
		Language: pick(languages, i, 24),
		Body:     body(i),
	}
}

// TextProtoOf is row i of `text` as its message.
func TextProtoOf(i int) *shapespb.TextRow {
	r := TextJSONOf(i)
	return &shapespb.TextRow{RowNum: r.RowNum, Title: r.Title, Author: r.Author, Language: r.Language, Body: r.Body}
}
