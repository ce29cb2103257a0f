import { strict as assert } from 'assert';
import { createHash, createPublicKey, generateKeyPairSync, verify } from 'crypto';
import {
  KeyFormatError,
  KeyMismatchError,
  deriveApiKey,
  fingerprint,
  generateKeys,
  loadCredentials,
  signBody,
  verifyBody,
} from '../../../src/api';

/** A key pair made exactly as the service's own samples make one. */
function sampleKeys(bits = 2048) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  const publicDer = publicKey.export({ type: 'pkcs1', format: 'der' });
  return {
    privateKey,
    privateHex: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('hex'),
    publicBase64: publicDer.toString('base64'),
    apiKey: createHash('sha256').update(publicDer).digest('base64'),
  };
}

describe('keys', () => {
  const sample = sampleKeys();

  it('reads the hex DER PKCS#8 private key the service issues and derives its API key', () => {
    const credentials = loadCredentials(sample.privateHex);
    assert.equal(credentials.apiKey, sample.apiKey);
    assert.equal(credentials.modulusBits, 2048);
  });

  it('reads the same key as PKCS#8 PEM, PKCS#1 PEM, base64 DER (also with line breaks) and hex with line breaks', () => {
    const forms = [
      sample.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      sample.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      sample.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
      sample.privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
      sample.privateKey
        .export({ type: 'pkcs8', format: 'der' })
        .toString('base64')
        .replace(/(.{64})/g, '$1\n'),
      sample.privateHex.replace(/(.{64})/g, '$1\n'),
      `  ${sample.privateHex.toUpperCase()}  `,
    ];
    for (const form of forms) assert.equal(loadCredentials(form).apiKey, sample.apiKey);
    assert.match(forms[1] ?? '', /BEGIN RSA PRIVATE KEY/);
  });

  it('reads a PEM whose newlines a paste into an input box turned into spaces, or took out', () => {
    for (const type of ['pkcs8', 'pkcs1'] as const) {
      const pem = sample.privateKey.export({ type, format: 'pem' }).toString();
      const forms = [pem.replace(/\n/g, ' '), pem.replace(/\n/g, ''), pem.replace(/\n/g, '\r\n'), ` ${pem.trim()}\t`];
      for (const form of forms)
        assert.equal(loadCredentials(form).apiKey, sample.apiKey, JSON.stringify(form.slice(0, 40)));
    }
  });

  it('accepts the matching API key and reports a different one as its own error', () => {
    assert.equal(loadCredentials(sample.privateHex, ` ${sample.apiKey} `).apiKey, sample.apiKey);
    const other = sampleKeys();
    assert.throws(
      () => loadCredentials(sample.privateHex, other.apiKey),
      (e: unknown) => {
        assert.ok(e instanceof KeyMismatchError);
        assert.equal(e.derivedApiKey, sample.apiKey);
        assert.ok(!e.message.includes(sample.privateHex.slice(0, 40)));
        return true;
      },
    );
  });

  it('rejects non-RSA keys saying what was found', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const ed = generateKeyPairSync('ed25519').privateKey;
    assert.throws(
      () => loadCredentials(ec.export({ type: 'pkcs8', format: 'der' }).toString('hex')),
      (e: unknown) => e instanceof KeyFormatError && /private key of type EC;/.test(e.message),
    );
    assert.throws(
      () => loadCredentials(ed.export({ type: 'pkcs8', format: 'pem' }).toString()),
      (e: unknown) => e instanceof KeyFormatError && /ED25519/.test(e.message),
    );
  });

  it('rejects RSA keys under 2048 bits saying their size', () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    assert.throws(
      () => loadCredentials(small.export({ type: 'pkcs8', format: 'der' }).toString('hex')),
      (e: unknown) => e instanceof KeyFormatError && /1024-bit RSA key/.test(e.message),
    );
  });

  it('rejects public keys, encrypted keys and text that is no key, without echoing the input', () => {
    const publicPem = createPublicKey(sample.privateKey).export({ type: 'spki', format: 'pem' }).toString();
    const encrypted = sample.privateKey
      .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'pw' })
      .toString();
    const cases: [string, RegExp][] = [
      [publicPem, /PUBLIC KEY/],
      [encrypted, /encrypted/],
      ['', /not a private key/],
      ['hello world!', /not a private key/],
      ['abcd', /not a private key/],
      ['ab'.repeat(100), /not a DER private key/],
      ['-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----', /could not be read/],
    ];
    for (const [input, message] of cases) {
      assert.throws(
        () => loadCredentials(input),
        (e: unknown) =>
          e instanceof KeyFormatError && message.test(e.message) && (input.length < 8 || !e.message.includes(input)),
      );
    }
  });

  it('says exactly what it found, for each kind of text that is no usable private key', () => {
    const publicPem = createPublicKey(sample.privateKey).export({ type: 'spki', format: 'pem' }).toString();
    const rsaPublicPem = createPublicKey(sample.privateKey).export({ type: 'pkcs1', format: 'pem' }).toString();
    const encrypted = sample.privateKey
      .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'pw' })
      .toString();
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      .privateKey.export({ type: 'pkcs8', format: 'der' })
      .toString('hex');
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'der' })
      .toString('hex');
    const notKey = 'The text is not a private key: expected hex DER PKCS#8, PEM or base64 DER.';
    const notDer = 'The key bytes are not a DER private key (neither PKCS#8 nor PKCS#1).';
    const cases: [string, string][] = [
      [publicPem, 'Found a PEM "PUBLIC KEY", but a private key is needed.'],
      [rsaPublicPem, 'Found a PEM "RSA PUBLIC KEY", but a private key is needed.'],
      [
        '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
        'Found a PEM "CERTIFICATE", but a private key is needed.',
      ],
      [encrypted, 'Found an encrypted PEM private key; provide it unencrypted.'],
      [
        '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
        'Found a PEM "PRIVATE KEY" block that could not be read as a private key.',
      ],
      ['-----BEGIN-----\nAAAA\n-----END-----', 'Found a PEM "unknown" block that could not be read as a private key.'],
      [ec, 'Found a private key of type EC; the service needs an RSA key.'],
      [small, 'Found a 1024-bit RSA key; the service needs at least 2048 bits.'],
      ['ab'.repeat(31), notKey],
      ['ab'.repeat(32), notDer],
      [`${'ab'.repeat(40)}!!`, notKey],
      [' ab\n'.repeat(32), notDer],
      ['A'.repeat(64), notDer],
      [`${'A'.repeat(64)}!`, notKey],
      [`!${'A'.repeat(64)}`, notKey],
      [`${'A'.repeat(64)}===`, notKey],
    ];
    for (const [input, message] of cases) {
      assert.throws(
        () => loadCredentials(input),
        (e: unknown) => e instanceof KeyFormatError && e.message === message,
        message,
      );
    }
  });

  it('a signature check that cannot run (a key of another kind) is a failed check, not an error', () => {
    const credentials = loadCredentials(sample.privateHex);
    const signature = signBody(credentials.privateKey, Buffer.from('{}'));
    assert.equal(verifyBody(credentials.publicKey, Buffer.from('{}'), signature), true);
    const ed = generateKeyPairSync('ed25519').publicKey;
    assert.equal(verifyBody(ed, Buffer.from('{}'), signature), false);
  });

  it('signs the exact bytes with RSA-SHA256 (PKCS#1 v1.5), base64, verifiable with the sample public key', () => {
    const credentials = loadCredentials(sample.privateHex);
    const body = Buffer.from('{"jsonrpc":"2.0","id":"1","method":"getStatus","params":{"id":"abc123def456"}}');
    const signature = signBody(credentials.privateKey, body);
    const publicKey = createPublicKey({
      key: Buffer.from(sample.publicBase64, 'base64'),
      format: 'der',
      type: 'pkcs1',
    });
    assert.ok(verify('sha256', body, publicKey, Buffer.from(signature, 'base64')));
    assert.ok(verifyBody(credentials.publicKey, body, signature));
    const tampered = Buffer.from(body);
    tampered[tampered.length - 3] ^= 1;
    assert.ok(!verifyBody(credentials.publicKey, tampered, signature));
    assert.ok(!verifyBody(credentials.publicKey, body, 'not-a-signature'));
  });

  it('generates keys in the service sample format', () => {
    const generated = generateKeys();
    assert.match(generated.privateKeyHex, /^[0-9a-f]+$/);
    assert.equal(loadCredentials(generated.privateKeyHex).apiKey, generated.apiKey);
    const pub = createPublicKey({
      key: Buffer.from(generated.publicKeyBase64, 'base64'),
      format: 'der',
      type: 'pkcs1',
    });
    assert.equal(deriveApiKey(pub), generated.apiKey);
  });

  it('derives the same API key from a public key read in any form (PKCS#1 DER or PEM, SPKI), as node 24 reads them too', () => {
    const der = Buffer.from(sample.publicBase64, 'base64');
    // The definition, written out: base64(SHA-256(the DER PKCS#1 bytes)).
    const expected = createHash('sha256').update(der).digest('base64');
    const pkcs1Pem = `-----BEGIN RSA PUBLIC KEY-----\n${(sample.publicBase64.match(/.{1,64}/g) ?? []).join('\n')}\n-----END RSA PUBLIC KEY-----\n`;
    const spkiPem = createPublicKey(sample.privateKey).export({ format: 'pem', type: 'spki' });
    const forms = [
      createPublicKey({ key: der, format: 'der', type: 'pkcs1' }),
      createPublicKey(pkcs1Pem),
      createPublicKey(spkiPem),
      createPublicKey(sample.privateKey),
    ];
    assert.deepEqual(forms.map(deriveApiKey), [expected, expected, expected, expected]);
    assert.equal(expected, sample.apiKey);
  });

  it('shows only a short fingerprint of an API key', () => {
    const fp = fingerprint(sample.apiKey);
    assert.ok(fp.length < 14);
    assert.ok(sample.apiKey.startsWith(fp.slice(0, 6)));
  });
});
