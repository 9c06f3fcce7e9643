import { linePattern, shownOutputsOf, unmatched } from './shown-output';

describe('the docs output checks', () => {
  it('pairs each output block with the runnable block before it, the start command by name', () => {
    const blocks = [
      { info: 'sh runnable', lines: ['npm run start:all'], line: 1 },
      { info: 'output', lines: ['wirebench: a up', ''], line: 4 },
      { info: 'sh runnable', lines: ['curl x'], line: 8 },
      { info: 'json output', lines: ['{"a":1}'], line: 11 },
      { info: 'bash', lines: ['not checked'], line: 14 },
    ];
    const runnable = (b: { info: string; lines: string[] }) =>
      b.info !== 'sh runnable' ? null : b.lines.includes('npm run start:all') ? 'START' : '';
    expect(shownOutputsOf('README.md', blocks, runnable)).toEqual([
      { where: 'README.md:4', of: 'START', json: false, lines: ['wirebench: a up'] },
      { where: 'README.md:11', of: 'README.md:8', json: true, lines: ['{"a":1}'] },
    ]);
  });

  it('lets numbers and `...` differ, nothing else', () => {
    const shown = '[json] ... LOG [json-server] JSON server listening on http://127.0.0.1:3001 (GET /samples/:count)';
    expect(
      linePattern(shown).test(
        '[json] [Nest] 3099  - 11/28/2026, 2:47:43 AM     LOG [json-server] JSON server listening on ' +
          'http://127.0.0.1:4301 (GET /samples/:count)',
      ),
    ).toBe(true);
    expect(
      linePattern('wirebench: json, grpc up; Ctrl-C stops them all').test(
        'wirebench: json, grpc, bare-connect up; Ctrl-C stops them all',
      ),
    ).toBe(false);
  });

  it('names what the real output lacks: a line, or a JSON key', () => {
    expect(
      unmatched({ json: false, lines: ['took 12 ms', 'gone line'] }, 'x\n\u001b[32mtook 9.5 ms\u001b[0m\n'),
    ).toEqual(['gone line']);
    expect(
      unmatched(
        { json: true, lines: ['{"ratio":{"medianGrpcOverJson":2.83,...},"tooFewRuns":false}'] },
        '{"ratio":{"medianGrpcOverJson":2.8}}',
      ),
    ).toEqual(['key "tooFewRuns"']);
  });
});
