import { escapeMarkdown } from './markdown-escape';

describe('escapeMarkdown', () => {
  it('leaves ordinary text as it is', () => {
    for (const text of ['laptop, "quiet" run', 'before: v1.2 (cold cache) - 3 cores', '1-1', '2.70–2.85 (75%)', 'json-stream vs json', 'café ×2']) {
      expect(escapeMarkdown(text)).toBe(text);
    }
  });

  it('backslashes every character that would start Markdown or HTML', () => {
    expect(escapeMarkdown('\\ ` * _ [ ] < > # | ! ~ &')).toBe('\\\\ \\` \\* \\_ \\[ \\] \\< \\> \\# \\| \\! \\~ \\&');
    expect(escapeMarkdown('<img src=x onerror=alert(1)>')).toBe('\\<img src=x onerror=alert(1)\\>');
    expect(escapeMarkdown('![x](http://evil) **bold** &lt;b&gt;')).toBe('\\!\\[x\\](http://evil) \\*\\*bold\\*\\* \\&lt;b\\&gt;');
    expect(escapeMarkdown("=cmd|' /C calc'!A0")).toBe("=cmd\\|' /C calc'\\!A0");
  });

  it('turns every line break into a space, so a row or item cannot be ended from inside', () => {
    expect(escapeMarkdown('a\r\nb\nc\rd\u2028e\u2029f')).toBe('a b c d e f');
    expect(escapeMarkdown('x\n# heading\n| a | b |')).toBe('x \\# heading \\| a \\| b \\|');
  });
});
