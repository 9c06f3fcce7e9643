import { mix32, pick } from '../row-hash';
import { protoShape } from '../proto-shape';
import { longestString, WIDEST_ROW_NUM } from '../row-bytes-bound';

/** wirebench.shapes.TextRow as proto-loader holds it. */
export interface TextRow {
  row_num: number;
  title: string;
  author: string;
  language: string;
  body: string;
}

// Sentences in several scripts: 1-, 2-, 3- and 4-byte UTF-8 (the emoji is a surrogate pair in JS), and a quote and a
// backslash, which JSON has to escape and protobuf does not.
const SENTENCES = [
  'The quick brown fox jumps over the lazy dog, then writes a "short" report about it. ',
  'Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. ',
  "Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter en canoë au-delà des îles. ",
  'Pójdźże, kiń tę chmurność w głąb flaszy! ',
  'Съешь же ещё этих мягких французских булок, да выпей чаю. ',
  'Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. ',
  'いろはにほへと ちりぬるを わかよたれそ つねならむ。 ',
  '敏捷的棕色狐狸跳过了懒狗，然后回家喝茶。 ',
  'Paths such as C:\\data\\rows and tabs\tstay as they are. ',
  'Deploy finished 🚀, tests green ✅, coffee ☕ refilled. ',
  'Ñandú ágil, pingüino y cigüeña comparten la misma orilla. ',
  'Árvíztűrő tükörfúrógép a műhely sarkában. ',
] as const;
const TITLES = ['Release notes', 'Field report', 'Meeting minutes', 'Übersicht', 'Résumé', 'Отчёт', '議事録'] as const;
const AUTHORS = [
  'Zoë Ångström',
  'Łukasz Żółkiewski',
  'Søren Kierkegård',
  '山田 太郎',
  'Αλέξης Παπαδόπουλος',
  'Иван Петров',
  'Ada Lovelace',
] as const;
const LANGUAGES = ['en', 'de', 'fr', 'pl', 'ru', 'el', 'ja', 'zh', 'es', 'hu'] as const;

// The body's UTF-8 length aims between these, so a whole row is 1-2 KiB as JSON and as protobuf (tested).
const BODY_MIN_BYTES = 1200;
const BODY_SPREAD_BYTES = 600;
const SENTENCE_BYTES = SENTENCES.map((s) => Buffer.byteLength(s));

function body(i: number): string {
  const target = BODY_MIN_BYTES + (mix32(i, 20) % BODY_SPREAD_BYTES);
  let text = '';
  let bytes = 0;
  for (let k = 0; ; k++) {
    const n = mix32(i * 64 + k, 21) % SENTENCES.length;
    if (bytes + SENTENCE_BYTES[n] > target) return text;
    text += SENTENCES[n];
    bytes += SENTENCE_BYTES[n];
  }
}

/** Row i of `text`: a few long strings in many scripts, different for every row. */
export function textRow(i: number): TextRow {
  return {
    row_num: i,
    title: `${pick(TITLES, i, 22)} #${i}`,
    author: pick(AUTHORS, i, 23),
    language: pick(LANGUAGES, i, 24),
    body: body(i),
  };
}

// JSON's escapes make a sentence at most this many times longer (its quotes, backslashes and tabs): the body's bound.
const ESCAPE_GROWTH = Math.max(
  ...SENTENCES.map((s) => (Buffer.byteLength(JSON.stringify(s)) - 2) / Buffer.byteLength(s)),
);

/**
 * Wider than any row textRow makes: the longest title, author and language, a body as long as body() allows, escaped.
 */
const WIDEST_TEXT: TextRow = {
  row_num: WIDEST_ROW_NUM,
  title: `${longestString(TITLES)} #${WIDEST_ROW_NUM}`,
  author: longestString(AUTHORS),
  language: longestString(LANGUAGES),
  body: 'x'.repeat(Math.ceil((BODY_MIN_BYTES + BODY_SPREAD_BYTES) * ESCAPE_GROWTH)),
};

export const textShape = protoShape({
  name: 'text',
  description: 'a few long UTF-8 strings per row (1-2 KiB, many scripts, emoji): strings and their escaping',
  message: 'TextRow',
  service: 'TextService',
  row: textRow,
  widestRow: WIDEST_TEXT,
});
