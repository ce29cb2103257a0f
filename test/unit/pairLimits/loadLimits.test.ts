// The three sources of the panel's limits against a real sandbox over real HTTP: getPairsParams,
// the float limits of getExchangeAmount and the fixed ones of getFixRateForAmount, merged per pair;
// the batching counted at the sandbox's own request log; getPairsParams switched off in the
// sandbox ("method not found") learnt once and never asked again.
import { strict as assert } from 'assert';
import {
  AmountOutOfRangeError,
  CurrencyDisabledError,
  InternalServiceError,
  JsonRpcError,
  ProtocolError,
} from '../../../src/api';
import type { ExchangeClient } from '../../../src/api';
import { fetchEstimateLimits } from '../../../src/features/pairLimits/fetchLimits';
import type { EstimateCall, EstimateOutcome, EstimateReport } from '../../../src/features/pairLimits/fetchLimits';
import { isMethodNotFound, LimitsMemory, loadLimits } from '../../../src/features/pairLimits/loadLimits';
import type { LimitSources } from '../../../src/features/pairLimits/loadLimits';
import { pairRow } from '../../../src/features/pairLimits/pairRows';
import { pairKey } from '../../../src/shared/currencyPairs';
import type { CurrencyPairKey } from '../../../src/shared/currencyPairs';
import { isHostile } from '../../../packages/sandbox/src/hostile';
import { englishL10n } from '../../browser/english';
import { startHarness } from '../api/support';
import type { Harness } from '../api/support';

const p = (from: string, to: string): CurrencyPairKey => ({ from, to });
const BTC_ETH = p('btc', 'eth');
const XRP_USDT = p('xrp', 'usdt');
const DOGE_BTC = p('doge', 'btc');
const XMR_BTC = p('xmr', 'btc');

/** The sandbox's limits of these pairs (RULES.md: the payin bounds are getPairsParams'), written out. */
const FLOAT = {
  'btc/eth': { minFrom: '0.000609', maxFrom: '10.40721699267', minTo: '0.01246374', maxTo: '212.99310242' },
  'xrp/usdt': { minFrom: '79.1', maxFrom: '1748469.836760023', minTo: '40.937669', maxTo: '904908.711138' },
  'doge/btc': { minFrom: '311', maxFrom: '6684417.2231053902', minTo: '0.00059843', maxTo: '12.86204614' },
};
const FIXED = {
  'btc/eth': { minFrom: '0.000764', maxFrom: '3.7514', minTo: '0.0154796', maxTo: '76.00803381' },
  'xrp/usdt': { minFrom: '98', maxFrom: '588936', minTo: '50.212044', maxTo: '301751.836064' },
};

function outcome(report: EstimateReport, pair: CurrencyPairKey): EstimateOutcome {
  const found = report.outcomes.get(pairKey(pair));
  assert.ok(found, `${pairKey(pair)} settled`);
  return found;
}

