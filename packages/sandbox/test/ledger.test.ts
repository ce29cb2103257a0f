import { strict as assert } from 'assert';
import { KNOWN_STATUSES } from '../../../src/shared/status';
import type { WireRecord } from '../src';
import { CURRENCIES, Ledger, ManualClock } from '../src';
import { result, testSandbox } from './helpers';

const START = Date.UTC(2025, 0, 15, 12, 0, 0);
const DAY = 86_400_000;

function records(ledger: Ledger): WireRecord[] {
  return ledger.visible().map((tx) => ledger.record(tx.id) as WireRecord);
}

describe('sandbox ledger', () => {
  const ledger = new Ledger({ clock: new ManualClock(START), seed: 42 });
  const all = records(ledger);

  it('is the same for the same seed and start, and differs for another seed', () => {
    const again = new Ledger({ clock: new ManualClock(START), seed: 42 });
    assert.deepEqual(records(again), all);
    const other = new Ledger({ clock: new ManualClock(START), seed: 43 });
    assert.notDeepEqual(
      records(other).map((r) => r.id),
      all.map((r) => r.id),
    );
  });

  it('makes its seeded transactions when first looked at: the same, however late and after whatever', () => {
    const clock = new ManualClock(START);
    const late = new Ledger({ clock, seed: 42 });
    // Made later than the ledger, and after a transaction was created: still seeded from the
    // ledger's start, and the created one comes on top of them.
    clock.advance(3 * 3_600_000);
    const created = late.create({ createdAt: START + 1_000 });
    assert.equal(late.size, all.length + 1);
    assert.deepEqual(
      late.visible(START).filter((tx) => tx.id !== created.id),
      ledger.visible(START),
    );
    assert.equal(late.isOwn(created), true);
    assert.equal(late.ownTransactions().length, 1);
  });

  it('serves the same ledger over HTTP for the same seed', async () => {
    const one = await testSandbox({ seed: 9, clock: new ManualClock(START) });
    const two = await testSandbox({ seed: 9, clock: new ManualClock(START) });
    try {
      const a = await result<WireRecord[]>(one, 'getTransactions', { limit: 100, offset: 50 });
      const b = await result<WireRecord[]>(two, 'getTransactions', { limit: 100, offset: 50 });
      assert.equal(a.length, 100);
      assert.deepEqual(a, b);
    } finally {
      await one.stop();
      await two.stop();
    }
  });

  it('holds 300 transactions by default, and any size asked for', () => {
    assert.equal(ledger.size, 300);
    assert.equal(all.length, 300);
    assert.equal(new Ledger({ clock: new ManualClock(START), size: 25 }).size, 25);
    assert.equal(new Ledger({ clock: new ManualClock(START), size: 0 }).size, 0);
  });

  it('has every status and both types at the start, also in a small ledger', () => {
    for (const size of [10, 37, 300]) {
      const small = records(new Ledger({ clock: new ManualClock(START), seed: size, size }));
      assert.deepEqual(new Set(small.map((r) => r.status)), new Set(KNOWN_STATUSES), `size ${size}`);
      assert.deepEqual(new Set(small.map((r) => r.type)), new Set(['float', 'fixed']), `size ${size}`);
    }
  });

  it('writes ids like the real ones: 12–16 lowercase letters and digits, both present, unique', () => {
    for (const r of all) {
      assert.match(r.id, /^[a-z0-9]{12,16}$/);
      assert.match(r.id, /[a-z]/);
      assert.match(r.id, /[0-9]/);
    }
    assert.equal(new Set(all.map((r) => r.id)).size, all.length);
  });

  it('spreads creation times over the last 30 days, in 16-digit microseconds', () => {
    for (const r of all) {
      assert.ok(Number.isSafeInteger(r.createdAt) && String(r.createdAt).length === 16, String(r.createdAt));
      assert.ok(r.createdAt <= START * 1000 && r.createdAt >= (START - 31 * DAY) * 1000);
    }
    const oldest = Math.min(...all.map((r) => r.createdAt));
    assert.ok(oldest < (START - 20 * DAY) * 1000, 'some are weeks old');
  });

  it('uses realistic tickers, lowercase, and extra ids where the currency needs one', () => {
    const tickers = new Set(CURRENCIES.map((c) => c.ticker));
    for (const t of ['btc', 'eth', 'ltc', 'xrp', 'xlm', 'usdt', 'trx', 'doge', 'bch', 'sol'])
      assert.ok(tickers.has(t), t);
    for (const r of all) {
      assert.ok(tickers.has(r.currencyFrom) && tickers.has(r.currencyTo));
      assert.notEqual(r.currencyFrom, r.currencyTo);
      if (r.currencyFrom === 'xrp') {
        assert.match(r.payinExtraId ?? '', /^\d+$/);
        assert.equal(r.payinExtraIdName, 'destination tag');
      }
      if (r.currencyFrom === 'xlm') assert.equal(r.payinExtraIdName, 'memo');
      if (r.currencyFrom === 'btc') assert.equal(r.payinExtraId, null);
      if (r.currencyFrom === 'eth') assert.match(r.payinAddress, /^0x[0-9a-f]{40}$/);
      if (r.currencyTo === 'eth' && r.payoutHash !== null)
        assert.equal(r.payoutHashLink, `https://etherscan.io/tx/${r.payoutHash}`);
    }
    assert.ok(all.some((r) => r.currencyFrom === 'xrp'));
  });

  it('carries every field of spec 2.1 with its type', () => {
    for (const r of all) {
      assert.equal(typeof r.id, 'string');
      assert.ok(r.type === 'float' || r.type === 'fixed');
      assert.ok(Number.isSafeInteger(r.moneyReceived));
      assert.ok(Number.isSafeInteger(r.moneySent));
      for (const key of [
        'rate',
        'amountExpectedFrom',
        'amountExpectedTo',
        'networkFee',
        'exchangeFee',
        'apiExtraFee',
        'amountTo',
      ] as const) {
        assert.match(r[key], /^\d+(\.\d+)?$/, `${key} ${r[key]}`);
      }
      assert.match(r.amountFrom, /^(\d+(\.\d+)?)?$/);
      assert.match(r.payinConfirmations, /^\d+$/);
      for (const key of ['payinAddress', 'payoutAddress', 'refundAddress'] as const) assert.ok(r[key].length > 0);
      for (const key of [
        'payinExtraId',
        'payinExtraIdName',
        'payinHash',
        'payoutExtraId',
        'payoutExtraIdName',
        'payoutHash',
        'payoutHashLink',
        'refundExtraId',
        'refundHash',
        'refundHashLink',
        'totalFee',
      ] as const) {
        assert.ok(key in r, key);
        assert.ok(r[key] === null || typeof r[key] === 'string', key);
      }
      assert.equal(typeof r.canPush, 'boolean');
      assert.equal(typeof r.canRefund, 'boolean');
      if (r.type === 'fixed') assert.match(r.payTill ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
      else assert.ok(!('payTill' in r));
    }
  });

  it("writes null refund hashes and extra id names as null on every record, as the service's samples do", () => {
    for (const r of all.filter((x) => x.status !== 'refunded'))
      assert.deepEqual([r.refundHash, r.refundHashLink], [null, null], r.id);
    for (const r of all.filter((x) => x.payinExtraId === null)) assert.equal(r.payinExtraIdName, null, r.id);
    for (const r of all.filter((x) => x.payoutExtraId === null)) assert.equal(r.payoutExtraIdName, null, r.id);
    for (const r of all.filter((x) => x.status === 'refunded')) assert.match(r.refundHashLink ?? '', /^https:\/\//);
  });

  it('shows moneySent 0 on every record until sent, and adds unknown fields to a few', () => {
    for (const r of all) {
      if (r.status === 'finished') assert.ok(r.moneySent > r.moneyReceived);
      else assert.equal(r.moneySent, 0, r.status);
    }
    assert.ok(all.some((r) => typeof r.trackUrl === 'string'));
    assert.ok(all.some((r) => 'subaccountId' in r));
  });

  it('has live transactions whose plans reach minutes into the future', () => {
    const live = ledger.visible().filter((tx) => tx.plan[tx.plan.length - 1].atMs > START);
    assert.ok(live.length >= 10, `${live.length} live`);
    for (const tx of live) assert.ok(tx.plan[tx.plan.length - 1].atMs - START < 30 * 60_000);
    const clock = new ManualClock(START);
    const moving = new Ledger({ clock, seed: 42 });
    const before = moving.visible().map((tx) => moving.statusOf(tx.id));
    clock.advance(20 * 60_000);
    const after = moving.visible().map((tx) => moving.statusOf(tx.id));
    assert.ok(before.some((s, i) => s !== after[i]));
    assert.ok(
      after.filter((s) => s === 'waiting' || s === 'confirming' || s === 'exchanging' || s === 'sending').length < 4,
    );
  });

  it('adds transactions with create() and refuses bad plans', () => {
    const clock = new ManualClock(START);
    const own = new Ledger({ clock, size: 0 });
    const tx = own.create({ from: 'XRP', to: 'btc', type: 'fixed', outcome: 'finished', amountExpectedFrom: '1500' });
    assert.equal(own.size, 1);
    assert.equal(own.get(tx.id), tx);
    assert.equal(tx.currencyFrom, 'xrp');
    assert.equal(tx.amountExpectedFrom, '1500');
    assert.equal(own.statusOf(tx.id), 'waiting');
    assert.equal(own.create({ id: 'mychosenid123' }).id, 'mychosenid123');
    assert.throws(() => own.create({ id: 'mychosenid123' }), RangeError);
    assert.throws(() => own.create({ from: 'nope' }), RangeError);
    assert.throws(() => own.create({ type: 'fixed', outcome: 'overdue' }), /only float/);
    assert.throws(() => own.create({ type: 'float', outcome: 'expired' }), /only fixed/);
    assert.throws(() => own.create({ plan: [{ status: 'confirming', afterMs: 0 }] }), /starts with a waiting/);
    assert.throws(
      () =>
        own.create({
          plan: [
            { status: 'waiting', afterMs: 0 },
            { status: 'finished', afterMs: 5 },
            { status: 'sending', afterMs: 9 },
          ],
        }),
      /nothing can follow finished/,
    );
    assert.throws(
      () =>
        own.create({
          plan: [
            { status: 'waiting', afterMs: 10 },
            { status: 'confirming', afterMs: 5 },
          ],
        }),
      /starts with a waiting|decrease/,
    );
  });

  it('keeps exact decimal amounts: amountTo + totalFee = amountFrom × rate, rounded to the payout currency', () => {
    for (const r of all.filter((x) => x.status === 'finished')) {
      const scale = (s: string): [bigint, number] => {
        const [w, f = ''] = s.split('.');
        return [BigInt(`${w}${f}`), f.length];
      };
      const [from, fs] = scale(r.amountFrom);
      const [rate, rs] = scale(r.rate);
      const [to, ts] = scale(r.amountTo);
      const [fee, fes] = scale(r.totalFee ?? '0');
      const digits = Math.max(ts, fes);
      const sum = to * 10n ** BigInt(digits - ts) + fee * 10n ** BigInt(digits - fes);
      const gross = from * rate; // scale fs + rs
      const grossAtDigits = Number(gross) / 10 ** (fs + rs - digits);
      assert.ok(
        Math.abs(Number(sum) - grossAtDigits) <= 2,
        `${r.id}: ${r.amountTo} + ${r.totalFee} vs ${r.amountFrom} × ${r.rate}`,
      );
    }
  });
});
