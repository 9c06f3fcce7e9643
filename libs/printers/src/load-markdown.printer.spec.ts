import { SAMPLE_RUN } from '@app/explain';
import { printLoadMarkdown } from './load-markdown.printer';

const loadRun = (label: string | null) => ({
  ...SAMPLE_RUN,
  kind: 'load' as const,
  scenarios: undefined,
  targets: {},
  levels: [],
  label,
});

describe('printLoadMarkdown', () => {
  it('heads the report with an ordinary label as it is', () => {
    expect(printLoadMarkdown(loadRun('laptop, "quiet" run (v1.2)')).split('\n')[0]).toBe(
      '# wirebench load: laptop, "quiet" run (v1.2)',
    );
  });

  it('heads it with a hostile label as typed: its tags, emphasis and line breaks are text', () => {
    const text = printLoadMarkdown(loadRun('<img src=x onerror=alert(1)> _a_\n- **b**'));
    expect(text.split('\n')[0]).toBe('# wirebench load: \\<img src=x onerror=alert(1)\\> \\_a\\_ - \\*\\*b\\*\\*');
    expect(text).not.toMatch(/(^|[^\\])<img/);
  });
});
