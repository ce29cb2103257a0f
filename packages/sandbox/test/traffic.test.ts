/**
 * The sandbox's traffic over real HTTP with real signatures: new transactions keep arriving on the
 * skippable clock, every status that is not final always has some, the ledger stays bounded, the
 * user's own transactions are never retired (and survive a reset that keeps them), and a traffic
 * of 0 (the library's default, `--traffic 0`) leaves the ledger still.
 */
import { strict as assert } from 'assert';
import { ControlClient } from '../../../src/api';
import type { Sandbox, WireRecord } from '../src';
import { DEFAULT_TRAFFIC_PER_HOUR, RELAYS_PER_HOUR } from '../src';
import { parseCli } from '../src/cliArgs';
import { FINAL_STATUSES, KNOWN_STATUSES } from '../../../src/shared/status';
import { result, testKeys, testSandbox } from './helpers';

const MINUTE = 60_000;
const HALF_HOUR = 30 * MINUTE;
const HOUR = 60 * MINUTE;
const NOT_FINAL = KNOWN_STATUSES.filter((s) => !FINAL_STATUSES.has(s));
const BTC_ADDRESS = 'bc1qexampleexampleexampleexampleexampleace';
const ETH_ADDRESS = '0x0123456789abcdef0123456789abcdef01234567';

function controlOf(sandbox: Sandbox): ControlClient {
  return new ControlClient({ baseUrl: sandbox.url, credentials: testKeys().a });
}

/** How many transactions `getTransactions` lists in `status` (up to 100). */
async function countIn(sandbox: Sandbox, status: string): Promise<number> {
  return (await result<WireRecord[]>(sandbox, 'getTransactions', { status, limit: 100 })).length;
}

/** Every id `getTransactions` lists, page by page. */
async function allIds(sandbox: Sandbox): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await result<WireRecord[]>(sandbox, 'getTransactions', { limit: 100, offset });
    ids.push(...page.map((r) => r.id));
    if (page.length < 100) return ids;
  }
}

