/**
 * The diagnosis of refused requests: each mistake sent by a client written here from the service's
 * public documentation ("Authentication": X-Api-Key = base64 SHA-256 of the DER PKCS#1 public key,
 * X-Api-Signature = base64 RSA-SHA256 of the body; the private key as hex of DER PKCS#8), with
 * node:crypto and fetch only, and each found with its code and nothing else.
 */
import { strict as assert } from 'assert';
import * as crypto from 'crypto';
import type { DiagnosisCode } from '../../../src/shared/requestJournal';
import type { Sandbox } from '../src';
import { testKeys, testSandbox } from './helpers';

/** The documented signing, by hand. */
function docsSigner(hex: string): { apiKey: string; sign: (bytes: Buffer | string) => Buffer } {
  const key = crypto.createPrivateKey({ key: Buffer.from(hex, 'hex'), format: 'der', type: 'pkcs8' });
  const publicDer = crypto.createPublicKey(key).export({ format: 'der', type: 'pkcs1' });
  return {
    apiKey: crypto.createHash('sha256').update(publicDer).digest('base64'),
    sign: (bytes) => crypto.sign('sha256', typeof bytes === 'string' ? Buffer.from(bytes) : bytes, key),
  };
}

const BODY = { jsonrpc: '2.0', id: 'd1', method: 'getTransactions', params: { limit: 1, currency: ['btc'] } };
const COMPACT = JSON.stringify(BODY);

