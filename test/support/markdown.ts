import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// Just enough of CommonMark to test the docs: fenced blocks (so nothing inside code counts as a link or heading),
// ATX headings and their GitHub anchors, inline links and images. Not a renderer: a construct the docs do not use
// (setext headings, nested brackets in link text) is not handled.

/** README.md and every .md under docs/, as paths relative to `root`, in a stable order. */
export function docFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
    );
  return ['README.md', ...walk('docs').sort()].map((f) => relative(root, join(root, f)));
}

export function readDoc(root: string, file: string): string {
  return readFileSync(join(root, file), 'utf8');
}

export interface FencedBlock {
  /** The info string after the opening fence, trimmed: "sh runnable", "bash", "". */
  info: string;
  /** The block's lines, without the fences, with the fence's indentation removed. */
  lines: string[];
  /** 1-based line of the opening fence. */
  line: number;
}

const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/;

/** Each line of the text, tagged with the fenced block it belongs to (fences included), or none. */
function scan(text: string): { line: string; block: FencedBlock | null }[] {
  const out: { line: string; block: FencedBlock | null }[] = [];
  let open: { fence: string; indent: number; block: FencedBlock } | null = null;
  text.split('\n').forEach((line, i) => {
    if (open) {
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (close && close[1][0] === open.fence[0] && close[1].length >= open.fence.length) {
        out.push({ line, block: open.block });
        open = null;
        return;
      }
      open.block.lines.push(line.slice(Math.min(open.indent, line.length - line.trimStart().length)));
      out.push({ line, block: open.block });
      return;
    }
    const m = FENCE_OPEN.exec(line);
    // A backtick fence's info string may not contain a backtick (CommonMark), which keeps inline code spans out.
    if (m && !(m[2][0] === '`' && m[3].includes('`'))) {
      open = { fence: m[2], indent: m[1].length, block: { info: m[3].trim(), lines: [], line: i + 1 } };
      out.push({ line, block: open.block });
      return;
    }
    out.push({ line, block: null });
  });
  return out;
}

export function fencedBlocks(text: string): FencedBlock[] {
  return [
    ...new Set(
      scan(text)
        .map((l) => l.block)
        .filter((b): b is FencedBlock => b !== null),
    ),
  ];
}

/** The text's lines outside fenced blocks, with inline code spans blanked, keeping line numbers (1-based index + 1). */
export function proseLines(text: string): string[] {
  return scan(text).map(({ line, block }) =>
    block ? '' : line.replace(/(`+)[^`]*?\1/g, (span) => ' '.repeat(span.length)),
  );
}

export interface Heading {
  level: number;
  text: string;
  line: number;
}

export function headings(text: string): Heading[] {
  const out: Heading[] = [];
  scan(text).forEach(({ line, block }, i) => {
    const m = block ? null : /^ {0,3}(#{1,6})\s+(.*?)(\s+#+)?\s*$/.exec(line);
    if (m) out.push({ level: m[1].length, text: m[2], line: i + 1 });
  });
  return out;
}

/** GitHub's anchor for a heading's text: its rendered words, lower case, punctuation dropped, spaces as hyphens. */
export function slug(headingText: string): string {
  const rendered = headingText
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image shows its text
    .replace(/<[^>]+>/g, '') // inline HTML shows nothing of its tags
    .replace(/`/g, '');
  return rendered
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page's headings produce, numbered as GitHub numbers repeats (x, x-1, x-2). */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const h of headings(text)) {
    const base = slug(h.text);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

export interface Link {
  target: string;
  line: number;
}

/** Inline links and images outside code: [text](target "title") and ![alt](target). */
export function links(text: string): Link[] {
  const out: Link[] = [];
  proseLines(text).forEach((line, i) => {
    for (const m of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      out.push({ target: m[1], line: i + 1 });
  });
  return out;
}

/** A link to another site or scheme (https:, mailto:), which the docs tests do not follow. */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}
