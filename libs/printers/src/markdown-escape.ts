// Every character that can start Markdown or HTML in running text or a table cell: backslash, code, emphasis,
// strikethrough, links and images, headings, table pipes, entities, raw HTML tags. CommonMark makes any ASCII
// punctuation plain when a backslash precedes it, so a viewer shows these as typed; other characters stay as they are.
const SPECIAL = /[\\`*_[\]<>#|!~&]/g;
// A line break would end a table row or a list item; the Unicode separators are breaks to some viewers.
const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/g;

/**
 * Text a user or a server chose (a label, a scenario name, an error, a note), made inert for summary.md: it reads as
 * typed wherever it lands, in a cell or a line, and no tag in it is rendered. Ordinary words, digits and
 * punctuation such as `, . : ( ) - "` come out unchanged.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(SPECIAL, '\\$&').replace(LINE_BREAK, ' ');
}

// A code span as generated sentences write names: one backtick, no backtick or line break inside.
const CODE_SPAN = /`([^`\r\n\u2028\u2029]+)`/g;

/**
 * A generated sentence for summary.md whose names sit in code spans (`numeric`, `grpc-static`): the spans are kept,
 * so the names read as code, and everything around them is escaped as escapeMarkdown does. Inside a span nothing
 * renders (no emphasis, link or tag), so a name needs no escaping there; a stray backtick outside a span is escaped.
 */
export function escapeMarkdownKeepingCode(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(CODE_SPAN)) {
    out += `${escapeMarkdown(text.slice(last, match.index))}\`${match[1]}\``;
    last = match.index + match[0].length;
  }
  return out + escapeMarkdown(text.slice(last));
}
