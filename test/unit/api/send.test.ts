import { strict as assert } from 'assert';
import { CancelledError, fingerprint } from '../../../src/api';
import { startHarness } from './support';
import type { Harness } from './support';

describe('ExchangeClient.send: a body as written, the answer as it arrived', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ ledgerSize: 5, rateLimit: false });
  });
  after(() => h.sandbox.stop());
  beforeEach(() => h.sandbox.clearRequests());

  it('signs and sends the exact bytes, spaces and key order included, and returns the raw answer', async () => {
    const id = h.sandbox.ledger.visible()[0]?.id ?? '';
    const body = Buffer.from(`{ "method" : "getStatus",\n  "params": {"id": "${id}"}, "id": 7, "jsonrpc": "2.0" }`);
    const answer = await h.client().send(body);
    assert.equal(answer.status, 200);
    assert.match(answer.contentType, /json/);
    const parsed = JSON.parse(answer.text) as { id: number; result: string };
    assert.equal(parsed.id, 7);
    assert.equal(typeof parsed.result, 'string');
    assert.equal(answer.bytesSent, body.length);
    assert.ok(answer.durationMs >= 0 && answer.queuedMs >= 0);
    assert.equal(h.sandbox.requests.length, 1);
    assert.equal(h.sandbox.requests[0]?.outcome, 'ok');
  });

  it('gives the service its own say on bad params: the -32602 comes back as text, not as a thrown error', async () => {
    const answer = await h
      .client()
      .send(
        Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 'x', method: 'getTransactions', params: { limit: 1000 } })),
      );
    assert.equal(answer.status, 200);
    const parsed = JSON.parse(answer.text) as { error: { code: number } };
    assert.equal(parsed.error.code, -32602);
  });

  it('returns a 401 and a non-JSON body as they are', async () => {
    const stranger = await startHarness({ ledgerSize: 0 });
    try {
      stranger.sandbox.unregisterKey(stranger.credentials.apiKey);
      const answer = await stranger.client().send(Buffer.from('{"method":"getStatus"}'));
      assert.equal(answer.status, 401);
      assert.equal(answer.text, 'Unauthorized');
    } finally {
      await stranger.sandbox.stop();
    }
  });

  it('reports the headers it sent with the key and the signature as fingerprints only', async () => {
    const answer = await h
      .client()
      .send(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"getTransactions","params":{"limit":1}}'));
    assert.equal(answer.sent['X-Api-Key'], fingerprint(h.credentials.apiKey));
    assert.notEqual(answer.sent['X-Api-Key'], h.credentials.apiKey);
    assert.ok(answer.sent['X-Api-Signature'].length <= 12, 'a fingerprint, not the signature');
  });

  it('holds the key limiter after a rate-limit answer, as every call does', async () => {
    const limited = await startHarness({ ledgerSize: 0, rateLimit: { limit: 1, windowMs: 60_000 } });
    try {
      const client = limited.client();
      const body = Buffer.from('{"jsonrpc":"2.0","id":1,"method":"getTransactions","params":{"limit":1}}');
      const first = await client.send(body);
      assert.equal(first.status, 200);
      assert.equal(first.rateLimited, false);
      const refused = await client.send(body);
      assert.match(refused.text, /-32600/);
      assert.equal(refused.rateLimited, true);
      // Held for the limiter's window (1 s): a send given 100 ms ends queued, never sent.
      await assert.rejects(client.send(body, { signal: AbortSignal.timeout(100) }), CancelledError);
      assert.equal(limited.sandbox.requests.length, 2, 'the third request was held back');
    } finally {
      await limited.sandbox.stop();
    }
  });

  it('rejects as cancelled, with nothing sent, once the client is disposed', async () => {
    const client = h.client();
    client.dispose();
    await assert.rejects(client.send(Buffer.from('{}')), CancelledError);
    assert.equal(h.sandbox.requests.length, 0);
  });
});
