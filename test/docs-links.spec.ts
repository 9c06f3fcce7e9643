// The docs' links hold: every relative link in README.md and docs/**/*.md (outside code) points to a file that exists,
// every #anchor to a heading of its page, every docs page links back to the map, and the map lists every page.
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { ROOT } from './support/app-process';
import { anchors, docFiles, headings, isExternal, links, readDoc, slug } from './support/markdown';

const MAP = 'docs/README.md';
const files = docFiles(ROOT);

/** Where a link goes: the file relative to the repository (the page itself for "#x") and its anchor, if any. */
function resolve(from: string, target: string): { file: string; anchor: string | null } {
  const [path, anchor] = target.split('#', 2) as [string, string | undefined];
  const file = path === '' ? from : normalize(join(dirname(from), decodeURIComponent(path)));
  return { file, anchor: anchor === undefined ? null : decodeURIComponent(anchor) };
}

describe('docs links', () => {
  it('finds the README and the docs pages', () => {
    expect(files).toContain('README.md');
    expect(files).toContain(MAP);
    expect(files.length).toBeGreaterThan(10);
  });

  describe.each(files)('%s', (file) => {
    const text = readDoc(ROOT, file);

    it('has only relative links that resolve, to files and to headings', () => {
      const broken: string[] = [];
      for (const { target, line } of links(text)) {
        if (isExternal(target)) continue;
        const { file: to, anchor } = resolve(file, target);
        if (to.startsWith('..')) {
          broken.push(`${file}:${line} ${target}: outside the repository`);
        } else if (!existsSync(join(ROOT, to))) {
          broken.push(`${file}:${line} ${target}: no file ${to}`);
        } else if (anchor !== null && to.endsWith('.md') && !anchors(readDoc(ROOT, to)).has(anchor)) {
          broken.push(`${file}:${line} ${target}: no heading with the anchor #${anchor} in ${to}`);
        }
      }
      expect(broken).toEqual([]);
    });
  });

  describe.each(files.filter((f) => f.startsWith('docs/') && f !== MAP))('%s', (file) => {
    it('starts with the title and one line that links back to the map', () => {
      const lines = readDoc(ROOT, file)
        .split('\n')
        .filter((l) => l.trim() !== '');
      expect(lines[0]).toMatch(/^# /);
      const back = links(lines.slice(0, 2).join('\n')).map((l) => normalize(join(dirname(file), l.target)));
      expect(back).toContain(MAP);
    });
  });

  it('the map lists every docs page', () => {
    const listed = new Set(links(readDoc(ROOT, MAP)).map((l) => resolve(MAP, l.target).file));
    const pages = files.filter((f) => f.startsWith('docs/') && f !== MAP);
    expect(pages.filter((p) => !listed.has(p))).toEqual([]);
  });

  it('names the article the project starts from where the README first mentions it', () => {
    const readme = readDoc(ROOT, 'README.md');
    const first = readme.search(/article|blog post/);
    expect(readme.slice(first - 120, first + 40)).toContain(
      '"gRPCはどのくらい速いのか?" ("How fast is gRPC?"), a Japanese blog post of 25 March 2022',
    );
  });

  it('keeps the README a front door of at most 250 lines', () => {
    const lines = readDoc(ROOT, 'README.md').match(/\n/g)?.length ?? 0; // as `wc -l` counts
    expect(lines).toBeLessThanOrEqual(250);
  });
});

describe('GitHub heading anchors', () => {
  it.each([
    ["The article's cases on one machine", 'the-articles-cases-on-one-machine'],
    ['Limits, and why `MAX_ROWS` is 1,000,000', 'limits-and-why-max_rows-is-1000000'],
    ['Benchmarks: `npm run bench`', 'benchmarks-npm-run-bench'],
    ['levels.csv columns', 'levelscsv-columns'],
    ['Where the time went: the per-phase breakdown', 'where-the-time-went-the-per-phase-breakdown'],
    ['What "verified" means', 'what-verified-means'],
    ['The page at `/`', 'the-page-at-'],
  ])('%s -> #%s', (heading, anchor) => {
    expect(slug(heading)).toBe(anchor);
  });

  it('numbers repeated headings as GitHub does', () => {
    expect([...anchors('# A\n## Notes\n## Notes\n```\n## not a heading\n```\n## Notes\n')]).toEqual([
      'a',
      'notes',
      'notes-1',
      'notes-2',
    ]);
    expect(headings('````\n```\n# no\n```\n````\n# yes').map((h) => h.text)).toEqual(['yes']);
  });

  it('does not take a link inside code for a link', () => {
    expect(links('see `[x](nowhere.md)` and\n```\n[y](nowhere.md)\n```\n[z](here.md)').map((l) => l.target)).toEqual([
      'here.md',
    ]);
  });
});
