/** One row of the article's table: an int32 and ten strings (`columnA` + i ... `columnJ` + i). */
export interface Row {
  rowNum: number;
  columnA: string;
  columnB: string;
  columnC: string;
  columnD: string;
  columnE: string;
  columnF: string;
  columnG: string;
  columnH: string;
  columnI: string;
  columnJ: string;
}

/** The string columns in the order the proto numbers them; the checksum walks them in this order. */
export const STRING_COLUMNS = [
  'columnA',
  'columnB',
  'columnC',
  'columnD',
  'columnE',
  'columnF',
  'columnG',
  'columnH',
  'columnI',
  'columnJ',
] as const;
