import { escapeMarkdown, escapeMarkdownKeepingCode } from './markdown-escape';

describe('escapeMarkdown', () => {
  it('leaves ordinary text as it is', () => {
    for (const text of [
      'laptop, "quiet" run',
      'before: v1.2 (cold cache) - 3 cores',
      '1-1',
      '2.70–2.85 (75%)',
      'json-stream vs json',
      'café ×2',
    ]) {
      expect(escapeMarkdown(text)).toBe(text);
    }
  });

  it('backslashes every character that would start Markdown or HTML', () => {
    expect(escapeMarkdown('\\ ` * _ [ ] < > # | ! ~ &')).toBe('\\\\ \\` \\* \\_ \\[ \\] \\< \\> \\# \\| \\! \\~ \\&');
    expect(escapeMarkdown('<img src=x onerror=alert(1)>')).toBe('\\<img src=x onerror=alert(1)\\>');
    expect(escapeMarkdown('![x](http://evil) **bold** &lt;b&gt;')).toBe(
      '\\!\\[x\\](http://evil) \\*\\*bold\\*\\* \\&lt;b\\&gt;',
    );
    expect(escapeMarkdown("=cmd|' /C calc'!A0")).toBe("=cmd\\|' /C calc'\\!A0");
  });

  it('turns every line break into a space, so a row or item cannot be ended from inside', () => {
    expect(escapeMarkdown('a\r\nb\nc\rd\u2028e\u2029f')).toBe('a b c d e f');
    expect(escapeMarkdown('x\n# heading\n| a | b |')).toBe('x \\# heading \\| a \\| b \\|');
  });
});

describe('escapeMarkdownKeepingCode', () => {
  it('keeps the code spans of a generated sentence and escapes the words around them', () => {
    expect(escapeMarkdownKeepingCode('For `numeric` rows, `grpc-static` took 0.60× [sic] *x*')).toBe(
      'For `numeric` rows, `grpc-static` took 0.60× \\[sic\\] \\*x\\*',
    );
  });

  it('escapes a stray backtick and leaves nothing rendered outside a span', () => {
    expect(escapeMarkdownKeepingCode('`c` then a stray ` and <img>')).toBe('`c` then a stray \\` and \\<img\\>');
    expect(escapeMarkdownKeepingCode('no spans | here')).toBe(escapeMarkdown('no spans | here'));
  });

  it('does not let a span cross a line break', () => {
    expect(escapeMarkdownKeepingCode('`a\nb`')).toBe('\\`a b\\`');
  });
});
