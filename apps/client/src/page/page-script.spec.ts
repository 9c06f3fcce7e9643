import { Script } from 'node:vm';
import { pageHtml } from './page-html';
import { PAGE_SCRIPT } from './page-script';

describe('the page', () => {
  it('has a script that parses', () => {
    expect(() => new Script(PAGE_SCRIPT)).not.toThrow();
  });

  it('inserts what the API sends as text, never as markup', () => {
    expect(PAGE_SCRIPT).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
    expect(PAGE_SCRIPT).toMatch(/textContent/);
  });

  it('loads nothing from another origin', () => {
    const html = pageHtml();
    expect(html).not.toMatch(/(src|href)\s*=\s*["']?(https?:)?\/\//i);
    expect([...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1])).toEqual([
      expect.stringMatching(/^\/assets\/chart\.umd\.min\.js\?v=\d/),
      '/assets/page.js',
    ]);
  });
});
