import { strict as assert } from 'assert';
import type { Sandbox } from '../src';
import { SlidingWindowLimiter } from '../src';
import { post, postSigned, rpc, testKeys, testSandbox } from './helpers';

const LIMIT_MESSAGE = 'Error: You reached requests limit 10 rps';

describe('sandbox rate limit', () => {
  describe('sliding window', () => {
    it('allows `limit` per window per key, counting only accepted requests', () => {
      let now = 0;
      const limiter = new SlidingWindowLimiter({ limit: 3 }, () => now);
      assert.deepEqual(
        [1, 2, 3, 4].map(() => limiter.tryAccept('k')),
        [true, true, true, false],
      );
      assert.equal(limiter.tryAccept('other'), true, 'per key');
      now = 999;
      assert.equal(limiter.tryAccept('k'), false, 'still inside the window of the first three');
      now = 1000;
      assert.equal(limiter.tryAccept('k'), true, 'the first three left the window (now - 1000, now]');
      assert.equal(limiter.tryAccept('k'), true);
      assert.equal(limiter.tryAccept('k'), true);
      assert.equal(limiter.tryAccept('k'), false);
    });

    it('is a sliding window, not a fixed one: no burst of 2× limit across a boundary', () => {
      let now = 0;
      const limiter = new SlidingWindowLimiter({ limit: 10 }, () => now);
      const accepted: number[] = [];
      for (now = 0; now < 5000; now += 25) if (limiter.tryAccept('k')) accepted.push(now);
      for (const t of accepted) assert.ok(accepted.filter((u) => u > t - 1000 && u <= t).length <= 10);
      assert.equal(accepted.length, 50);
    });

    it('refuses a limit that is not a positive integer', () => {
      assert.throws(() => new SlidingWindowLimiter({ limit: 0 }), RangeError);
      assert.throws(() => new SlidingWindowLimiter({ limit: 2.5 }), RangeError);
    });
  });

  describe('over HTTP', () => {
    let sandbox: Sandbox;
    beforeEach(async () => {
      sandbox = await testSandbox({ ledgerSize: 10, rateLimit: 10, keys: [testKeys().a, testKeys().b] });
    });
    afterEach(() => sandbox.stop());

    it('rejects the 11th request within a second with -32600 and the exact message, per key', async () => {
      const { a, b } = testKeys();
      const answers = [];
      for (let i = 0; i < 11; i++) answers.push(await rpc(sandbox, 'getStatus', { id: 'x' }, a, `r${i}`));
      assert.ok(answers.slice(0, 10).every((x) => x.error?.code === -32602));
      assert.deepEqual(
        answers[10],
        { jsonrpc: '2.0', id: 'r10', error: { code: -32600, message: LIMIT_MESSAGE } },
        "the refused request's id is echoed",
      );
      const other = await rpc(sandbox, 'getStatus', { id: 'x' }, b, 'rb');
      assert.equal(other.error?.code, -32602, 'another key has its own budget');
      const log = sandbox.requests;
      assert.equal(log.filter((e) => e.outcome === 'rate-limited').length, 1);
      assert.equal(log[10].errorMessage, LIMIT_MESSAGE);
      assert.deepEqual(
        [log[10].id, log[10].method, log[10].params, log[10].apiKey],
        ['r10', undefined, undefined, a.apiKey],
      );
      assert.ok(log[10].at - log[0].at < 1000);
    });

    it('refuses over the limit before the envelope is checked: not JSON, a bad envelope and an unknown method all get the limit, with the id where the body has one', async () => {
      const { a } = testKeys();
      for (let i = 0; i < 10; i++) await rpc(sandbox, 'getStatus', { id: 'x' }, a, `p${i}`);
      const bodies: [string, string | number | null][] = [
        ['not json', null],
        ['{"jsonrpc":"1.0","id":"q1"}', 'q1'],
        ['{"jsonrpc":"2.0","id":"q2","method":"nope","params":{}}', 'q2'],
        ['{"jsonrpc":"2.0","id":42,"method":"getCurrencies"}', 42],
        ['{"jsonrpc":"2.0","id":{"not":"an id"},"method":"getCurrencies"}', null],
      ];
      for (const [body, id] of bodies) {
        const answer = await postSigned(sandbox, a, body);
        assert.equal(answer.status, 200);
        assert.deepEqual(
          JSON.parse(answer.text),
          { jsonrpc: '2.0', id, error: { code: -32600, message: LIMIT_MESSAGE } },
          body,
        );
      }
      assert.deepEqual(
        sandbox.requests.slice(10).map((e) => [e.outcome, e.id, e.method, e.params]),
        [
          ['rate-limited', null, undefined, undefined],
          ['rate-limited', 'q1', undefined, undefined],
          ['rate-limited', 'q2', undefined, undefined],
          ['rate-limited', 42, undefined, undefined],
          ['rate-limited', null, undefined, undefined],
        ],
      );
    });

    it('does not count rejected requests, and lets requests through again once the window has passed', async () => {
      const { a } = testKeys();
      const first = await Promise.all(
        Array.from({ length: 15 }, (_, i) => rpc(sandbox, 'getStatus', { id: 'x' }, a, `c${i}`)),
      );
      assert.equal(first.filter((x) => x.error?.code === -32600).length, 5);
      const accepted = sandbox.requests.filter((e) => e.outcome !== 'rate-limited').map((e) => e.at);
      const lastAccepted = Math.max(...accepted);
      // The wait is the subject (the window passing), not a synchronisation: until a second after the last accepted one.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastAccepted + 1010 - performance.now())));
      const before = sandbox.requests.length;
      const later = await Promise.all(
        Array.from({ length: 10 }, (_, i) => rpc(sandbox, 'getStatus', { id: 'x' }, a, `d${i}`)),
      );
      assert.ok(
        later.every((x) => x.error?.code === -32602),
        'the 5 rejections did not use up budget',
      );
      // Order, not duration: all ten came in after the whole first window, none was refused.
      const laterEntries = sandbox.requests.slice(before);
      assert.equal(laterEntries.length, 10);
      assert.ok(laterEntries.every((e) => e.at >= lastAccepted + 1000 && e.outcome !== 'rate-limited'));
    });

    it('counts after authentication: refused requests do not use a key budget', async () => {
      const { a } = testKeys();
      for (let i = 0; i < 20; i++)
        await post(sandbox.url, '{}', { headers: { 'X-Api-Key': a.apiKey, 'X-Api-Signature': 'bad' } });
      const answer = await rpc(sandbox, 'getStatus', { id: 'x' }, a);
      assert.equal(answer.error?.code, -32602);
    });

    it('uses the configured limit in its message, and can be turned off', async () => {
      const five = await testSandbox({ ledgerSize: 0, rateLimit: { limit: 5, windowMs: 1000 } });
      const none = await testSandbox({ ledgerSize: 0, rateLimit: false });
      try {
        const answers = await Promise.all(Array.from({ length: 6 }, () => rpc(five, 'getStatus', { id: 'x' })));
        assert.deepEqual(
          answers.filter((x) => x.error?.code === -32600).map((x) => x.error?.message),
          ['Error: You reached requests limit 5 rps'],
        );
        const free = await Promise.all(Array.from({ length: 30 }, () => rpc(none, 'getStatus', { id: 'x' })));
        assert.ok(free.every((x) => x.error?.code === -32602));
        assert.equal(none.rateLimit, null);
      } finally {
        await five.stop();
        await none.stop();
      }
    });
  });
});
