/**
 * "Explain signature": every value it shows is checked with Node's crypto on its own (not with the
 * project's keys module): the bytes, their length and SHA-256, the signature, the API key. Keys in
 * each accepted form; bad keys give a clear error that quotes nothing of them.
 */
import { strict as assert } from 'assert';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'crypto';
import type { KeyObject } from 'crypto';
import { KeyFormatError } from '../../../src/api/exchangeErrors';
import type { GeneratedKeys } from '../../../src/api/keys';
import type { KeyTextFormat } from '../../../src/features/requests/signatureExplain';
import {
  explainSignature,
  MAX_HEX_BYTES,
  MAX_TEXT_BYTES,
  renderExplanation,
} from '../../../src/features/requests/signatureExplain';
import { noteSignature, registeredKeys } from '../../secrets/registry';
import { holdsAny, keyPieces, piecesOf } from './processes';

const BODY = JSON.stringify({ jsonrpc: '2.0', id: 'e1', method: 'getStatus', params: { id: 'ab12cd34ef' } });

describe('explain signature', () => {
  let keys: GeneratedKeys;
  let privateKey: KeyObject;
  let publicKey: KeyObject;

  before(() => {
    keys = registeredKeys();
    privateKey = createPrivateKey({ key: Buffer.from(keys.privateKeyHex, 'hex'), format: 'der', type: 'pkcs8' });
    publicKey = createPublicKey({ key: Buffer.from(keys.publicKeyBase64, 'base64'), format: 'der', type: 'pkcs1' });
  });

  function explain(
    keyText: string,
    body: string | Buffer,
  ): ReturnType<typeof explainSignature> & { readonly signature: string } {
    const result = explainSignature(keyText, body);
    assert.ok(result.signature !== undefined, 'a signature unless it is withheld');
    noteSignature(result.signature);
    return { ...result, signature: result.signature };
  }

  it("withholds the signature of an account's key: not in the result, not in the text, the API key by its fingerprint", () => {
    const body =
      '{"jsonrpc":"2.0","id":"1","method":"createTransaction","params":{"from":"btc","to":"eth","amountFrom":"1","address":"0xabc"}}';
    const real = sign('sha256', Buffer.from(body, 'utf8'), privateKey).toString('base64');
    noteSignature(real);
    const result = explainSignature(keys.privateKeyHex, body, { withSignature: false });
    assert.equal(result.signature, undefined);
    assert.equal(result.verified, true, 'still signed and checked in memory');
    assert.ok(!JSON.stringify(result).includes(real), 'the result holds no signature');
    const text = renderExplanation(result);
    assert.ok(!text.includes(real), 'the text holds no signature');
    assert.ok(!text.includes(keys.apiKey), 'nor the whole API key');
    assert.ok(text.includes(`${keys.apiKey.slice(0, 6)}…${keys.apiKey.slice(-4)} (fingerprint)`), text);
    assert.ok(text.includes(createHash('sha256').update(body).digest('hex')), "the body's hash");
    assert.match(text, /Not shown: this is a key of an account of the service/);
    // The default still shows it (the sandbox's key, a pasted one).
    const shown = explainSignature(keys.privateKeyHex, body);
    assert.equal(shown.signature, real);
    assert.ok(renderExplanation(shown).includes(real));
  });

  it('names each accepted key form and its size, and derives the same API key from each', () => {
    const forms: readonly [KeyTextFormat, string][] = [
      ['pem-pkcs8', privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()],
      ['pem-pkcs1', privateKey.export({ format: 'pem', type: 'pkcs1' }).toString()],
      ['hex-der-pkcs8', keys.privateKeyHex],
      ['hex-der-pkcs8', `  ${keys.privateKeyHex.toUpperCase().replace(/(.{64})/g, '$1\n')}  `],
      ['hex-der-pkcs1', privateKey.export({ format: 'der', type: 'pkcs1' }).toString('hex')],
      ['base64-der-pkcs8', privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')],
      ['base64-der-pkcs1', privateKey.export({ format: 'der', type: 'pkcs1' }).toString('base64')],
    ];
    const expectedApiKey = createHash('sha256').update(Buffer.from(keys.publicKeyBase64, 'base64')).digest('base64');
    for (const [format, text] of forms) {
      const result = explain(text, BODY);
      assert.equal(result.key.format, format);
      assert.equal(result.key.bits, 2048);
      assert.ok(result.key.formatName.length > 0);
      assert.equal(result.apiKey === expectedApiKey, true, `${format}: the API key`);
    }
  });

  it('shows the exact bytes, their length and SHA-256, and a signature that verifies on its own', () => {
    const body = `{"id":"ünï 中文 😀 it's \`x\` $(y)","n":"\\n"}`;
    const bytes = Buffer.from(body, 'utf8');
    const result = explain(keys.privateKeyHex, body);
    assert.equal(result.bytes.length, bytes.length);
    assert.notEqual(result.bytes.length, body.length, 'bytes, not UTF-16 units');
    assert.equal(result.bytes.text, body);
    assert.equal(result.bytes.hex, bytes.toString('hex'));
    assert.equal(result.bytes.hexTruncated, false);
    assert.equal(result.bytes.validUtf8, true);
    assert.equal(result.bytes.sha256Hex, createHash('sha256').update(bytes).digest('hex'));
    assert.equal(result.bytes.sha256Base64, createHash('sha256').update(bytes).digest('base64'));
    assert.ok(
      verify('sha256', bytes, publicKey, Buffer.from(result.signature, 'base64')),
      'verifies with the public key',
    );
    assert.ok(
      result.signature === sign('sha256', bytes, privateKey).toString('base64'),
      'the PKCS#1 v1.5 signature Node makes',
    );
    assert.ok(
      !verify('sha256', Buffer.concat([bytes, Buffer.from(' ')]), publicKey, Buffer.from(result.signature, 'base64')),
      'of these bytes only',
    );
    assert.equal(result.verified, true);
  });

  it('takes a Buffer as it is, invalid UTF-8 included', () => {
    const bytes = Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const result = explain(keys.privateKeyHex, bytes);
    assert.equal(result.bytes.length, 6);
    assert.equal(result.bytes.hex, '7b22fffe227d');
    assert.equal(result.bytes.validUtf8, false);
    assert.ok(verify('sha256', bytes, publicKey, Buffer.from(result.signature, 'base64')));
    assert.match(renderExplanation(result), /not valid UTF-8/);
  });

  it('bounds the hex and the text it shows, while the length and hash cover every byte', () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 'big',
      method: 'getStatus',
      params: { id: 'x'.repeat(MAX_TEXT_BYTES) },
    });
    const bytes = Buffer.from(body, 'utf8');
    const result = explain(keys.privateKeyHex, body);
    assert.equal(result.bytes.length, bytes.length);
    assert.equal(result.bytes.hex, bytes.subarray(0, MAX_HEX_BYTES).toString('hex'));
    assert.equal(result.bytes.hex.length, 2 * MAX_HEX_BYTES);
    assert.equal(result.bytes.hexTruncated, true);
    assert.equal(result.bytes.textTruncated, true);
    assert.equal(result.bytes.text, bytes.subarray(0, MAX_TEXT_BYTES).toString('utf8'));
    assert.equal(result.bytes.sha256Hex, createHash('sha256').update(bytes).digest('hex'));
    const text = renderExplanation(result);
    assert.match(text, new RegExp(`first ${MAX_HEX_BYTES} bytes of ${bytes.length} bytes`));
    assert.match(text, /length and SHA-256 above cover all/);
    assert.ok(!/[0-9a-f]{64,}/.test(text.replace(result.bytes.sha256Hex, '')), 'hex shown as a dump, no long runs');
  });

  it('renders every value, and fences the body so that its backticks and invisible characters cannot break out', () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 'r1', method: 'getStatus', params: { id: 'a````b\u202ec\nd' } });
    const result = explain(keys.privateKeyHex, body);
    const text = renderExplanation(result);
    assert.ok(text.includes(result.apiKey), 'the API key');
    assert.ok(text.includes(result.signature), 'the signature');
    assert.ok(text.includes(result.bytes.sha256Hex));
    assert.ok(text.includes(`${Buffer.byteLength(body)} bytes`));
    assert.ok(text.includes('RSA, 2048 bits'));
    assert.match(text, /hex of DER, PKCS#8/);
    assert.match(text, /The signature verifies/);
    assert.ok(!text.includes('\u202e'), 'a bidi override is shown, not applied');
    assert.ok(text.includes('⟨U+202E⟩'));
    const lines = text.split('\n');
    // No language on the fence: a language (even "text") makes VS Code's Markdown preview load its
    // highlighter, which made the first explanation take twice as long to show.
    const open = lines.findIndex((line) => /^`{5,}$/.test(line));
    assert.ok(open >= 0, "a fence longer than the body's run of four backticks");
    const fence = lines[open] ?? '';
    assert.equal(lines[open + 2], fence, 'the fence closes right after the body');
    assert.match(text, /^00000000 {2}7b 22 6a 73 6f 6e 72 70 {2}63 22 3a 22 32 2e 30 22 {2}\|\{"jsonrpc":"2\.0"\|$/m);
  });

  describe('bad keys', () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const cases = (): readonly [string, string, RegExp][] => {
      const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
      const lines = pem.split('\n');
      return [
        ['empty text', '', /not a private key/],
        ['garbage', 'zq-garbage-Xy7!-not-a-key-at-all', /not a private key/],
        ['random hex', 'ab'.repeat(300), /not a DER private key/],
        [
          'a public key',
          publicKey.export({ format: 'pem', type: 'spki' }).toString(),
          /PUBLIC KEY.*private key is needed/,
        ],
        ['a truncated PEM', lines.slice(0, 10).join('\n'), /could not be read as a private key/],
        ['a PEM with damaged base64', pem.replace(/[A-Za-z]{20}/, '!!!!!!!!!!!!!!!!!!!!'), /could not be read/],
        ['a truncated hex key', keys.privateKeyHex.slice(0, 1000), /not a DER private key/],
        ['a 1024-bit RSA key', small.export({ format: 'der', type: 'pkcs8' }).toString('hex'), /1024-bit RSA key/],
        ['an EC key', ec.export({ format: 'pem', type: 'pkcs8' }).toString(), /private key of type EC;/],
      ];
    };

    it('gives a KeyFormatError saying what is wrong, quoting nothing of the key', () => {
      const pieces = keyPieces(keys.privateKeyHex, 16);
      for (const [what, text, message] of cases()) {
        assert.throws(
          () => explainSignature(text, BODY),
          (error: unknown) => {
            assert.ok(error instanceof KeyFormatError, `${what}: a KeyFormatError`);
            assert.match(error.message, message, what);
            assert.equal((error as Error & { cause?: unknown }).cause, undefined, `${what}: no cause`);
            const material = text.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
            if (material.length >= 16)
              assert.ok(!holdsAny(error.message, piecesOf(material, 16)), `${what}: quotes the key text`);
            else if (material.length > 0) assert.ok(!error.message.includes(material), `${what}: quotes the text`);
            assert.ok(!holdsAny(error.message, pieces), `${what}: quotes the private key`);
            return true;
          },
        );
      }
    });
  });
});
