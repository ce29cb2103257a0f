/**
 * A captured control request cannot be sent again: each body carries a nonce and the time it was
 * made (`nonce`, `at`), both under the signature. The sandbox accepts a nonce once and refuses a
 * time too far from its own (our rule, packages/sandbox/RULES.md). Over real HTTP with real signatures,
 * as an attacker who read one signed body off the wire would send it.
 */
import { strict as assert } from 'assert';
import { randomUUID } from 'crypto';
import { ControlClient } from '../../../src/api';
import type { Sandbox } from '../src';
import { ControlNonces } from '../src/controlEndpoint/nonces';
import { CONTROL_FRESHNESS_MS, SANDBOX_CONTROL_PATH } from '../../../src/shared/controlProtocol';
import { postSigned, testKeys, testSandbox } from './helpers';

interface Answer {
  readonly status: number;
  readonly body: { ok: boolean; result?: unknown; error?: { code: string; message: string; field?: string } };
}

describe('sandbox control: replayed and stale bodies are refused', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await testSandbox({ ledgerSize: 5 });
  });
  afterEach(() => sandbox.stop());

  const send = async (body: string): Promise<Answer> => {
    const answer = await postSigned(sandbox, testKeys().a, body, { path: SANDBOX_CONTROL_PATH });
    return { status: answer.status, body: JSON.parse(answer.text) as Answer['body'] };
  };

  it('accepts a signed body once: the same bytes sent again are refused, and do nothing', async () => {
    const body = JSON.stringify({ action: 'create', nonce: randomUUID(), at: Date.now() });
    const first = await send(body);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const size = sandbox.ledger.size;
    for (let i = 0; i < 3; i++) {
      const again = await send(body);
      assert.equal(again.status, 409);
      assert.deepEqual(again.body.error, {
        code: 'conflict',
        message: 'This control request was already carried out: each one carries a new nonce.',
        field: 'nonce',
      });
    }
    assert.equal(sandbox.ledger.size, size, 'the replays created nothing');
    assert.equal(
      (await send(JSON.stringify({ action: 'create', nonce: randomUUID(), at: Date.now() }))).status,
      200,
      'a new nonce is accepted',
    );
  });

  it('refuses a body made too long ago or too far ahead, and one without a nonce or a time', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ action: 'clock', nonce: randomUUID(), at: Date.now() - CONTROL_FRESHNESS_MS - 5000 }, 'at', 'stale'],
      [{ action: 'clock', nonce: randomUUID(), at: Date.now() + CONTROL_FRESHNESS_MS + 5000 }, 'at', 'stale'],
      [{ action: 'clock', at: Date.now() }, 'nonce', 'missing'],
      [{ action: 'clock', nonce: randomUUID() }, 'at', 'missing'],
      [{ action: 'clock', nonce: 'short', at: Date.now() }, 'nonce', 'missing'],
      [{ action: 'clock', nonce: randomUUID(), at: String(Date.now()) }, 'at', 'missing'],
      [{ action: 'clock' }, 'nonce', 'missing'],
    ];
    for (const [request, field, kind] of cases) {
      const answer = await send(JSON.stringify(request));
      assert.equal(answer.status, 400, JSON.stringify(request));
      assert.equal(answer.body.error?.code, 'invalid');
      assert.equal(answer.body.error?.field, field, JSON.stringify(request));
      assert.match(
        answer.body.error?.message ?? '',
        kind === 'stale'
          ? /^at is more than 120 s away from the sandbox's time/
          : /^Each control request carries "nonce"/,
        JSON.stringify(request),
      );
    }
  });

  it("the time is this machine's, not the sandbox clock: a clock skipped a year ahead still takes fresh requests", async () => {
    const control = new ControlClient({ baseUrl: sandbox.url, credentials: testKeys().a });
    try {
      await control.skip(365 * 24 * 3600_000);
      assert.equal((await control.clock()).skippedMs, 365 * 24 * 3600_000);
      const tx = await control.create();
      assert.equal((await control.get(tx.id)).id, tx.id, 'the client sends a new nonce and the time with every call');
    } finally {
      control.dispose();
    }
  });

  it('keeps the nonces of the freshness window only, and at most a bounded number of them', () => {
    let now = 1_000_000;
    const nonces = new ControlNonces(() => now, 3);
    assert.equal(nonces.accept('a'.repeat(16), now), 'ok');
    assert.equal(nonces.accept('a'.repeat(16), now), 'replayed');
    assert.equal(nonces.accept('b'.repeat(16), now - CONTROL_FRESHNESS_MS - 1), 'stale');
    assert.equal(nonces.accept('c'.repeat(16), now + 1), 'ok');
    assert.equal(nonces.accept('d'.repeat(16), now + 2), 'ok');
    assert.equal(nonces.accept('e'.repeat(16), now + 3), 'ok', 'a full memory never locks out a request made now');
    assert.equal(nonces.size, 3);
    assert.equal(nonces.accept('a'.repeat(16), now), 'stale', 'the forgotten nonce cannot come back');
    assert.equal(nonces.accept('f'.repeat(16), now), 'stale', 'nor anything made at or before its time');
    assert.equal(nonces.accept('d'.repeat(16), now + 2), 'replayed', 'the kept ones are still refused as replays');
    now += CONTROL_FRESHNESS_MS + 10;
    assert.equal(nonces.accept('g'.repeat(16), now), 'ok', 'the old ones are stale now: forgotten');
    assert.equal(nonces.size, 1);
    assert.equal(
      nonces.accept('a'.repeat(16), now - CONTROL_FRESHNESS_MS - 10),
      'stale',
      'a forgotten nonce cannot come back: its time is stale',
    );
  });
});
