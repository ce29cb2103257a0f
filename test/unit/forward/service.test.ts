/**
 * ForwardService (service.ts) against a real sandbox over HTTP with real signatures, a real local
 * receiver and real files: a poll's events are on disk before the first of them is sent; delivered
 * marks are written once per SAVE_DELAY_MS (one timer however many changes), at stop at once, never
 * after; a rotation signs with both secrets while the old one's time runs, by the service's clock;
 * the forwarder gets every option it was given.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import type { AddressInfo } from 'net';
import type { ExchangeClient } from '../../../src/api';
import { ControlClient } from '../../../src/api';
import type { DeliveryAttempt } from '../../../src/forward/deliveryTypes';
import type { PollOutcome } from '../../../src/forward/forwarder';
import { ForwardService, ForwardStateError, SAVE_DELAY_MS } from '../../../src/forward/service';
import type { StoredState } from '../../../src/forward/stateFile';
import { rotateSecrets, ROTATION_OVERLAP_MS, secretId, StateFile } from '../../../src/forward/stateFile';
import type { ManualClock } from '../../../packages/sandbox/src';
import { isGapEvent, makeStatusEvent } from '../../../src/shared/statusEvents';
import type { SchedulerTimers } from '../../../src/shared/timers';
import type { Harness } from '../api/support';
import { startHarness } from '../api/support';
import { until } from '../support/until';
import { eventOf } from './receiver';

const SECRET = 'service-test-secret-0123456789';
const OLD = 'service-old-secret-0123456789';
const NO_SOURCE = { getTransactions: () => Promise.reject(new Error('not used')) };

/** Timers that fire only when the test says (the save timer, the forwarder's schedule). */
class HeldTimers implements SchedulerTimers {
  readonly pending = new Map<number, { callback: () => void; ms: number }>();
  private next = 1;
  set = (callback: () => void, ms: number): unknown => {
    const handle = this.next++;
    this.pending.set(handle, { callback, ms });
    return handle;
  };
  clear = (handle: unknown): void => void this.pending.delete(handle as number);
  delays(): number[] {
    return [...this.pending.values()].map((t) => t.ms);
  }
  fire(): void {
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const t of due) t.callback();
  }
}

interface Arrival {
  readonly id: string;
  readonly to: string;
  readonly legacy: string;
  readonly standard: string;
  readonly timestamp: string;
  /** The state file's entries when the event arrived. */
  readonly onDisk: { id: string; state: string }[];
}

