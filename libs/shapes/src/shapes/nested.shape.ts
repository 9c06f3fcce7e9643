import { mix32, pick } from '../row-hash';
import { protoShape } from '../proto-shape';
import { longestString, WIDEST_DOUBLE, WIDEST_ROW_NUM } from '../row-bytes-bound';

/** wirebench.shapes.NestedRow (an order) as proto-loader holds it; `?` marks fields with presence. */
export interface NestedRow {
  row_num: number;
  order_id: string;
  customer: string;
  ship_to?: { street: string; city: string; postal_code: string; country_code: string };
  items: { sku: string; title: string; quantity: number; unit_price_micros: string }[];
  attributes: Record<string, string>;
  coupon_code?: string;
  discount?: number;
  gift?: boolean;
}

const CUSTOMERS = ['Ada Lovelace', 'Grace Hopper', 'Zoë Ångström', 'Søren Lund', 'Émile Zola', 'Jürgen Groß'] as const;
const CITIES = [
  ['Berlin', 'DE'],
  ['Kraków', 'PL'],
  ['São Paulo', 'BR'],
  ['Zürich', 'CH'],
  ['Lyon', 'FR'],
] as const;
const STREETS = ['Hauptstraße', 'Rue de la Paix', 'Avenida Paulista', 'Bahnhofstrasse', 'Main Street'] as const;
const PRODUCTS = [
  'USB-C cable',
  'Mechanical keyboard',
  'Café crème beans',
  'Notebook A5',
  'Monitor arm',
  'Desk lamp',
] as const;
// Keys and the values each may take; a row has the first 0 to 4 of them.
const ATTRIBUTES: readonly (readonly [string, readonly string[]])[] = [
  ['channel', ['web', 'app', 'phone']],
  ['campaign', ['spring', 'black-friday', 'newsletter']],
  ['locale', ['de-DE', 'fr-FR', 'pt-BR']],
  ['priority', ['normal', 'express']],
];

function item(i: number, k: number): NestedRow['items'][number] {
  const h = mix32(i * 8 + k, 30);
  return {
    sku: `SKU-${(h % 100_000).toString().padStart(5, '0')}`,
    title: PRODUCTS[h % PRODUCTS.length],
    quantity: 1 + (h % 9),
    unit_price_micros: String((h % 500_000) * 1000),
  };
}

/**
 * Row i of `nested`. Rows vary in what is set: every 7th has no address (a digital order), items run 1 to 5,
 * attributes 0 to 4 (so some maps are empty), and the optional fields are set on some rows only, gift sometimes to
 * false and discount sometimes to 0, which JSON must carry because they were set.
 */
export function nestedRow(i: number): NestedRow {
  const [city, country] = pick(CITIES, i, 31);
  const row: NestedRow = {
    row_num: i,
    order_id: `ORD-${String(i).padStart(10, '0')}`,
    customer: pick(CUSTOMERS, i, 32),
    items: Array.from({ length: 1 + (mix32(i, 33) % 5) }, (_, k) => item(i, k)),
    attributes: Object.fromEntries(
      ATTRIBUTES.slice(0, mix32(i, 34) % 5).map(([key, values]) => [key, pick(values, i, 35)]),
    ),
  };
  if (i % 7 !== 3)
    row.ship_to = {
      street: `${pick(STREETS, i, 36)} ${1 + (mix32(i, 37) % 200)}`,
      city,
      postal_code: String(10_000 + (mix32(i, 38) % 90_000)),
      country_code: country,
    };
  const h = mix32(i, 39);
  if (h % 3 === 0) row.coupon_code = `SAVE${h % 50}`;
  if (h % 4 === 0) row.discount = (h % 50) / 100;
  if (h % 5 < 2) row.gift = h % 5 === 1;
  return row;
}

/**
 * Wider than any row nestedRow makes: every optional field and the address set, five items of the longest title and
 * the largest numbers, all four attributes with their longest values, the longest string of every list.
 */
const WIDEST_NESTED: NestedRow = {
  row_num: WIDEST_ROW_NUM,
  order_id: `ORD-${String(WIDEST_ROW_NUM).padStart(10, '0')}`,
  customer: longestString(CUSTOMERS),
  ship_to: {
    street: `${longestString(STREETS)} 200`,
    city: longestString(CITIES.map(([city]) => city)),
    postal_code: '99999',
    country_code: longestString(CITIES.map(([, country]) => country)),
  },
  items: Array.from({ length: 5 }, () => ({
    sku: 'SKU-99999',
    title: longestString(PRODUCTS),
    quantity: 9,
    unit_price_micros: '499999000',
  })),
  attributes: Object.fromEntries(ATTRIBUTES.map(([key, values]) => [key, longestString(values)])),
  coupon_code: 'SAVE49',
  discount: WIDEST_DOUBLE,
  gift: false,
};

export const nestedShape = protoShape({
  name: 'nested',
  description: 'an order: a nested address, repeated line items, a map<string,string> of attributes, optional fields',
  message: 'NestedRow',
  service: 'NestedService',
  row: nestedRow,
  widestRow: WIDEST_NESTED,
});