describe('the diagnosis of refused requests, sent by a client written from the documentation', function () {
  this.timeout(30_000);
  let sandbox: Sandbox;
  const a = docsSigner(testKeys().aHex);
  const otherKeyHex = testKeys().b.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('hex');
  const b = docsSigner(otherKeyHex);

  before(async () => {
    sandbox = await testSandbox({ ledgerSize: 3, rateLimit: { limit: 1, windowMs: 3_600_000 } });
  });
  after(() => sandbox.stop());
  beforeEach(() => sandbox.clearRequests());

  async function send(
    body: Buffer | string,
    headers: Record<string, string>,
    options: { path?: string; method?: string } = {},
  ): Promise<number> {
    const answer = await fetch(`${sandbox.url}${options.path ?? '/v2'}`, {
      method: options.method ?? 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(options.method === 'GET' ? {} : { body: typeof body === 'string' ? body : new Uint8Array(body) }),
    });
    await answer.text();
    return answer.status;
  }

  /** Signs `signed` with the documented steps and sends `sent` (the same unless given). */
  function signed(signedBytes: Buffer | string, sent: Buffer | string = signedBytes, signer = a): Promise<number> {
    return send(sent, { 'X-Api-Key': signer.apiKey, 'X-Api-Signature': signer.sign(signedBytes).toString('base64') });
  }

  /** The one request's diagnosis: its code and words (asserts there was exactly one request). */
  function found(): { code: DiagnosisCode | undefined; words: string } {
    assert.equal(sandbox.requests.length, 1, 'one request');
    const { diagnosis } = sandbox.requests[0];
    return { code: diagnosis?.code, words: diagnosis?.words ?? '' };
  }

  function expect(code: DiagnosisCode, words: RegExp): void {
    const finding = found();
    assert.equal(finding.code, code, finding.words);
    assert.match(finding.words, words);
  }

  it('journals a correct request as accepted, with no diagnosis', async () => {
    assert.equal(await signed(COMPACT), 200);
    assert.deepEqual([sandbox.requests[0].outcome, found().code], ['ok', undefined]);
  });

  it('header-missing: no X-Api-Signature', async () => {
    assert.equal(await send(COMPACT, { 'X-Api-Key': a.apiKey }), 401);
    expect('header-missing', /^X-Api-Signature is missing/);
  });

  it('header-misnamed: "Api-Key" for X-Api-Key', async () => {
    await send(COMPACT, { 'Api-Key': a.apiKey, 'X-Api-Signature': a.sign(COMPACT).toString('base64') });
    expect('header-misnamed', /X-Api-Key is missing, and a header "api-key" was sent/);
  });

  it('api-key-other-form: the digest in hex, of the SPKI form, of the private key, or the public key itself', async () => {
    const key = crypto.createPrivateKey({ key: Buffer.from(testKeys().aHex, 'hex'), format: 'der', type: 'pkcs8' });
    const pub = crypto.createPublicKey(key);
    const sha = (bytes: Buffer): Buffer => crypto.createHash('sha256').update(bytes).digest();
    const forms: [string, RegExp][] = [
      [sha(pub.export({ format: 'der', type: 'pkcs1' })).toString('hex'), /in hex/],
      [sha(pub.export({ format: 'der', type: 'spki' })).toString('base64'), /SPKI/],
      [sha(key.export({ format: 'der', type: 'pkcs8' })).toString('base64'), /of the private key/],
      [pub.export({ format: 'der', type: 'pkcs1' }).toString('base64'), /the public key itself/],
    ];
    for (const [value, words] of forms) {
      sandbox.clearRequests();
      await send(COMPACT, { 'X-Api-Key': value, 'X-Api-Signature': a.sign(COMPACT).toString('base64') });
      expect('api-key-other-form', words);
    }
  });

  it("api-key-unknown: another key pair's API key", async () => {
    assert.equal(await signed(COMPACT, COMPACT, b), 401);
    expect('api-key-unknown', /is a SHA-256 digest, but of no key this sandbox holds/);
  });

  it('api-key-not-digest: the private key itself, or any other text', async () => {
    await send(COMPACT, { 'X-Api-Key': testKeys().aHex, 'X-Api-Signature': a.sign(COMPACT).toString('base64') });
    expect('api-key-not-digest', /carries a private key: never send it/);
    sandbox.clearRequests();
    await send(COMPACT, { 'X-Api-Key': 'my-api-key', 'X-Api-Signature': a.sign(COMPACT).toString('base64') });
    expect('api-key-not-digest', /is not a SHA-256 digest/);
  });

  it('signature-not-base64: base64url, hex, whitespace, no padding', async () => {
    const signature = a.sign(COMPACT);
    const forms: [string, RegExp][] = [
      [signature.toString('base64url'), /base64url/],
      [signature.toString('hex'), /in hex/],
      [
        signature
          .toString('base64')
          .replace(/(.{64})/g, '$1 ')
          .trim(),
        /whitespace/,
      ],
      [signature.toString('base64').replace(/=+$/, ''), /padding/],
    ];
    for (const [value, words] of forms) {
      sandbox.clearRequests();
      assert.equal(await send(COMPACT, { 'X-Api-Key': a.apiKey, 'X-Api-Signature': value }), 401);
      expect('signature-not-base64', words);
    }
  });

  it('signature-other-bytes: signed pretty and sent compact, and the other way round', async () => {
    await signed(JSON.stringify(BODY, null, 2), COMPACT);
    expect('signature-other-bytes', /pretty-printed with 2 spaces .*the exact bytes sent must be the bytes signed/);
    sandbox.clearRequests();
    await signed(COMPACT, JSON.stringify(BODY, null, 2));
    expect('signature-other-bytes', /serialized compact/);
  });

  it('signature-other-bytes: keys reordered, a trailing newline added or removed', async () => {
    const reordered = JSON.stringify({ params: BODY.params, method: BODY.method, id: BODY.id, jsonrpc: BODY.jsonrpc });
    await signed(COMPACT, reordered);
    expect('signature-other-bytes', /keys in the order jsonrpc, id, method, params/);
    sandbox.clearRequests();
    await signed(`${COMPACT}\n`, COMPACT);
    expect('signature-other-bytes', /with a trailing newline/);
    sandbox.clearRequests();
    await signed(COMPACT, `${COMPACT}\n`);
    expect('signature-other-bytes', /without its trailing newline/);
  });

  it('signature-other-bytes: another encoding, or bytes the sandbox cannot rebuild', async () => {
    const accented = JSON.stringify({ ...BODY, params: { ...BODY.params, extraId: 'café' } });
    await signed(Buffer.from(accented, 'latin1'), accented);
    expect('signature-other-bytes', /Latin-1/);
    sandbox.clearRequests();
    await signed(accented.replace('é', '\\u00e9'), accented);
    expect('signature-other-bytes', /escaped as \\u/);
    sandbox.clearRequests();
    await signed(JSON.stringify({ ...BODY, id: 'd2' }), COMPACT);
    expect('signature-other-bytes', /not a re-serialization the sandbox can rebuild/);
  });

  it('signature-other-bytes: a body nested 30,000 deep or over 64 KiB is answered 401, not rebuilt', async () => {
    const deep = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    assert.equal(await signed(`${deep} `, deep), 401);
    expect('signature-other-bytes', /not a re-serialization the sandbox can rebuild/);
    sandbox.clearRequests();
    const large = JSON.stringify({ ...BODY, params: { extraId: 'x'.repeat(70_000) } });
    assert.equal(await signed(`${large}\n`, large), 401);
    expect('signature-other-bytes', /over 64 KiB is not rebuilt/);
  });

  it('signature-other-key: signed with another private key than the API key is of', async () => {
    await send(COMPACT, { 'X-Api-Key': a.apiKey, 'X-Api-Signature': b.sign(COMPACT).toString('base64') });
    expect('signature-other-key', /not made with the private key of this API key/);
    sandbox.clearRequests();
    const bKey = sandbox.registerKey(testKeys().b);
    try {
      await send(COMPACT, { 'X-Api-Key': a.apiKey, 'X-Api-Signature': b.sign(COMPACT).toString('base64') });
      expect('signature-other-key', /made with the key of another API key/);
    } finally {
      sandbox.unregisterKey(bKey);
    }
  });

  it('wrong-path: the method in the path, or GET', async () => {
    assert.equal(await send(COMPACT, {}, { path: '/v2/getTransactions' }), 404);
    expect('wrong-path', /goes in the body's "method"/);
    sandbox.clearRequests();
    assert.equal(await send('', {}, { method: 'GET' }), 404);
    expect('wrong-path', /POST only/);
  });

  it('body-too-large: over 1 MiB', async () => {
    assert.equal(await send(Buffer.alloc(1024 * 1024 + 1, 0x20), {}), 413);
    expect('body-too-large', /over 1 MiB/);
  });

  it('body-not-json, id-not-string, envelope-invalid, method-unknown, params-missing', async () => {
    const cases: [string, DiagnosisCode, RegExp][] = [
      ['limit=1', 'body-not-json', /form data/],
      [JSON.stringify({ jsonrpc: '2.0', method: 'getCurrencies' }), 'id-not-string', /"id" is missing/],
      [JSON.stringify({ jsonrpc: '2.0', id: null, method: 'getCurrencies' }), 'id-not-string', /"id" is null/],
      [JSON.stringify({ jsonrpc: '1.0', id: 'e', method: 'getCurrencies' }), 'envelope-invalid', /"jsonrpc"/],
      [JSON.stringify({ jsonrpc: '2.0', id: 'e', method: 'getstatus', params: {} }), 'method-unknown', /getStatus/],
      [JSON.stringify({ jsonrpc: '2.0', id: 'e', method: 'getStatus' }), 'params-missing', /getStatus needs them/],
    ];
    const fresh = await testSandbox({ ledgerSize: 1 });
    try {
      for (const [body, code, words] of cases) {
        fresh.clearRequests();
        await fetch(`${fresh.url}/v2`, {
          method: 'POST',
          headers: { 'X-Api-Key': a.apiKey, 'X-Api-Signature': a.sign(body).toString('base64') },
          body,
        });
        assert.equal(fresh.requests.length, 1);
        assert.equal(fresh.requests[0].diagnosis?.code, code, body);
        assert.match(fresh.requests[0].diagnosis?.words ?? '', words);
      }
    } finally {
      await fresh.stop();
    }
  });

  it('rate-limited: past the limit of one API key', async () => {
    // The sandbox of this suite takes one request an hour per key; the first test used it.
    assert.equal(await signed(COMPACT), 200);
    expect('rate-limited', /More than 1 requests/);
  });

  it("a control request's refused signature is diagnosed the same way", async () => {
    const body = JSON.stringify({ action: 'clock', nonce: crypto.randomUUID(), at: Date.now() });
    assert.equal(await signed(body, `${body}\n`), 401);
    expect('signature-other-bytes', /without its trailing newline/);
  });
});