describe('sandbox traffic', () => {
  let sandbox: Sandbox | undefined;
  let control: ControlClient | undefined;

  afterEach(async () => {
    control?.dispose();
    control = undefined;
    await sandbox?.stop();
    sandbox = undefined;
  });

  it('keeps every status that is not final populated at each half hour of six hours', async function () {
    this.timeout(60_000);
    sandbox = await testSandbox({ ledgerSize: 0, traffic: DEFAULT_TRAFFIC_PER_HOUR });
    control = controlOf(sandbox);
    for (let step = 0; step <= 12; step++) {
      for (const status of NOT_FINAL)
        assert.ok((await countIn(sandbox, status)) > 0, `${status} is empty after ${step / 2} h`);
      await control.skip(HALF_HOUR);
    }
  });

  it('keeps them populated at a pace below the relays’ own, and between the half hours too', async function () {
    this.timeout(60_000);
    sandbox = await testSandbox({ ledgerSize: 0, traffic: 6 });
    control = controlOf(sandbox);
    assert.ok(6 < RELAYS_PER_HOUR);
    for (let step = 0; step < 40; step++) {
      for (const status of NOT_FINAL)
        assert.ok((await countIn(sandbox, status)) > 0, `${status} is empty after ${step * 7} min`);
      await control.skip(7 * MINUTE);
    }
  });

  it('brings new transactions as the clock goes on, each moving through its lifecycle', async function () {
    this.timeout(30_000);
    sandbox = await testSandbox({ ledgerSize: 10, traffic: 120 });
    control = controlOf(sandbox);
    const before = new Set(await allIds(sandbox));
    await control.skip(HOUR);
    const after = await allIds(sandbox);
    const arrived = after.filter((id) => !before.has(id));
    // 120 an hour: well over 60 in one hour (the relays alone make 34).
    assert.ok(arrived.length > 60, `${arrived.length} arrived`);
    const newest = await result<WireRecord[]>(sandbox, 'getTransactions', { id: arrived.slice(0, 10) });
    const moving = newest.filter((r) => r.status === 'waiting');
    assert.ok(moving.length > 0, 'some of the newest are waiting');
    await control.skip(2 * HOUR);
    const later = await result<WireRecord[]>(sandbox, 'getTransactions', { id: moving.map((r) => r.id) });
    assert.ok(
      later.some((r) => r.status !== 'waiting'),
      'two hours later, some have moved on',
    );
  });

  it('stays bounded: the oldest settled ones are retired, never the user’s own', async function () {
    this.timeout(60_000);
    sandbox = await testSandbox({ ledgerSize: 50, traffic: 300, ledgerBound: 200 });
    control = controlOf(sandbox);
    const own = [(await control.create({ status: 'finished' })).id, (await control.create({ status: 'failed' })).id];
    const created = await result<{ id: string }>(sandbox, 'createTransaction', {
      from: 'btc',
      to: 'eth',
      amountFrom: '0.1',
      address: ETH_ADDRESS,
      refundAddress: BTC_ADDRESS,
    });
    own.push(created.id);
    await control.move(created.id, 'refunded');
    let retiredSome = false;
    for (let step = 0; step < 24; step++) {
      await control.skip(HALF_HOUR);
      const ids = await allIds(sandbox);
      for (const id of own) assert.ok(ids.includes(id), `own ${id} is kept after ${step / 2 + 0.5} h`);
      // Over the bound only with nothing left to retire: the rest is not settled yet, or the user's own.
      const ledger = sandbox.ledger;
      const retirable = ledger
        .all()
        .filter((tx) => !ledger.isOwn(tx) && FINAL_STATUSES.has(ledger.statusOf(tx.id) ?? 'waiting'));
      assert.ok(
        ids.length <= 200 || retirable.length === 0,
        `${ids.length} transactions, ${retirable.length} of them retirable`,
      );
      retiredSome ||= ids.length < 50 + 3 + 150 * (step + 1);
    }
    assert.ok(retiredSome, 'settled ones were retired');
  });

  it('makes the same arrivals again for a restored ledger, so a transaction seen stays', async function () {
    this.timeout(30_000);
    sandbox = await testSandbox({ ledgerSize: 5, traffic: 60 });
    control = controlOf(sandbox);
    await control.skip(2 * HOUR);
    const seen = (await result<WireRecord[]>(sandbox, 'getTransactions', { limit: 20 })).map((r) => r.id);
    const moved = seen[0];
    await control.move(moved, 'hold');
    const snapshot = await control.snapshot();
    assert.deepEqual(
      snapshot.transactions.map((t) => t.id),
      [moved],
      'only the changed arrival is kept in full',
    );
    await control.restore(snapshot);
    const again = (await result<WireRecord[]>(sandbox, 'getTransactions', { limit: 20 })).map((r) => r.id);
    assert.deepEqual(again, seen);
    assert.equal(await result<string>(sandbox, 'getStatus', { id: moved }), 'hold');
  });

  it('Reset keeps the user’s own transactions when asked, and only those', async function () {
    this.timeout(30_000);
    sandbox = await testSandbox({ ledgerSize: 20, traffic: 60 });
    control = controlOf(sandbox);
    const mine = await control.create({ status: 'exchanging' });
    const created = await result<{ id: string }>(sandbox, 'createTransaction', {
      from: 'btc',
      to: 'eth',
      amountFrom: '0.1',
      address: ETH_ADDRESS,
      refundAddress: BTC_ADDRESS,
    });
    const arrival = sandbox.ledger.all().find((tx) => tx.traffic === true);
    assert.ok(arrival, 'traffic arrived');
    await control.move(arrival.id, 'hold');
    const kept = await control.reset(undefined, undefined, true);
    assert.equal(kept.kept, 2);
    const ids = await allIds(sandbox);
    assert.ok(ids.includes(mine.id) && ids.includes(created.id), 'own ones kept');
    assert.equal(await result<string>(sandbox, 'getStatus', { id: mine.id }), 'exchanging');
    // The changed arrival is not the user's own: not kept as it was (the traffic makes it anew).
    assert.deepEqual(
      sandbox.ledger
        .ownTransactions()
        .map((tx) => tx.id)
        .sort(),
      [mine.id, created.id].sort(),
    );
    assert.equal(
      sandbox.ledger.get(arrival.id)?.plan.at(-1)?.status === 'hold' &&
        sandbox.ledger.get(arrival.id)?.plan.length === 2,
      false,
    );
    const cleared = await control.reset(undefined, undefined, false);
    assert.equal(cleared.kept, 0);
    const after = await allIds(sandbox);
    assert.ok(!after.includes(mine.id) && !after.includes(created.id), 'a reset without keepOwn drops them');
  });

  it('leaves the ledger still at 0 (the default of the library, and --traffic 0)', async function () {
    this.timeout(30_000);
    assert.equal(parseCli(['--traffic', '0']).traffic, 0);
    assert.equal(parseCli([]).traffic, DEFAULT_TRAFFIC_PER_HOUR);
    for (const options of [{}, { traffic: 0 }]) {
      sandbox = await testSandbox({ ledgerSize: 30, ...options });
      control = controlOf(sandbox);
      const before = await allIds(sandbox);
      await control.skip(12 * HOUR);
      assert.deepEqual(await allIds(sandbox), before);
      control.dispose();
      await sandbox.stop();
    }
    sandbox = undefined;
    control = undefined;
  });

  it('changes pace on the fly and stops at 0', async function () {
    this.timeout(30_000);
    sandbox = await testSandbox({ ledgerSize: 0, traffic: 0 });
    control = controlOf(sandbox);
    assert.equal((await allIds(sandbox)).length, 0);
    sandbox.setTraffic(60);
    assert.ok((await allIds(sandbox)).length > 0, 'turned on: the recent traffic is there');
    sandbox.setTraffic(0);
    const still = await allIds(sandbox);
    await control.skip(HOUR);
    assert.deepEqual(await allIds(sandbox), still);
    assert.throws(() => sandbox?.setTraffic(601), RangeError);
  });
});
