package shapes

import (
	"fmt"
	"strconv"

	"wirebench/goservers/gen/shapespb"
)

var customers = []string{"Ada Lovelace", "Grace Hopper", "Zoë Ångström", "Søren Lund", "Émile Zola", "Jürgen Groß"}

var cities = [][2]string{{"Berlin", "DE"}, {"Kraków", "PL"}, {"São Paulo", "BR"}, {"Zürich", "CH"}, {"Lyon", "FR"}}

var streets = []string{"Hauptstraße", "Rue de la Paix", "Avenida Paulista", "Bahnhofstrasse", "Main Street"}

var products = []string{
	"USB-C cable", "Mechanical keyboard", "Café crème beans", "Notebook A5", "Monitor arm", "Desk lamp",
}

// The attribute keys in nested.shape.ts's order and the values each may take; a row has the first 0 to 4.
var attributeKeys = []string{"channel", "campaign", "locale", "priority"}

var attributeValues = [][]string{
	{"web", "app", "phone"},
	{"spring", "black-friday", "newsletter"},
	{"de-DE", "fr-FR", "pt-BR"},
	{"normal", "express"},
}

// AddressJSON is the Address message's JSON form.
type AddressJSON struct {
	Street      string `json:"street"`
	City        string `json:"city"`
	PostalCode  string `json:"postalCode"`
	CountryCode string `json:"countryCode"`
}

// LineItemJSON is the LineItem message's JSON form (int64 as a string).
type LineItemJSON struct {
	Sku             string `json:"sku"`
	Title           string `json:"title"`
	Quantity        int32  `json:"quantity"`
	UnitPriceMicros int64  `json:"unitPriceMicros,string"`
}

// AttributesJSON is the map in the order Node writes it, its keys' insertion order (channel, campaign, locale,
// priority), where encoding/json would sort a Go map's keys. A row holds a prefix of these keys and no value is
// empty, so a struct of omitempty fields writes exactly the entries set, in that order, at struct speed.
type AttributesJSON struct {
	Channel  string `json:"channel,omitempty"`
	Campaign string `json:"campaign,omitempty"`
	Locale   string `json:"locale,omitempty"`
	Priority string `json:"priority,omitempty"`
}

// NestedJSON is a NestedRow's JSON form; pointers are the fields with presence, left out when unset.
type NestedJSON struct {
	RowNum     int32          `json:"rowNum"`
	OrderID    string         `json:"orderId"`
	Customer   string         `json:"customer"`
	ShipTo     *AddressJSON   `json:"shipTo,omitempty"`
	Items      []LineItemJSON `json:"items"`
	Attributes AttributesJSON `json:"attributes"`
	CouponCode *string        `json:"couponCode,omitempty"`
	Discount   *float64       `json:"discount,omitempty"`
	Gift       *bool          `json:"gift,omitempty"`
}

func item(i, k int) LineItemJSON {
	h := Mix32(i*8+k, 30)
	return LineItemJSON{
		Sku:             fmt.Sprintf("SKU-%05d", h%100_000),
		Title:           products[h%uint32(len(products))],
		Quantity:        int32(1 + h%9),
		UnitPriceMicros: int64(h%500_000) * 1000,
	}
}

func attributes(i int) AttributesJSON {
	n := int(Mix32(i, 34) % 5)
	values := make([]string, 4)
	for k := 0; k < n; k++ {
		values[k] = pick(attributeValues[k], i, 35)
	}
	return AttributesJSON{Channel: values[0], Campaign: values[1], Locale: values[2], Priority: values[3]}
}

// NestedJSONOf is row i of `nested`: every 7th without an address, 1-5 items, 0-4 attributes, optional fields on
// some rows (gift sometimes false, discount sometimes 0: set, so written).
func NestedJSONOf(i int) NestedJSON {
	city := pick(cities, i, 31)
	row := NestedJSON{
		RowNum:     int32(i),
		OrderID:    fmt.Sprintf("ORD-%010d", i),
		Customer:   pick(customers, i, 32),
		Items:      make([]LineItemJSON, 1+Mix32(i, 33)%5),
		Attributes: attributes(i),
	}
	for k := range row.Items {
		row.Items[k] = item(i, k)
	}
	if i%7 != 3 {
		row.ShipTo = &AddressJSON{
			Street:      pick(streets, i, 36) + " " + strconv.Itoa(int(1+Mix32(i, 37)%200)),
			City:        city[0],
			PostalCode:  strconv.Itoa(int(10_000 + Mix32(i, 38)%90_000)),
			CountryCode: city[1],
		}
	}
	h := Mix32(i, 39)
	if h%3 == 0 {
		coupon := "SAVE" + strconv.Itoa(int(h%50))
		row.CouponCode = &coupon
	}
	if h%4 == 0 {
		discount := float64(h%50) / 100
		row.Discount = &discount
	}
	if h%5 < 2 {
		gift := h%5 == 1
		row.Gift = &gift
	}
	return row
}

// NestedProtoOf is row i of `nested` as its message.
func NestedProtoOf(i int) *shapespb.NestedRow {
	r := NestedJSONOf(i)
	m := &shapespb.NestedRow{
		RowNum: r.RowNum, OrderId: r.OrderID, Customer: r.Customer, CouponCode: r.CouponCode, Discount: r.Discount,
		Gift: r.Gift, Items: make([]*shapespb.LineItem, len(r.Items)),
	}
	if r.ShipTo != nil {
		m.ShipTo = &shapespb.Address{
			Street: r.ShipTo.Street, City: r.ShipTo.City, PostalCode: r.ShipTo.PostalCode,
			CountryCode: r.ShipTo.CountryCode,
		}
	}
	for k, it := range r.Items {
		m.Items[k] = &shapespb.LineItem{Sku: it.Sku, Title: it.Title, Quantity: it.Quantity, UnitPriceMicros: it.UnitPriceMicros}
	}
	values := []string{r.Attributes.Channel, r.Attributes.Campaign, r.Attributes.Locale, r.Attributes.Priority}
	for k, v := range values {
		if v != "" {
			if m.Attributes == nil {
				m.Attributes = make(map[string]string, 4)
			}
			m.Attributes[attributeKeys[k]] = v
		}
	}
	return m
}
