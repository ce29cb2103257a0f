/**
 * "Explain signature", rule by rule: the Markdown rendered for hand-made results (one byte,
 * truncated and not verified), compared whole with golden files (test/golden/requests/
 * signature-explain/); the text with invisible characters shown, the hex dump's layout and
 * printable range, where the text and hex are cut, and a base64 key written without its padding.
 */
import { strict as assert } from 'assert';
import { createPrivateKey } from 'crypto';
import type { SignatureExplanation } from '../../../src/features/requests/signatureExplain';
import { explainSignature, renderExplanation } from '../../../src/features/requests/signatureExplain';
import { noteSignature, registeredKeys } from '../../secrets/registry';
import { assertGolden } from '../support/golden';

const SMALL: SignatureExplanation = {
  key: { format: 'hex-der-pkcs8', formatName: 'hex of DER, PKCS#8 (as the service issues keys)', bits: 2048 },
  apiKey: 'QVBJ',
  bytes: {
    length: 1,
    text: 'x',
    textTruncated: false,
    validUtf8: true,
    hex: '78',
    hexTruncated: false,
    sha256Hex: 'HEX',
    sha256Base64: 'B64',
  },
  algorithm: 'RSA-SHA256 (RSASSA-PKCS1-v1_5 with SHA-256)',
  signature: 'U0lH',
  verified: true,
};

function withBytes(bytes: Partial<SignatureExplanation['bytes']>): SignatureExplanation {
  return { ...SMALL, bytes: { ...SMALL.bytes, ...bytes } };
}

function explain(keyText: string, body: string | Buffer): SignatureExplanation {
  const result = explainSignature(keyText, body);
  if (result.signature !== undefined) noteSignature(result.signature);
  return result;
}

describe('explain signature rules', () => {
  it('renders a one-byte body, verified, exactly', () => {
    assertGolden('requests/signature-explain/one-byte-verified', renderExplanation(SMALL));
  });

  it('renders a cut, invalid and unverified body exactly, saying what is cut', () => {
    const result: SignatureExplanation = {
      ...withBytes({
        length: 70000,
        text: 'ab\ufffd',
        textTruncated: true,
        validUtf8: false,
        hex: '6162ff',
        hexTruncated: true,
      }),
      key: { format: 'pem-pkcs1', formatName: 'PEM, PKCS#1 ("RSA PRIVATE KEY")', bits: 4096 },
      verified: false,
    };
    assertGolden('requests/signature-explain/cut-invalid-unverified', renderExplanation(result));
  });

  it('shows invisible characters as code points, four hex digits at least, but keeps tabs and newlines', () => {
    const text = renderExplanation(withBytes({ text: 'a\tb\nc\u00ad d\u0007\u200b' }));
    assert.ok(text.includes('```\na\tb\nc⟨U+00AD⟩ d⟨U+0007⟩⟨U+200B⟩\n```\n'), text);
  });

  it('dumps 16 bytes a line, two-digit cells, printable ASCII from space to tilde, and no line for no byte', () => {
    const full = renderExplanation(withBytes({ length: 16, hex: '000a1f2021417e7f80ff3039617a2e09' }));
    assert.ok(
      full.includes(
        'As hex (16 bytes):\n\n```\n00000000  00 0a 1f 20 21 41 7e 7f  80 ff 30 39 61 7a 2e 09  |... !A~...09az..|\n```\n',
      ),
      full,
    );
    const twoLines = renderExplanation(withBytes({ length: 17, hex: '4142434445464748494a4b4c4d4e4f5051' }));
    assert.ok(
      twoLines.includes(
        `\`\`\`\n00000000  41 42 43 44 45 46 47 48  49 4a 4b 4c 4d 4e 4f 50  |ABCDEFGHIJKLMNOP|\n00000010  51${' '.repeat(48)}|Q|\n\`\`\`\n`,
      ),
      twoLines,
    );
    const empty = renderExplanation(withBytes({ length: 0, text: '', hex: '' }));
    assert.ok(empty.includes('As hex (0 bytes):\n\n```\n\n```\n'), empty);
  });

  describe('with a key', () => {
    let keyHex: string;

    before(() => {
      keyHex = registeredKeys().privateKeyHex;
    });

    it('cuts the hex after 2048 bytes and the text after 65536 bytes, not at them', () => {
      const at2048 = explain(keyHex, 'x'.repeat(2048)).bytes;
      assert.deepEqual([at2048.length, at2048.hexTruncated, at2048.textTruncated], [2048, false, false]);
      const over2048 = explain(keyHex, 'x'.repeat(2049)).bytes;
      assert.deepEqual(
        [over2048.length, over2048.hexTruncated, over2048.textTruncated, over2048.hex.length],
        [2049, true, false, 4096],
      );
      const at65536 = explain(keyHex, 'x'.repeat(65536)).bytes;
      assert.deepEqual([at65536.length, at65536.textTruncated, at65536.text.length], [65536, false, 65536]);
      const over65536 = explain(keyHex, 'x'.repeat(65537)).bytes;
      assert.deepEqual([over65536.length, over65536.textTruncated, over65536.text.length], [65537, true, 65536]);
    });

    it('names a base64 key without its padding as base64, even when it ends with what looks like hex', () => {
      // Whether an unpadded base64 text has an even length and ends with a hex digit depends on the
      // key; fresh keys are made until one does (about one in three does).
      let found: readonly [string, 'base64-der-pkcs8' | 'base64-der-pkcs1'] | undefined;
      for (let attempt = 0; attempt < 100 && found === undefined; attempt++) {
        const der = Buffer.from(attempt === 0 ? keyHex : registeredKeys().privateKeyHex, 'hex');
        const pkcs1 = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }).export({
          format: 'der',
          type: 'pkcs1',
        });
        for (const [bytes, format] of [
          [der, 'base64-der-pkcs8'],
          [pkcs1, 'base64-der-pkcs1'],
        ] as const) {
          const text = bytes.toString('base64').replace(/=+$/, '');
          if (found === undefined && text.length % 2 === 0 && /[0-9a-fA-F]$/.test(text)) found = [text, format];
        }
      }
      assert.ok(found, 'a key whose unpadded base64 ends with a hex digit');
      const [text, format] = found;
      const result = explain(text, 'body');
      assert.equal(result.key.format, format);
      assert.equal(result.verified, true);
    });
  });
});
