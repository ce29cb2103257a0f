import { strict as assert } from 'assert';
import { signBody } from '../../../src/api/keys';
import type { Sandbox } from '../src';
import { registeredKeys } from '../../../test/secrets/registry';
import { post, postSigned, result, rpc, testKeys, testSandbox } from './helpers';

const BODY = JSON.stringify({ jsonrpc: '2.0', id: 'a1', method: 'getTransactions', params: { limit: 1 } });

describe('sandbox HTTP, authentication and envelope', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await testSandbox({ ledgerSize: 20 });
  });
  after(() => sandbox.stop());
  beforeEach(() => sandbox.clearRequests());

  const assertUnauthorized = (answer: { status: number; contentType: string; text: string }): void => {
    assert.equal(answer.status, 401);
    assert.match(answer.contentType, /^text\/plain/);
    assert.equal(answer.text, 'Unauthorized');
  };

  it('listens on 127.0.0.1 and answers POST /v2 with a signed request', async () => {
    assert.match(sandbox.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const answer = await postSigned(sandbox, testKeys().a, BODY);
    assert.equal(answer.status, 200);
    assert.match(answer.contentType, /^application\/json/);
    const body = JSON.parse(answer.text) as { jsonrpc: string; id: string; result: unknown[] };
    assert.equal(body.jsonrpc, '2.0');
    assert.equal(body.id, 'a1');
    assert.equal(body.result.length, 1);
  });

  it('tells onSignature each valid signature it receives, and no refused one', async () => {
    const seen: string[] = [];
    const { a, b } = testKeys();
    const told = await testSandbox({ ledgerSize: 1, onSignature: (signature) => seen.push(signature) });
    try {
      await postSigned(told, b, BODY);
      assert.deepEqual(seen, [], 'an unknown key');
      const answer = await postSigned(told, a, BODY);
      assert.equal(answer.status, 200);
      assert.deepEqual(seen, [signBody(a.privateKey, Buffer.from(BODY))]);
    } finally {
      await told.stop();
    }
  });

  it('answers 401 text/plain Unauthorized without a key, with an unknown key, or without a signature', async () => {
    const { a, b } = testKeys();
    assertUnauthorized(await post(sandbox.url, BODY));
    assertUnauthorized(await postSigned(sandbox, b, BODY));
    assertUnauthorized(await post(sandbox.url, BODY, { headers: { 'X-Api-Key': a.apiKey } }));
    assertUnauthorized(await post(sandbox.url, BODY, { headers: { 'X-Api-Key': a.apiKey, 'X-Api-Signature': '' } }));
    assert.deepEqual(
      sandbox.requests.map((r) => [r.outcome, r.httpStatus, r.method]),
      Array.from({ length: 4 }, () => ['unauthorized', 401, undefined]),
    );
  });

  it('answers 401 for a wrong signature or a body changed after signing', async () => {
    const { a, b } = testKeys();
    const bytes = Buffer.from(BODY);
    const signature = signBody(a.privateKey, bytes);
    const tampered = Buffer.from(bytes);
    tampered[tampered.indexOf('1')] = '2'.charCodeAt(0);
    assertUnauthorized(
      await post(sandbox.url, tampered, { headers: { 'X-Api-Key': a.apiKey, 'X-Api-Signature': signature } }),
    );
    assertUnauthorized(
      await post(sandbox.url, bytes, {
        headers: { 'X-Api-Key': a.apiKey, 'X-Api-Signature': signBody(b.privateKey, bytes) },
      }),
    );
    assertUnauthorized(
      await post(sandbox.url, bytes, { headers: { 'X-Api-Key': a.apiKey, 'X-Api-Signature': 'not base64 at all!' } }),
    );
    const reserialized = JSON.stringify(JSON.parse(BODY), null, 2);
    assertUnauthorized(
      await post(sandbox.url, reserialized, { headers: { 'X-Api-Key': a.apiKey, 'X-Api-Signature': signature } }),
    );
  });

  it('verifies the raw bytes as sent: pretty-printed or unusual bodies pass when they are what was signed', async () => {
    const pretty = `  {\n  "params": {"limit": 2},\n  "method": "getTransactions",\n  "id": "p1",\n  "jsonrpc": "2.0"\n}\n`;
    const answer = await postSigned(sandbox, testKeys().a, pretty);
    assert.equal(answer.status, 200);
    assert.equal((JSON.parse(answer.text) as { result: unknown[] }).result.length, 2);
    const unicode = JSON.stringify({ jsonrpc: '2.0', id: 'ü✓', method: 'getStatus', params: { id: 'naïve-ïd' } });
    const error = JSON.parse((await postSigned(sandbox, testKeys().a, unicode)).text) as {
      id: string;
      error: { message: string };
    };
    assert.equal(error.id, 'ü✓');
    assert.equal(error.error.message, 'Parameter id is invalid');
  });

  it('accepts keys registered later, in any accepted form, and forgets unregistered ones', async () => {
    const fresh = registeredKeys();
    const { b } = testKeys();
    assertUnauthorized(await postSigned(sandbox, b, BODY));
    assert.equal(sandbox.registerKey(b.publicKey), b.apiKey);
    assert.equal((await postSigned(sandbox, b, BODY)).status, 200);
    assert.equal(sandbox.unregisterKey(b.apiKey), true);
    assertUnauthorized(await postSigned(sandbox, b, BODY));
    assert.equal(sandbox.registerKey(fresh), fresh.apiKey);
    assert.equal(sandbox.registerKey(fresh.publicKeyBase64), fresh.apiKey);
    assert.equal(sandbox.registerKey(fresh.privateKeyHex), fresh.apiKey);
    assert.equal(sandbox.registerKey(b), b.apiKey);
    assert.equal(sandbox.registerKey(b.publicKey.export({ format: 'pem', type: 'spki' }).toString()), b.apiKey);
    sandbox.unregisterKey(b.apiKey);
    sandbox.unregisterKey(fresh.apiKey);
  });

  it('answers -32700 Parse error with id null for a body that is not JSON', async () => {
    for (const text of ['{"jsonrpc":"2.0",', 'hello', '']) {
      const answer = await postSigned(sandbox, testKeys().a, text);
      assert.equal(answer.status, 200);
      assert.deepEqual(JSON.parse(answer.text), {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'Parse error' },
      });
    }
  });

  it('answers -32600 Invalid Request for an envelope without jsonrpc 2.0, id or method, or with params null', async () => {
    const cases: [unknown, unknown][] = [
      [{ id: 'e1', method: 'getStatus', params: { id: 'x' } }, 'e1'],
      [{ jsonrpc: '1.0', id: 'e2', method: 'getStatus', params: { id: 'x' } }, 'e2'],
      [{ jsonrpc: '2.0', method: 'getStatus', params: { id: 'x' } }, null],
      [{ jsonrpc: '2.0', id: null, method: 'getStatus', params: { id: 'x' } }, null],
      [{ jsonrpc: '2.0', id: 'e5', params: { id: 'x' } }, 'e5'],
      [{ jsonrpc: '2.0', id: 'e6', method: 7, params: { id: 'x' } }, 'e6'],
      [{ jsonrpc: '2.0', id: 'e7', method: 'getStatus', params: null }, 'e7'],
      [[{ jsonrpc: '2.0', id: 'e8', method: 'getStatus', params: { id: 'x' } }], null],
      ['just a string', null],
    ];
    for (const [body, id] of cases) {
      const answer = await postSigned(sandbox, testKeys().a, JSON.stringify(body));
      assert.equal(answer.status, 200);
      assert.deepEqual(
        JSON.parse(answer.text),
        { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid Request' } },
        JSON.stringify(body),
      );
    }
  });

  it('answers -32601 Method not found for an unknown method, echoing the id (numbers too)', async () => {
    const answer = await rpc(sandbox, 'getCurrenciesShort', {}, testKeys().a, 77);
    assert.deepEqual(answer, { jsonrpc: '2.0', id: 77, error: { code: -32601, message: 'Method not found' } });
    assert.equal((await rpc(sandbox, 'getstatus', { id: 'x' })).error?.code, -32601, 'method names are case-sensitive');
  });

  it('answers -32603 Internal Error when an operation fails unexpectedly', async () => {
    const ledger = sandbox.ledger;
    const original = ledger.statusOf.bind(ledger);
    ledger.statusOf = () => {
      throw new Error('boom');
    };
    try {
      const answer = await rpc(sandbox, 'getStatus', { id: 'anything1' }, testKeys().a, 'i1');
      assert.deepEqual(answer, { jsonrpc: '2.0', id: 'i1', error: { code: -32603, message: 'Internal Error' } });
    } finally {
      ledger.statusOf = original;
    }
    assert.equal(sandbox.requests.at(-1)?.errorCode, -32603);
  });

  it('answers 404 text/plain for other paths and HTTP methods, and 413 for huge bodies', async () => {
    const { a } = testKeys();
    for (const [path, method] of [
      ['/', 'POST'],
      ['/v1', 'POST'],
      ['/v2/extra', 'POST'],
      ['/v2', 'GET'],
      ['/v2', 'PUT'],
    ]) {
      const answer = await postSigned(sandbox, a, method === 'GET' ? '' : BODY, { path, method });
      assert.equal(answer.status, 404, `${method} ${path}`);
      assert.match(answer.contentType, /^text\/plain/);
      assert.equal(answer.text, 'Not Found');
    }
    assert.equal((await postSigned(sandbox, a, BODY, { path: '/v2/' })).status, 200);
    assert.equal((await postSigned(sandbox, a, BODY, { path: '/v2?x=1' })).status, 200);
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 'h',
      method: 'getStatus',
      params: { id: 'x'.repeat(1_100_000) },
    });
    assert.equal((await postSigned(sandbox, a, huge)).status, 413);
  });

  it('logs every request: arrival time, key, method, params and outcome', async () => {
    const { a } = testKeys();
    const before = performance.now();
    await result(sandbox, 'getTransactions', { status: ['waiting', 'hold'], currency: 'btc', limit: 5 });
    await rpc(sandbox, 'getStatus', { id: 'nosuchid12345' });
    await rpc(sandbox, 'nope', {});
    await post(sandbox.url, BODY);
    const log = sandbox.requests;
    assert.equal(log.length, 4);
    const [first, second, third, fourth] = log;
    assert.equal(first.method, 'getTransactions');
    assert.deepEqual(first.params, { status: ['waiting', 'hold'], currency: 'btc', limit: 5 });
    assert.equal(first.apiKey, a.apiKey);
    assert.equal(first.outcome, 'ok');
    assert.equal(first.httpStatus, 200);
    assert.ok(first.at >= before && first.at <= performance.now());
    assert.equal(typeof first.id, 'string');
    assert.deepEqual(
      [second.outcome, second.errorCode, second.errorMessage],
      ['error', -32602, 'Parameter id is invalid'],
    );
    assert.deepEqual([third.outcome, third.errorCode], ['error', -32601]);
    assert.deepEqual([fourth.outcome, fourth.httpStatus, fourth.apiKey], ['unauthorized', 401, undefined]);
    assert.ok(log.every((e, i) => i === 0 || (e.seq === log[i - 1].seq + 1 && e.at >= log[i - 1].at)));
    sandbox.clearRequests();
    assert.equal(sandbox.requests.length, 0);
  });

  it('keeps params only of requests run as an operation, and nothing from an unauthenticated body', async () => {
    const { a, b } = testKeys();
    const secret = { id: 'secret-looking-param' };
    const envelope = (method: string, id: string): string =>
      JSON.stringify({ jsonrpc: '2.0', id, method, params: secret });
    await postSigned(sandbox, b, envelope('getStatus', 'u1'));
    await post(sandbox.url, envelope('getStatus', 'u2'), {
      headers: { 'X-Api-Key': a.apiKey, 'X-Api-Signature': 'forged' },
    });
    await postSigned(sandbox, a, envelope('getStatus', 'n1'), { path: '/elsewhere' });
    await postSigned(sandbox, a, '{"jsonrpc":"2.0","id":"p1","method":"getStatus","params":');
    await postSigned(sandbox, a, JSON.stringify({ jsonrpc: '1.0', id: 'v1', method: 'getStatus', params: secret }));
    await postSigned(sandbox, a, envelope('noSuchMethod', 'm1'));
    await postSigned(sandbox, a, envelope('getStatus', 'o1'));
    assert.deepEqual(
      sandbox.requests.map((e) => [e.outcome, e.errorCode, e.id, e.method, e.params, e.paramsBytes]),
      [
        ['unauthorized', undefined, null, undefined, undefined, undefined],
        ['unauthorized', undefined, null, undefined, undefined, undefined],
        ['not-found', undefined, null, undefined, undefined, undefined],
        ['error', -32700, null, undefined, undefined, undefined],
        ['error', -32600, 'v1', undefined, undefined, undefined],
        ['error', -32601, 'm1', 'noSuchMethod', undefined, undefined],
        ['error', -32602, 'o1', 'getStatus', { id: 'secret-looking-param' }, 29],
      ],
    );
  });

  it('stops idempotently and refuses connections afterwards', async () => {
    const own = await testSandbox({ ledgerSize: 0 });
    await own.stop();
    await own.stop();
    await assert.rejects(post(own.url, BODY), /ECONNREFUSED/);
  });
});
