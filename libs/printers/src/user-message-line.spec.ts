import { SAMPLE_RUN } from '@app/explain';
import { printMarkdown } from './markdown.printer';
import { userMessageLine } from './user-message-line';

const SOURCE = {
  protoFile: '/p/order.proto',
  message: 'shop.v1.Order',
  sampleFile: '/p/order.sample.json',
  counterField: 'order_number',
  protoSha256: 'a'.repeat(64),
  sampleSha256: 'b'.repeat(64),
};

describe('userMessageLine', () => {
  it('names the message, its files with their SHA-256 and the counter field; nothing for built-in shapes', () => {
    expect(userMessageLine(SAMPLE_RUN.scenarios)).toBeNull();
    const results = [
      SAMPLE_RUN.scenarios[0],
      { ...SAMPLE_RUN.scenarios[0], shape: 'user' as const, shapeSource: SOURCE },
    ];
    expect(userMessageLine(results)).toBe(
      `shape user is your message shop.v1.Order from /p/order.proto ` +
        `(SHA-256 ${'a'.repeat(64)}), the sample /p/order.sample.json ` +
        `(SHA-256 ${'b'.repeat(64)}) repeated with the row number in order_number`,
    );
  });

  it('heads summary.md when the run measured the user message', () => {
    const run = {
      ...SAMPLE_RUN,
      scenarios: SAMPLE_RUN.scenarios.map((r) => ({ ...r, shape: 'user' as const, shapeSource: SOURCE })),
    };
    expect(printMarkdown(run)).toContain('- **Message:** shape user is your message shop.v1.Order from /p/order.proto');
    expect(printMarkdown(SAMPLE_RUN)).not.toContain('**Message:**');
  });
});
