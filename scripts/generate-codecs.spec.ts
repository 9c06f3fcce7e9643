import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

// The script is plain CommonJS (it runs before anything is built), so its types are spelled here.
const generator = require('./generate-codecs.js') as {
  staleReason: (root?: string) => string | null;
  sourcesHash: (root?: string) => string;
  PROTO_FILES: string[];
  CONFIG_FILES: string[];
  OUT: string;
  STAMP: string;
};

describe('generate-codecs', () => {
  it(
    "the checked-out tree's generated codecs match proto/ and the generators' options (else: npm run " + 'generate)',
    () => {
      expect(generator.staleReason()).toBeNull();
    },
  );

  describe('staleReason', () => {
    let root: string;
    const writeStamp = (hash: string) => {
      mkdirSync(join(root, generator.OUT), { recursive: true });
      writeFileSync(join(root, generator.OUT, generator.STAMP), JSON.stringify({ hash }));
    };

    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'wirebench-generate-codecs-'));
      for (const file of [...generator.PROTO_FILES, ...generator.CONFIG_FILES]) {
        mkdirSync(dirname(join(root, file)), { recursive: true });
        copyFileSync(resolve(__dirname, '..', file), join(root, file));
      }
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('says when the code was never generated', () => {
      expect(generator.staleReason(root)).toMatch(/never generated/);
    });

    it('is null while the stamp holds the sources hash', () => {
      writeStamp(generator.sourcesHash(root));
      expect(generator.staleReason(root)).toBeNull();
    });

    it.each([['proto/shapes.proto'], ['proto/sample.proto'], ['libs/codecs/buf.gen.yaml']])(
      'says when %s changed since',
      (file) => {
        writeStamp(generator.sourcesHash(root));
        appendFileSync(join(root, file), '\n// changed\n');
        expect(generator.staleReason(root)).toMatch(/changed since libs\/codecs\/src\/generated was generated/);
      },
    );
  });
});
