/** The event's id and its signature: signing, constant-time verification, the replay window. */
import { strict as assert } from 'assert';
import {
  encodeStatusEvent,
  generateEventSecret,
  makeStatusEvent,
  MIN_SECRET_LENGTH,
  SECRET_PREFIX,
  signStatusEvent,
  statusEventId,
  verifyStatusEvent,
} from '../../../src/shared/statusEvents';

const SECRET = 'a-test-secret-of-enough-length';
const T = 1_760_000_000;

describe('status events: id and signature', () => {
  it('gives one change the same id every time (derived from account, transaction, from, to, earlier changes), and every other change another one', () => {
    const id = statusEventId('acc', 'tx1', 'waiting', 'confirming', 3);
    assert.equal(statusEventId('acc', 'tx1', 'waiting', 'confirming', 3), id);
    assert.match(id, /^evt_[0-9a-f]{32}$/);
    const others = [
      statusEventId('acc2', 'tx1', 'waiting', 'confirming', 3),
      statusEventId('acc', 'tx2', 'waiting', 'confirming', 3),
      statusEventId('acc', 'tx1', null, 'confirming', 3),
      statusEventId('acc', 'tx1', 'waiting', 'exchanging', 3),
      statusEventId('acc', 'tx1', 'waiting', 'confirming', 4),
      // No joining ambiguity: the parts are kept apart.
      statusEventId('ac', 'ctx1', 'waiting', 'confirming', 3),
    ];
    assert.equal(new Set([id, ...others]).size, 7);
    // The time of the change is not part of it: a change found again later keeps its id.
    assert.equal(
      makeStatusEvent({ account: 'acc', earlierChanges: 3 }, 'tx1', 'waiting', 'confirming', {}, 1).id,
      makeStatusEvent({ account: 'acc', earlierChanges: 3 }, 'tx1', 'waiting', 'confirming', {}, 99_999).id,
    );
  });

  it('makes the event with the documented members, the time as ISO 8601', () => {
    const event = makeStatusEvent(
      { account: 'acc', earlierChanges: 0 },
      'tx1',
      null,
      'waiting',
      { id: 'tx1' },
      Date.UTC(2025, 0, 15),
    );
    assert.deepEqual(Object.keys(event), ['id', 'from', 'to', 'transaction', 'at']);
    assert.equal(event.at, '2025-01-15T00:00:00.000Z');
    assert.deepEqual(JSON.parse(encodeStatusEvent(event, 'legacy').toString('utf8')), event);
  });

  it('signs t=<seconds>,v1=<hex> and verifies it over the same bytes', () => {
    const body = encodeStatusEvent(
      makeStatusEvent({ account: 'acc', earlierChanges: 1 }, 'tx1', 'waiting', 'confirming', {}, 5),
    );
    const header = signStatusEvent(SECRET, body, T);
    assert.match(header, /^t=1760000000,v1=[0-9a-f]{64}$/);
    assert.deepEqual(verifyStatusEvent({ secret: SECRET, header, body, nowSeconds: T }), { ok: true, timestamp: T });
  });

  it('refuses another body, another secret, another timestamp, and a tampered signature', () => {
    const body = Buffer.from('{"id":"evt_1"}');
    const header = signStatusEvent(SECRET, body, T);
    assert.deepEqual(
      verifyStatusEvent({ secret: SECRET, header, body: Buffer.from('{"id":"evt_2"}'), nowSeconds: T }),
      { ok: false, reason: 'mismatch' },
    );
    assert.deepEqual(verifyStatusEvent({ secret: `${SECRET}x`, header, body, nowSeconds: T }), {
      ok: false,
      reason: 'mismatch',
    });
    const otherTime = header.replace(`t=${T}`, `t=${T + 1}`);
    assert.deepEqual(verifyStatusEvent({ secret: SECRET, header: otherTime, body, nowSeconds: T }), {
      ok: false,
      reason: 'mismatch',
    });
    const hex = header.slice(-64);
    const flipped = header.slice(0, -64) + (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    assert.deepEqual(verifyStatusEvent({ secret: SECRET, header: flipped, body, nowSeconds: T }), {
      ok: false,
      reason: 'mismatch',
    });
  });

  it('refuses a timestamp outside the replay window (5 minutes by default), either side', () => {
    const body = Buffer.from('{}');
    const header = signStatusEvent(SECRET, body, T);
    assert.equal(verifyStatusEvent({ secret: SECRET, header, body, nowSeconds: T + 300 }).ok, true);
    assert.deepEqual(verifyStatusEvent({ secret: SECRET, header, body, nowSeconds: T + 301 }), {
      ok: false,
      reason: 'stale',
    });
    assert.deepEqual(verifyStatusEvent({ secret: SECRET, header, body, nowSeconds: T - 301 }), {
      ok: false,
      reason: 'stale',
    });
    assert.equal(
      verifyStatusEvent({ secret: SECRET, header, body, nowSeconds: T + 3600, toleranceSeconds: 3600 }).ok,
      true,
    );
  });

  it('accepts any matching v1 among several (a change of secret) and refuses malformed headers without throwing', () => {
    const body = Buffer.from('{}');
    const good = signStatusEvent(SECRET, body, T);
    const wrong = signStatusEvent('another-secret-entirely', body, T).split(',')[1];
    assert.equal(
      verifyStatusEvent({
        secret: SECRET,
        header: `${good.split(',')[0]},${wrong},${good.split(',')[1]}`,
        body,
        nowSeconds: T,
      }).ok,
      true,
    );
    for (const header of [
      undefined,
      ['a', 'b'],
      '',
      't=1',
      `v1=${'0'.repeat(64)}`,
      `t=x,v1=${'0'.repeat(64)}`,
      `t=1,v1=zz`,
      `t=1,t=2,v1=${'0'.repeat(64)}`,
      'garbage',
      'x'.repeat(2000),
    ]) {
      assert.deepEqual(
        verifyStatusEvent({ secret: SECRET, header, body, nowSeconds: T }),
        { ok: false, reason: 'malformed' },
        String(header),
      );
    }
  });

  it('generates long random whsec_ secrets (32 bytes in base64) and refuses short ones', () => {
    const a = generateEventSecret();
    assert.ok(a.startsWith(SECRET_PREFIX) && a.length === SECRET_PREFIX.length + 44);
    assert.equal(SECRET_PREFIX, 'whsec_');
    assert.equal(Buffer.from(a.slice(SECRET_PREFIX.length), 'base64').length, 32);
    assert.notEqual(generateEventSecret(), a);
    assert.throws(() => signStatusEvent('x'.repeat(MIN_SECRET_LENGTH - 1), '{}'), RangeError);
  });
});