async function receiver(file: () => string): Promise<{ url: URL; arrivals: Arrival[]; close: () => Promise<void> }> {
  const arrivals: Arrival[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const event = eventOf(JSON.parse(body.toString('utf8')));
      const stored = fs.existsSync(file()) ? (JSON.parse(fs.readFileSync(file(), 'utf8')) as StoredState) : undefined;
      arrivals.push({
        id: event.id,
        to: event.to,
        legacy: String(request.headers['x-exchange-tx-signature']),
        standard: String(request.headers['webhook-signature']),
        timestamp: String(request.headers['webhook-timestamp']),
        onDisk: stored?.entries.map((e) => ({ id: e.event.id, state: e.state })) ?? [],
      });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`),
    arrivals,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function readState(file: string): StoredState {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as StoredState;
}

describe('forward service: when the state is written', () => {
  let dir: string;
  let harness: Harness;
  let client: ExchangeClient;
  let control: ControlClient;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forward-service-'));
    harness = await startHarness({ ledgerSize: 3 });
    client = harness.client();
    control = new ControlClient({ baseUrl: harness.sandbox.url, credentials: harness.credentials });
  });
  afterEach(async () => {
    control.dispose();
    client.dispose();
    await harness.sandbox.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes a poll's events before sending any; delivered marks within one save timer; at stop at once, never after", async () => {
    const file = path.join(dir, 'state.json');
    const timers = new HeldTimers();
    const hook = await receiver(() => file);
    const clock = harness.sandbox.clock as ManualClock;
    const polls: PollOutcome[] = [];
    const attempts: DeliveryAttempt[] = [];
    let changes = 0;
    const service = new ForwardService({
      source: client,
      account: 'acc',
      url: hook.url,
      stateFile: new StateFile(file),
      secrets: { current: SECRET },
      intervalMs: 3000,
      maxRps: 2,
      emitInitial: true,
      lookbackMs: 365 * 24 * 3600_000,
      timers,
      now: () => clock.now(),
      onPoll: (p) => polls.push(p),
      onAttempt: (a) => attempts.push(a),
      onChange: () => changes++,
    });
    try {
      assert.equal(service.saves, 1, 'written once at the start');
      assert.equal(readState(file).account, 'acc');
      assert.deepEqual(timers.delays(), [], 'no save left pending by the start');
      assert.equal(service.forwarder.intervalMs, 3000);
      assert.equal(service.forwarder.maxRps, 2);
      service.start();
      assert.deepEqual(timers.delays(), [0], "the forwarder polls at once, on the service's timers");
      timers.fire();
      await until(() => polls.length === 1);
      assert.equal(polls[0].error, undefined);
      assert.ok(polls[0].events >= 3, 'emitInitial and the lookback reached the forwarder: the ledger was sent');
      const sent = polls[0].events;
      await service.idle();
      assert.equal(hook.arrivals.length, sent);
      for (const arrival of hook.arrivals) {
        assert.ok(
          arrival.onDisk.some((e) => e.id === arrival.id),
          'every event was on disk before it was sent',
        );
      }
      assert.ok(attempts.length >= sent && attempts.every((a) => a.delivered));
      assert.ok(changes > 0);
      // The delivered marks: one save timer of SAVE_DELAY_MS for all of them (and the next poll's).
      assert.deepEqual(timers.delays().sort(), [SAVE_DELAY_MS, 3000].sort());
      assert.ok(
        readState(file).entries.some((e) => e.state === 'waiting'),
        'not written yet',
      );
      const saves = service.saves;
      for (const [handle, t] of timers.pending) {
        if (t.ms !== SAVE_DELAY_MS) continue;
        timers.pending.delete(handle);
        t.callback();
      }
      assert.equal(service.saves, saves + 1);
      assert.ok(
        readState(file).entries.every((e) => e.state === 'delivered'),
        'the delivered marks are written',
      );
      // A resend changes the queue: one save scheduled; stop clears it and writes at once.
      assert.equal(service.resend(hook.arrivals[0].id), true);
      assert.equal(service.resendAllFailed(), 0);
      assert.deepEqual(
        timers.delays().filter((ms) => ms === SAVE_DELAY_MS),
        [SAVE_DELAY_MS],
      );
      const heldSave = [...timers.pending.values()].find((t) => t.ms === SAVE_DELAY_MS);
      const before = service.saves;
      const left = service.stop();
      assert.equal(service.stopped, true);
      assert.equal(service.saves, before + 1, 'stop writes');
      assert.deepEqual(timers.delays(), [], 'stop clears the save timer and the next poll');
      assert.ok(left.waiting + left.failed === service.queue.stored);
      heldSave?.callback();
      assert.equal(service.saves, before + 1, 'a save timer that fires after stop writes nothing');
      service.setSecrets({ current: 'another-secret-0123456789' });
      assert.equal(service.saves, before + 1, 'nor does a rotation after stop');
      assert.deepEqual(service.stop(), left, 'a second stop says the same and writes nothing');
      assert.equal(service.saves, before + 1);
    } finally {
      service.stop();
      await hook.close();
    }
  });

  it("signs with both secrets during a rotation, by the service's clock, and writes the new identity at once", async () => {
    const file = path.join(dir, 'rot.json');
    const hook = await receiver(() => file);
    let nowMs = Date.UTC(2030, 0, 1);
    const service = new ForwardService({
      source: NO_SOURCE,
      account: 'acc',
      url: hook.url,
      stateFile: new StateFile(file),
      secrets: { current: OLD },
      now: () => nowMs,
    });
    const send = async (n: number): Promise<Arrival> => {
      const event = makeStatusEvent({ account: 'acc', earlierChanges: n }, 'tx', null, 'waiting', { id: 'tx' }, nowMs);
      service.queue.enqueue(event, 'tx');
      await until(() => hook.arrivals.some((a) => a.id === event.id));
      return hook.arrivals.find((a) => a.id === event.id) as Arrival;
    };
    try {
      const saves = service.saves;
      service.setSecrets(rotateSecrets(service.secrets, SECRET, nowMs));
      assert.equal(service.saves, saves + 1);
      assert.equal(readState(file).secretId, secretId(SECRET));
      assert.equal(readState(file).secrets, undefined, 'the secret stays out of the file unless asked');
      assert.equal(service.secrets.current, SECRET);
      const during = await send(0);
      assert.equal(during.timestamp, String(Math.floor(nowMs / 1000)), "the queue signs at the service's time");
      assert.equal(during.standard.split(' ').length, 2, 'both secrets sign');
      assert.equal(during.legacy.split(',v1=').length, 3);
      nowMs += ROTATION_OVERLAP_MS;
      const after = await send(1);
      assert.equal(
        after.standard.split(' ').length,
        1,
        "the old one no longer signs once its day is over (the service's clock)",
      );
      await service.pollNow();
      assert.equal(service.forwarder.polls, 1, 'pollNow polls');
    } finally {
      service.stop();
      await hook.close();
    }
  });

  it("says whose the file is when it refuses it, and queues the gap of an unreadable file at the service's time", () => {
    const file = path.join(dir, 'mine.json');
    new ForwardService({
      source: NO_SOURCE,
      account: 'one',
      url: new URL('http://127.0.0.1:9/h'),
      stateFile: new StateFile(file),
      secrets: { current: SECRET },
    }).stop();
    assert.throws(
      () =>
        new ForwardService({
          source: NO_SOURCE,
          account: 'two',
          url: new URL('http://127.0.0.1:9/h'),
          stateFile: new StateFile(file),
          secrets: { current: SECRET },
        }),
      (error: unknown) =>
        error instanceof ForwardStateError &&
        error.message === `The state file ${file} belongs to another account or service; use another --state file.`,
    );
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, 'not json');
    const at = Date.UTC(2031, 5, 6);
    const service = new ForwardService({
      source: NO_SOURCE,
      account: 'one',
      url: new URL('http://127.0.0.1:9/h'),
      stateFile: new StateFile(bad),
      secrets: { current: SECRET },
      now: () => at,
    });
    try {
      assert.equal(service.stateProblem, 'not JSON');
      const [entry] = service.entries();
      assert.ok(isGapEvent(entry.event));
      assert.equal(entry.lane, 'gap:0');
      assert.equal(entry.event.at, new Date(at).toISOString());
      assert.equal(readState(bad).entries.length, 1, 'the gap is written at the start');
    } finally {
      service.stop();
    }
  });
});
