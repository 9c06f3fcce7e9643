package shapes

import (
	"strconv"

	"wirebench/goservers/gen/samplepb"
)

// Row is the article's sample.Sample in its JSON form, which is the row itself (lowerCamelCase proto names, an
// int32 and strings): field order as @app/data-generator's row(), so the JSON bytes match JSON.stringify's.
type Row struct {
	RowNum  int32  `json:"rowNum"`
	ColumnA string `json:"columnA"`
	ColumnB string `json:"columnB"`
	ColumnC string `json:"columnC"`
	ColumnD string `json:"columnD"`
	ColumnE string `json:"columnE"`
	ColumnF string `json:"columnF"`
	ColumnG string `json:"columnG"`
	ColumnH string `json:"columnH"`
	ColumnI string `json:"columnI"`
	ColumnJ string `json:"columnJ"`
}

// RowOf is @app/data-generator's row(i): every column is its name and the row number.
func RowOf(i int) Row {
	n := strconv.Itoa(i)
	return Row{
		RowNum:  int32(i),
		ColumnA: "columnA" + n,
		ColumnB: "columnB" + n,
		ColumnC: "columnC" + n,
		ColumnD: "columnD" + n,
		ColumnE: "columnE" + n,
		ColumnF: "columnF" + n,
		ColumnG: "columnG" + n,
		ColumnH: "columnH" + n,
		ColumnI: "columnI" + n,
		ColumnJ: "columnJ" + n,
	}
}

func rowProto(r Row) *samplepb.Sample {
	return &samplepb.Sample{
		RowNum: r.RowNum, ColumnA: r.ColumnA, ColumnB: r.ColumnB, ColumnC: r.ColumnC, ColumnD: r.ColumnD,
		ColumnE: r.ColumnE, ColumnF: r.ColumnF, ColumnG: r.ColumnG, ColumnH: r.ColumnH, ColumnI: r.ColumnI,
		ColumnJ: r.ColumnJ,
	}
}
