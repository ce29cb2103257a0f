import { strict as assert } from 'assert';
import { randomBytes } from 'crypto';
import { ManualClock } from '../src';
import { resolveBounds } from '../src/bounds';
import { FaultInjector } from '../src/faults';
import { KeyRing } from '../src/keyring';
import { Ledger } from '../src/ledger';
import { SlidingWindowLimiter } from '../src/rateLimit';
import { MAX_LOGGED_TEXT, RequestLog } from '../src/requestLog';
import { SandboxServer } from '../src/server';
import { SandboxState } from '../src/state';
import { post, postSigned, testKeys } from './helpers';

/**
 * A flood of refused requests against a server built from its parts, so the test can look into
 * the key ring, the limiter and the log afterwards.
 */
describe('sandbox under a flood of refused requests', () => {
  const clock = new ManualClock();
  const keys = new KeyRing();
  const limiter = new SlidingWindowLimiter({ limit: 10 });
  const log = new RequestLog(50);
  const server = new SandboxServer({
    state: new SandboxState(new Ledger({ clock, seed: 1, size: 5 }), clock, new FaultInjector({}, 1), 1, 5),
    keys,
    limiter,
    log,
    bounds: resolveBounds(),
  });
  let url: string;

  before(async () => {
    keys.register(testKeys().a);
    url = `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}`;
  });
  after(() => server.stop());

  it('holds nothing in the key ring or the limiter for junk API keys, and keeps the log at its capacity', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 'j', method: 'getTransactions', params: { limit: 100 } });
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        Array.from({ length: 30 }, () =>
          post(url, body, {
            headers: {
              'X-Api-Key': randomBytes(32).toString('base64'),
              'X-Api-Signature': randomBytes(256).toString('base64'),
            },
          }).then((answer) => assert.equal(answer.status, 401)),
        ),
      );
    }
    assert.deepEqual(keys.apiKeys, [testKeys().a.apiKey]);
    assert.deepEqual(limiter.keys, [], 'no junk key reached the limiter');
    assert.equal(log.entries.length, 50);
    assert.equal(log.entries[0]?.seq, 251, 'the last 50 of 300');
    assert.ok(
      log.entries.every((e) => e.outcome === 'unauthorized' && e.params === undefined && e.method === undefined),
    );

    assert.equal((await postSigned({ url }, testKeys().a, body)).status, 200);
    assert.deepEqual(limiter.keys, [testKeys().a.apiKey], 'a signed request is what the limiter counts');
  });

  it('keeps at most 128 characters of an API key, a path or a method name the client chose', async () => {
    assert.equal(MAX_LOGGED_TEXT, 128);
    await post(url, '{}', { headers: { 'X-Api-Key': 'k'.repeat(10_000), 'X-Api-Signature': 'x' } });
    await post(url, '{}', { path: `/${'p'.repeat(10_000)}` });
    await postSigned(
      { url },
      testKeys().a,
      JSON.stringify({ jsonrpc: '2.0', id: 'm', method: 'm'.repeat(10_000), params: {} }),
    );
    const [unauthorized, notFound, unknownMethod] = log.entries.slice(-3);
    assert.equal(unauthorized?.apiKey, `${'k'.repeat(128)}…`);
    assert.equal(notFound?.path, `/${'p'.repeat(127)}…`);
    assert.equal(unknownMethod?.method, `${'m'.repeat(128)}…`);
    assert.equal(unknownMethod?.apiKey, testKeys().a.apiKey, 'a real API key (44 characters) is kept whole');
  });
});
