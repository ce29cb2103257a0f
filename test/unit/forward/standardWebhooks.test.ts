/**
 * Standard Webhooks: the headers every delivery carries verify with the `standardwebhooks` npm
 * package (the reference library) as it is, with the whsec_ secret; during a rotation both secrets
 * sign and each verifies on its own; a tampered body or id does not. Beside them the legacy
 * X-Exchange-Tx-Signature still verifies. And the text a terminal or log gets is made safe.
 */
import { strict as assert } from 'assert';
import { Webhook } from 'standardwebhooks';
import { attemptLine } from '../../../src/forward/cliLine';
import {
  encodeStatusEvent,
  generateEventSecret,
  makeGapEvent,
  makeStatusEvent,
  signatureHeaders,
  standardKey,
  verifyStatusEvent,
} from '../../../src/shared/statusEvents';

/** Signed now: the library refuses a timestamp more than 5 minutes old, so never one taken when the file loaded. */
function delivery(secrets: string[]) {
  const now = Math.floor(Date.now() / 1000);
  const event = makeStatusEvent(
    { account: 'acc', earlierChanges: 2 },
    'tx1',
    'waiting',
    'confirming',
    { id: 'tx1', status: 'confirming' },
    Date.now(),
  );
  const body = encodeStatusEvent(event);
  return { event, body, now, headers: signatureHeaders(secrets, event.id, body, now) };
}

describe('Standard Webhooks signatures', () => {
  it('verify with the standardwebhooks library as sent (whsec_ secret, webhook-id/-timestamp/-signature)', () => {
    const secret = generateEventSecret();
    const { event, body, headers, now } = delivery([secret]);
    assert.equal(headers['webhook-id'], event.id);
    assert.equal(headers['webhook-timestamp'], String(now));
    assert.match(headers['webhook-signature'], /^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new Webhook(secret).verify(body.toString('utf8'), headers) as {
      type: string;
      data: { id: string; to: string };
    };
    assert.equal(verified.type, 'transaction.status_changed');
    assert.equal(verified.data.id, event.id);
    assert.equal(verified.data.to, 'confirming');
    // The legacy header of the same delivery verifies too.
    assert.equal(
      verifyStatusEvent({ secret, header: headers['x-exchange-tx-signature'], body, nowSeconds: now }).ok,
      true,
    );
  });

  it('are refused by the library for another body, another id, another secret', () => {
    const secret = generateEventSecret();
    const { body, headers } = delivery([secret]);
    const hook = new Webhook(secret);
    assert.throws(() => hook.verify(body.toString('utf8').replace('confirming', 'finished'), headers));
    assert.throws(() => hook.verify(body.toString('utf8'), { ...headers, 'webhook-id': 'evt_other' }));
    assert.throws(() => new Webhook(generateEventSecret()).verify(body.toString('utf8'), headers));
  });

  it('carry both signatures during a rotation: a receiver with either secret verifies, in both formats', () => {
    const [older, newer] = [generateEventSecret(), generateEventSecret()];
    const { body, headers, now } = delivery([newer, older]);
    assert.equal(headers['webhook-signature'].split(' ').length, 2);
    for (const secret of [older, newer]) {
      assert.doesNotThrow(() => new Webhook(secret).verify(body.toString('utf8'), headers));
      assert.equal(
        verifyStatusEvent({ secret, header: headers['x-exchange-tx-signature'], body, nowSeconds: now }).ok,
        true,
      );
    }
  });

  it('take a secret that is not whsec_ (an older --secret-env) as raw bytes, as the library does with format "raw"', () => {
    const secret = 'an-older-secret-of-enough-length';
    assert.deepEqual(standardKey(secret), Buffer.from(secret, 'utf8'));
    const { body, headers } = delivery([secret]);
    assert.doesNotThrow(() => new Webhook(secret, { format: 'raw' }).verify(body.toString('utf8'), headers));
  });
});

describe("the CLI's attempt lines", () => {
  it('escape what the service and the receiver wrote: one line, no escape sequence, no forged outcome', () => {
    const event = makeStatusEvent(
      { account: 'a', earlierChanges: 0 },
      'tx\u001b]0;pwned\u0007',
      'waiting',
      'finished\n2026-01-01T00:00:00.000Z  evt_x  tx waiting -> finished  HTTP 200  delivered',
      {},
      0,
    );
    const line = attemptLine({
      event,
      lane: 'tx\u001b]0;pwned\u0007',
      attempt: 1,
      status: undefined,
      error: 'ECONN\u001b[2J',
      delivered: false,
      parked: false,
      atMs: 0,
      retryInMs: 500,
    });
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    assert.ok(!/[\u0000-\u001f\u007f-\u009f]/.test(line), line);
    assert.ok(line.includes('tx\\u{1b}]0;pwned\\u{7}'));
    assert.ok(line.includes('finished\\u{a}2026'));
    assert.match(line, /not delivered, retry in 0\.5 s$/);
  });
});

describe("the CLI's attempt lines, every outcome", () => {
  const base = { lane: 'tx1', status: 200, delivered: true, parked: false, atMs: Date.UTC(2026, 0, 2, 3, 4, 5) };
  it('says delivered, the status, the change and the attempt past the first', () => {
    const event = makeStatusEvent({ account: 'a', earlierChanges: 0 }, 'tx1', null, 'waiting', {}, 0);
    assert.equal(
      attemptLine({ ...base, event, attempt: 1 }),
      `2026-01-02T03:04:05.000Z  ${event.id}  tx1 (new) -> waiting  HTTP 200  delivered`,
    );
    assert.equal(
      attemptLine({ ...base, event, attempt: 3 }),
      `2026-01-02T03:04:05.000Z  ${event.id}  tx1 (new) -> waiting  HTTP 200  delivered (attempt 3)`,
    );
  });

  it('says parked, no answer, and a gap', () => {
    const event = makeStatusEvent({ account: 'a', earlierChanges: 1 }, 'tx1', 'waiting', 'confirming', {}, 0);
    assert.match(
      attemptLine({ ...base, event, attempt: 10, status: 500, delivered: false, parked: true }),
      /tx1 waiting -> confirming {2}HTTP 500 {2}failed: parked \(kept; resent at the next start\) \(attempt 10\)$/,
    );
    assert.match(
      attemptLine({ ...base, event, attempt: 1, status: undefined, delivered: false, retryInMs: 1234 }),
      / {2}no answer {2}not delivered, retry in 1\.2 s$/,
    );
    assert.match(
      attemptLine({ ...base, event, attempt: 1, status: 410, delivered: false, parked: true, parkedBecause: 'gone' }),
      /HTTP 410 {2}the receiver answered 410 Gone: delivery stopped, every event parked \(kept; resend resumes\)$/,
    );
    const gap = makeGapEvent('a', 'queue-full', 0, 0);
    assert.match(
      attemptLine({ ...base, event: gap, lane: 'gap:0', attempt: 1 }),
      new RegExp(`${gap.id} {2}gap \\(queue-full\\): resynchronise {2}HTTP 200 {2}delivered$`),
    );
  });
});
