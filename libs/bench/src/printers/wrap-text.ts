/**
 * Text broken at spaces so no line is wider than `width`. A line keeps its own leading spaces, and its continuation
 * lines start with those plus `hang` more (a list item's text under its first word). A word wider than a line is
 * cut. Without a width, the text is returned as it is.
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
  const lines: string[] = [];
  let current = lead.slice(0, width - 1);
  let empty = true;
  for (const word of line.slice(lead.length).split(/ +/)) {
    const candidate = empty ? current + word : `${current} ${word}`;
    if (candidate.length <= width) {
      current = candidate;
      empty = false;
      continue;
    }
    if (!empty) {
      lines.push(current);
      current = indent;
    }
    current += word;
    empty = false;
    while (current.length > width) {
      lines.push(current.slice(0, width));
      current = indent + current.slice(width);
    }
  }
  lines.push(current);
  return lines.join('\n');
}