describe('pair limits from three sources, against the sandbox', () => {
  let h: Harness;
  let client: ExchangeClient;
  /** What the sandbox received, per method, in order: the params of each request. */
  const received = (method: string): unknown[] =>
    h.sandbox.requests.filter((r) => r.method === method).map((r) => r.params);
  const sources = (): LimitSources => ({
    pairsParams: (pairs) => client.getPairsParams(pairs),
    exchangeAmount: (queries) => client.getExchangeAmount(queries),
    fixRate: (queries) => client.getFixRateForAmount(queries),
  });

  before(async () => {
    // The sandbox's rate limit (10 a second) and the client's one limiter, as in the extension.
    h = await startHarness({ ledgerSize: 0 });
    client = h.client();
  });
  after(async () => {
    client.dispose();
    await h.sandbox.stop();
  });
  afterEach(() => {
    assert.deepEqual(
      h.sandbox.requests.filter((r) => r.outcome === 'rate-limited'),
      [],
      'every call stayed within the rate limit',
    );
  });
  beforeEach(() => {
    h.sandbox.clearRequests();
    h.sandbox.setFaults({});
    h.sandbox.setDisabledMethods([]);
  });

  it('merges getPairsParams with both estimates in one call each, asking alone only for a pair a bulk answer left out', async () => {
    const pairs = [BTC_ETH, XMR_BTC, XRP_USDT, DOGE_BTC];
    const report = await loadLimits(sources(), pairs, new LimitsMemory());
    assert.equal(report.failure, undefined);
    assert.equal(report.pairsParamsGoneNow, false);
    // getPairsParams: xmr refused (disabled as input) and set aside, then the rest.
    assert.equal(received('getPairsParams').length, 2);
    // The probes: twice getPairsParams' minimum, in one bulk call per estimate; xmr asked about by neither.
    assert.deepEqual(received('getExchangeAmount'), [
      [
        { from: 'btc', to: 'eth', amountFrom: '0.001218' },
        { from: 'xrp', to: 'usdt', amountFrom: '158.2' },
        { from: 'doge', to: 'btc', amountFrom: '622' },
      ],
    ]);
    // DOGE is disabled for fixed rates: left out of the bulk answer, then asked alone, refused.
    assert.deepEqual(received('getFixRateForAmount'), [
      [
        { from: 'btc', to: 'eth', amountFrom: '0.001528' },
        { from: 'xrp', to: 'usdt', amountFrom: '196' },
        { from: 'doge', to: 'btc', amountFrom: '986' },
      ],
      { from: 'doge', to: 'btc', amountFrom: '986' },
    ]);
    assert.deepEqual(report.float.calls, { bulk: 1, single: 0 });
    assert.deepEqual(report.fixed.calls, { bulk: 1, single: 1 });

    assert.deepEqual(outcome(report.float, BTC_ETH), { limits: FLOAT['btc/eth'], via: 'result' });
    assert.deepEqual(outcome(report.float, XRP_USDT), { limits: FLOAT['xrp/usdt'], via: 'result' });
    assert.deepEqual(outcome(report.float, DOGE_BTC), { limits: FLOAT['doge/btc'], via: 'result' });
    assert.deepEqual(outcome(report.fixed, BTC_ETH), { limits: FIXED['btc/eth'], via: 'result' });
    const dogeFixed = outcome(report.fixed, DOGE_BTC);
    assert.ok('error' in dogeFixed && dogeFixed.error instanceof JsonRpcError);
    assert.equal(dogeFixed.error.serviceMessage, 'Invalid currency: doge temporary disabled for fix rate transactions');
    for (const estimate of [report.float, report.fixed]) {
      const xmr = outcome(estimate, XMR_BTC);
      assert.ok(
        'error' in xmr && xmr.error instanceof CurrencyDisabledError && xmr.error.direction === 'input',
        'getPairsParams’ refusal stands for both',
      );
    }

    // The rows the panel makes of it.
    const outcomesOf = (pair: CurrencyPairKey) => ({
      pairsParams: report.pairsParams === 'gone' ? ('gone' as const) : report.pairsParams.outcomes.get(pairKey(pair)),
      float: report.float.outcomes.get(pairKey(pair)),
      fixed: report.fixed.outcomes.get(pairKey(pair)),
    });
    assert.deepEqual(pairRow(DOGE_BTC, outcomesOf(DOGE_BTC), undefined, englishL10n), {
      from: 'doge',
      to: 'btc',
      state: 'limits',
      minAmountFloat: '311',
      maxAmountFloat: '6684417.2231053902',
      minAmountFixed: '493',
      maxAmountFixed: '2791370',
      float: { state: 'limits', via: 'result', ...FLOAT['doge/btc'] },
      fixed: {
        state: 'failed',
        kind: 'refused',
        reason: 'The service does not accept this pair; its answer is below.',
        detail: 'Invalid currency: doge temporary disabled for fix rate transactions',
      },
    });
    const xmrRow = pairRow(XMR_BTC, outcomesOf(XMR_BTC), undefined, englishL10n);
    const xmrReason = {
      kind: 'currency-disabled',
      reason: 'xmr is temporarily disabled as an input currency (it cannot be sent).',
      detail: 'Invalid currency: xmr is temporary disabled on API as input currency',
    } as const;
    assert.deepEqual(xmrRow, {
      from: 'xmr',
      to: 'btc',
      state: 'failed',
      ...xmrReason,
      float: { state: 'failed', ...xmrReason },
      fixed: { state: 'failed', ...xmrReason },
    });
  });

  it('when getPairsParams is "method not found": says so once, never asks it again, and reads limits from results or amount errors', async () => {
    h.sandbox.setDisabledMethods(['getPairsParams']);
    const memory = new LimitsMemory();
    const pairs = [BTC_ETH, XRP_USDT];
    const first = await loadLimits(sources(), pairs, memory);
    assert.equal(first.failure, undefined);
    assert.equal(first.pairsParams, 'gone');
    assert.equal(first.pairsParamsGoneNow, true);
    assert.equal(memory.pairsParamsGone, true);
    assert.equal(received('getPairsParams').length, 1);
    // Nothing known: 1 unit of each; 1 xrp is under its minimum, so xrp is asked alone and its
    // amount error's data.limits gives the bounds.
    assert.deepEqual(received('getExchangeAmount'), [
      [
        { from: 'btc', to: 'eth', amountFrom: '1' },
        { from: 'xrp', to: 'usdt', amountFrom: '1' },
      ],
      { from: 'xrp', to: 'usdt', amountFrom: '1' },
    ]);
    assert.equal(received('getFixRateForAmount').length, 2);
    assert.deepEqual(outcome(first.float, BTC_ETH), { limits: FLOAT['btc/eth'], via: 'result' });
    assert.deepEqual(outcome(first.float, XRP_USDT), { limits: FLOAT['xrp/usdt'], via: 'amount-error' });
    assert.deepEqual(outcome(first.fixed, XRP_USDT), { limits: FIXED['xrp/usdt'], via: 'amount-error' });
    assert.deepEqual(
      pairRow(
        XRP_USDT,
        { pairsParams: 'gone', float: outcome(first.float, XRP_USDT), fixed: outcome(first.fixed, XRP_USDT) },
        undefined,
        englishL10n,
      ),
      {
        from: 'xrp',
        to: 'usdt',
        state: 'unavailable',
        float: { state: 'limits', via: 'amount-error', ...FLOAT['xrp/usdt'] },
        fixed: { state: 'limits', via: 'amount-error', ...FIXED['xrp/usdt'] },
      },
    );

    h.sandbox.clearRequests();
    const second = await loadLimits(sources(), pairs, memory);
    assert.equal(second.pairsParams, 'gone');
    assert.equal(second.pairsParamsGoneNow, false, 'told once');
    assert.equal(received('getPairsParams').length, 0, 'not asked again');
    // The probes now come from the estimates' own bounds: inside them, one bulk call each.
    assert.deepEqual(received('getExchangeAmount'), [
      [
        { from: 'btc', to: 'eth', amountFrom: '0.001218' },
        { from: 'xrp', to: 'usdt', amountFrom: '158.2' },
      ],
    ]);
    assert.deepEqual(received('getFixRateForAmount'), [
      [
        { from: 'btc', to: 'eth', amountFrom: '0.001528' },
        { from: 'xrp', to: 'usdt', amountFrom: '196' },
      ],
    ]);
    assert.deepEqual(outcome(second.float, XRP_USDT), { limits: FLOAT['xrp/usdt'], via: 'result' });
    assert.deepEqual(h.sandbox.requests.map((r) => r.method).sort(), ['getExchangeAmount', 'getFixRateForAmount']);

    // A new memory (another environment) asks getPairsParams again.
    h.sandbox.setDisabledMethods([]);
    h.sandbox.clearRequests();
    const fresh = await loadLimits(sources(), pairs, new LimitsMemory());
    assert.notEqual(fresh.pairsParams, 'gone');
    assert.equal(received('getPairsParams').length, 1);
  });

  it('refused pairs without getPairsParams: each asked alone once, with its own reason', async () => {
    h.sandbox.setDisabledMethods(['getPairsParams']);
    const pairs = [BTC_ETH, XMR_BTC, p('btc', 'qqq')];
    const report = await loadLimits(sources(), pairs, new LimitsMemory());
    assert.equal(report.failure, undefined);
    assert.deepEqual(report.float.calls, { bulk: 1, single: 2 });
    assert.deepEqual(report.fixed.calls, { bulk: 1, single: 2 });
    const xmr = outcome(report.float, XMR_BTC);
    assert.ok('error' in xmr && xmr.error instanceof CurrencyDisabledError);
    const qqq = outcome(report.fixed, p('btc', 'qqq'));
    assert.ok('error' in qqq);
    assert.equal(qqq.error.serviceMessage, 'Invalid currency: qqq not found');
  });

  it('an error that is no pair’s fault stops the load and is reported for the whole list', async () => {
    h.sandbox.setFaults({ rates: { internalError: 1 } });
    const report = await loadLimits(sources(), [BTC_ETH], new LimitsMemory());
    assert.ok(report.failure instanceof InternalServiceError);
    assert.equal(
      received('getExchangeAmount').length + received('getFixRateForAmount').length,
      0,
      'no estimate asked after getPairsParams failed',
    );
    h.sandbox.setFaults({});
    h.sandbox.setDisabledMethods(['getPairsParams', 'getFixRateForAmount']);
    const partly = await loadLimits(sources(), [BTC_ETH], new LimitsMemory());
    assert.ok(isMethodNotFound(partly.failure), 'an estimate operation the service lacks is a whole-list failure');
    assert.deepEqual(
      outcome(partly.float, BTC_ETH),
      { limits: FLOAT['btc/eth'], via: 'result' },
      'the other estimate still gives its limits',
    );
  });

  it('a pair whose estimate cannot be read (hostile strings in its amounts) has that as its outcome; the others keep their limits', async () => {
    // A seed under which, at half the pairs, btc/eth's estimates are hostile and xrp/usdt's are not.
    const seed = [...Array(1000).keys()].find(
      (s) => isHostile('pair:btc/eth', 0.5, s) && !isHostile('pair:xrp/usdt', 0.5, s),
    );
    assert.ok(seed !== undefined);
    h.sandbox.setFaults({ hostile: 0.5, seed });
    const report = await loadLimits(sources(), [BTC_ETH, XRP_USDT], new LimitsMemory());
    assert.equal(report.failure, undefined, 'no failure for the whole list');
    // Float: the client reads a bound that is no decimal as absent, so btc/eth's record has none.
    assert.deepEqual(report.float.calls, { bulk: 1, single: 0 });
    assert.deepEqual(outcome(report.float, BTC_ETH), { missing: true });
    assert.deepEqual(outcome(report.float, XRP_USDT), { limits: FLOAT['xrp/usdt'], via: 'result' });
    // Fixed: a quote's "result" is no decimal, which fails the bulk answer; each pair asked alone, once.
    assert.deepEqual(report.fixed.calls, { bulk: 1, single: 2 });
    assert.equal(received('getFixRateForAmount').length, 3);
    assert.deepEqual(outcome(report.fixed, XRP_USDT), { limits: FIXED['xrp/usdt'], via: 'result' });
    const btc = outcome(report.fixed, BTC_ETH);
    assert.ok('unreadable' in btc, 'btc/eth is unreadable');
    assert.equal(btc.unreadable.field, 'result[0].result');
    const row = pairRow(
      BTC_ETH,
      { pairsParams: 'gone', float: outcome(report.float, BTC_ETH), fixed: btc },
      undefined,
      englishL10n,
    );
    assert.deepEqual(row.float, {
      state: 'failed',
      kind: 'missing',
      reason: 'The service answered without limits for this pair.',
      detail: '',
    });
    assert.deepEqual(row.fixed, {
      state: 'failed',
      kind: 'unreadable',
      reason: 'The service\'s answer for this pair could not be read ("result[0].result" is malformed).',
      detail:
        'The service sent an unexpected value for "result[0].result": received "**bold** _em_ `code` <b>html</b> | pipe | &amp; &lt;"',
    });
  });

  it('an answer that is no JSON-RPC answer at all still stops the load for the whole list', async () => {
    for (const fault of ['nonJson', 'truncated', 'wrongId'] as const) {
      h.sandbox.setFaults({ next: [fault] });
      const report = await fetchEstimateLimits(
        (queries) => client.getExchangeAmount(queries),
        [
          { ...BTC_ETH, amountFrom: '0.5' },
          { ...XRP_USDT, amountFrom: '100' },
        ],
      );
      assert.ok(report.failure instanceof ProtocolError, `${fault}: a protocol error`);
      assert.deepEqual(report.calls, { bulk: 1, single: 0 }, `${fault}: no pair asked alone`);
      assert.equal(report.outcomes.size, 0);
    }
  });

  it('reads the older amount error, which has no data.limits but names one bound', async () => {
    // The sandbox answers only in the current wording; the older one (-32600) comes from the service's README.
    const call: EstimateCall = (queries) =>
      Array.isArray(queries)
        ? Promise.resolve([])
        : Promise.reject(
            new AmountOutOfRangeError(-32600, 'Invalid amount: minimal amount is 0.1', 'min', '0.1', undefined),
          );
    const report = await fetchEstimateLimits(call, [{ ...BTC_ETH, amountFrom: '0.01' }]);
    assert.deepEqual(outcome(report, BTC_ETH), { limits: { minFrom: '0.1' }, via: 'amount-error' });
    const bare: EstimateCall = (queries) =>
      Array.isArray(queries)
        ? Promise.resolve([])
        : Promise.reject(new AmountOutOfRangeError(-32602, 'Invalid amount', undefined, undefined, undefined));
    const none = outcome(await fetchEstimateLimits(bare, [{ ...BTC_ETH, amountFrom: '0.01' }]), BTC_ETH);
    assert.ok(
      'error' in none && none.error instanceof AmountOutOfRangeError,
      'an amount error without any bound is the pair’s refusal',
    );
  });

  it('splits a bulk call refused as a whole for a pair into single calls', async () => {
    const calls: unknown[] = [];
    const call: EstimateCall = (queries) => {
      calls.push(queries);
      if (Array.isArray(queries))
        return Promise.reject(new CurrencyDisabledError('zec', 'both', 'Invalid currency: zec temporary disabled'));
      return client.getExchangeAmount(queries);
    };
    const report = await fetchEstimateLimits(call, [
      { ...BTC_ETH, amountFrom: '0.5' },
      { ...XRP_USDT, amountFrom: '1' },
    ]);
    assert.equal(calls.length, 3, 'the bulk call, then each pair alone');
    assert.deepEqual(report.calls, { bulk: 1, single: 2 });
    assert.deepEqual(outcome(report, BTC_ETH), { limits: FLOAT['btc/eth'], via: 'result' });
    assert.deepEqual(outcome(report, XRP_USDT), { limits: FLOAT['xrp/usdt'], via: 'amount-error' });
  });
});
