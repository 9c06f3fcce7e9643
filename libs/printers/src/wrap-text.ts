import wrapAnsi = require('wrap-ansi');

/**
 * Text broken at spaces so no line is wider than `width` (wrap-ansi does the breaking). A line keeps its own leading
 * spaces, and its continuation lines start with those plus `hang` more (a list item's text under its first word). A
 * word wider than a line is cut. Without a width, the text is returned as it is.
 */
export function wrapText(text: string, width: number | undefined, hang = 0): string {
  if (width === undefined) return text;
  return text
    .split('\n')
    .map((line) => wrapLine(line, width, hang))
    .join('\n');
}

function wrapLine(line: string, width: number, hang: number): string {
  if (line.length <= width) return line;
  const lead = /^ */.exec(line)![0];
  // Continuation lines always leave room for at least one character.
  const indent = ' '.repeat(Math.min(lead.length + hang, width - 1));
  const lines = wrapAnsi(line.slice(lead.length), width - indent.length, { hard: true, trim: true }).split('\n');
  return lines.map((l, i) => (i === 0 ? lead.slice(0, indent.length) : indent) + l).join('\n');
}
