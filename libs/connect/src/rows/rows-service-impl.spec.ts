import type { DescService } from '@bufbuild/protobuf';
import { NumericService, SampleService } from '@app/codecs';
import { InflightBudget } from '@app/serving';
import { ConnectRows } from './connect-rows';
import { rowsServiceImpl } from './rows-service-impl';

describe('rowsServiceImpl', () => {
  const rows = new ConnectRows({ maxRows: 10, maxStreamRows: 10, bufferBytes: 1024 }, new InflightBudget(1024));

  it('maps each method by its kind, whatever it is called', () => {
    expect(Object.keys(rowsServiceImpl(rows, SampleService)).sort()).toEqual(['getSamples', 'streamSamples']);
    expect(Object.keys(rowsServiceImpl(rows, NumericService)).sort()).toEqual(['getRows', 'streamRows']);
  });

  it('refuses a method that is neither unary nor server streaming, naming it', () => {
    const service = {
      typeName: 'x.Chat',
      methods: [{ name: 'Talk', localName: 'talk', methodKind: 'bidi_streaming' }],
    } as unknown as DescService;
    expect(() => rowsServiceImpl(rows, service)).toThrow(
      'x.Chat.Talk is bidi_streaming: the rows services have unary and server-streaming methods only',
    );
  });
});
