import { strict as assert } from 'assert';
import * as http from 'http';
import { ExchangeClient } from '../../../src/api';
import { fingerprint } from '../../../src/api/keys';
import { MAX_JOURNAL_TEXT_BYTES } from '../../../src/shared/requestJournal';
import type { Sandbox } from '../src';
import { journalEntry } from '../src/requestLog';
import { MAX_BODY_BYTES } from '../src/server';
import { post, postSigned, rpc, testKeys, testSandbox } from './helpers';

/** getTransactions params of 1 000 022 bytes as JSON: 100 000 times the status `waiting`, limit 1. */
const LARGE_PARAMS = { status: Array.from({ length: 100_000 }, () => 'waiting'), limit: 1 };

/** A getTransactions body of exactly `size` bytes (its extraId filled with x's). */
function bodyOf(size: number, id: string): string {
  const empty = JSON.stringify({ jsonrpc: '2.0', id, method: 'getTransactions', params: { extraId: '' } });
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'getTransactions',
    params: { extraId: 'x'.repeat(size - empty.length) },
  });
}

describe('the request journal: bounded entries', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await testSandbox({ ledgerSize: 5 });
  });
  afterEach(() => sandbox.stop());

  it('keeps the method, the size and the first 4 KiB of calls near the 1 MiB body limit', async () => {
    for (const id of ['big1', 'big2']) {
      const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'getTransactions', params: LARGE_PARAMS });
      assert.ok(body.length <= MAX_BODY_BYTES, 'the call is within the body limit');
      const answer = await postSigned(sandbox, testKeys().a, body);
      assert.equal((JSON.parse(answer.text) as { result: unknown[] }).result.length, 1, 'the call was run');
    }
    assert.deepEqual(
      sandbox.requests.map((e) => [e.id, e.method, e.outcome, e.bodyBytes, e.paramsBytes, e.params, e.bodyCut]),
      [
        ['big1', 'getTransactions', 'ok', 1_000_088, 1_000_022, undefined, true],
        ['big2', 'getTransactions', 'ok', 1_000_088, 1_000_022, undefined, true],
      ],
    );
    for (const entry of sandbox.requests) {
      assert.equal(Buffer.byteLength(entry.body), MAX_JOURNAL_TEXT_BYTES);
      const kept = Buffer.byteLength(JSON.stringify(journalEntry(entry)));
      assert.ok(kept < 3 * MAX_JOURNAL_TEXT_BYTES, `the entry holds ${kept} bytes of JSON, not the params`);
    }
  });

  it('reads params back from a body kept whole (up to 4 KiB), and keeps only their size past it', async () => {
    await postSigned(sandbox, testKeys().a, bodyOf(MAX_JOURNAL_TEXT_BYTES, 'at'));
    await postSigned(sandbox, testKeys().a, bodyOf(MAX_JOURNAL_TEXT_BYTES + 1, 'over'));
    await rpc(sandbox, 'getTransactions', { extraId: 'é'.repeat(505) }, testKeys().a, 'utf8');
    const [at, over, utf8] = sandbox.requests;
    assert.deepEqual([at.bodyCut, over.bodyCut, utf8.bodyCut], [false, true, false]);
    assert.deepEqual(at.params, (JSON.parse(bodyOf(MAX_JOURNAL_TEXT_BYTES, 'at')) as { params: unknown }).params);
    assert.equal(over.params, undefined);
    const overParams = (JSON.parse(bodyOf(MAX_JOURNAL_TEXT_BYTES + 1, 'over')) as { params: unknown }).params;
    assert.equal(over.paramsBytes, JSON.stringify(overParams).length);
    assert.deepEqual(utf8.params, { extraId: 'é'.repeat(505) });
  });

  it('hands each reader its own copy of the params kept', async () => {
    await rpc(sandbox, 'getTransactions', { currency: ['btc'], limit: 1 });
    const [entry] = sandbox.requests;
    (entry.params as { currency: string[] }).currency.push('eth');
    assert.deepEqual(entry.params, { currency: ['btc'], limit: 1 });
  });

  it('journals a correct request as accepted, with its client, the body as it arrived and the answer as sent', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 'ok1', method: 'getTransactions', params: { limit: 1 } });
    const answer = await postSigned(sandbox, testKeys().a, body, { headers: { 'User-Agent': 'my-backend/1.0' } });
    const entry = journalEntry(sandbox.requests[0]);
    assert.deepEqual(
      { ...entry, timeMs: 0, time: '', durationMs: 0 },
      {
        seq: 1,
        timeMs: 0,
        time: '',
        httpMethod: 'POST',
        path: '/v2',
        method: 'getTransactions',
        id: 'ok1',
        outcome: 'ok',
        httpStatus: 200,
        durationMs: 0,
        apiKey: fingerprint(testKeys().a.apiKey),
        client: 'my-backend/1.0',
        own: false,
        body,
        bodyBytes: body.length,
        bodyCut: false,
        redacted: false,
        answer: answer.text,
      },
    );
    assert.equal(entry.time, new Date(sandbox.clock.now()).toISOString());
    assert.ok(entry.durationMs !== null && entry.durationMs >= 0);
    assert.ok(!JSON.stringify(entry).includes(testKeys().a.apiKey), 'the API key as a fingerprint only');
  });

  it("tells the extension's own requests by their User-Agent", async () => {
    const client = new ExchangeClient({ baseUrl: sandbox.url, credentials: testKeys().a });
    try {
      await client.getTransactions({ limit: 1 });
    } finally {
      client.dispose();
    }
    await post(sandbox.url, '{}');
    assert.deepEqual(
      sandbox.requests.map((e) => [journalEntry(e).own, e.outcome]),
      [
        [true, 'ok'],
        [false, 'unauthorized'],
      ],
    );
  });

  it('redacts a private key in a body (PEM, hex or base64 DER) and a secret member', async () => {
    const { privateKey } = testKeys().b;
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const hex = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('hex');
    const base64 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const bodies = [
      JSON.stringify({ jsonrpc: '2.0', id: 'p', method: 'getStatus', params: { id: 'x', key: pem } }),
      JSON.stringify({ jsonrpc: '2.0', id: 'h', method: 'getStatus', params: { id: hex } }),
      `key=${base64}`,
      JSON.stringify({ action: 'setHook', secret: 'a-signing-secret-of-ours' }),
    ];
    for (const body of bodies) await post(sandbox.url, body);
    await postSigned(sandbox, testKeys().a, bodies[1]);
    const entries = sandbox.requests.map(journalEntry);
    assert.deepEqual(
      entries.map((e) => e.redacted),
      [true, true, true, true, true],
    );
    const text = JSON.stringify(entries);
    for (const piece of [pem.split('\n')[3], hex.slice(200, 264), base64.slice(300, 364), 'a-signing-secret']) {
      assert.ok(piece && !text.includes(piece), `no piece of ${piece?.slice(0, 10) ?? ''}… in the journal`);
    }
    assert.match(entries[0].body, /"key":"\[redacted\]/);
    assert.equal(sandbox.requests[4].params, undefined, 'no params read from a redacted body');
  });

  it('keeps the last 1,000 of 10,000 requests', async function () {
    this.timeout(120_000);
    const small = await testSandbox({ ledgerSize: 1 });
    try {
      // Eight kept-alive connections, each sending its share in turn.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
      const send = (n: number): Promise<void> =>
        new Promise((resolve, reject) => {
          const request = http.request(`${small.url}/v2`, { method: 'POST', agent }, (answer) => {
            answer.resume();
            answer.on('end', resolve);
          });
          request.on('error', reject);
          request.end(`{"n":${n}}`);
        });
      try {
        await Promise.all(
          Array.from({ length: 8 }, async (_, lane) => {
            for (let n = lane; n < 10_000; n += 8) await send(n);
          }),
        );
      } finally {
        agent.destroy();
      }
      assert.equal(small.requests.length, 1000);
      assert.deepEqual([small.requests[0].seq, small.requests[999].seq], [9001, 10_000], 'the newest, oldest first');
    } finally {
      await small.stop();
    }
  });

  it('keeps as many entries as journalSize says', async () => {
    const small = await testSandbox({ ledgerSize: 1, journalSize: 3 });
    try {
      for (let i = 0; i < 5; i++) await post(small.url, '{}');
      assert.deepEqual(
        small.requests.map((e) => e.seq),
        [3, 4, 5],
      );
    } finally {
      await small.stop();
    }
  });
});
