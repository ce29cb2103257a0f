// The Pair Limits panel in a real extension host, against the extension's own sandbox (and a
// sandbox of the test's own as the live service): the command and the one panel, the page's
// messages driven through `receive`, the rows of accepted, disabled and unknown currencies, the
// requests at the sandbox's log, persistence, the serializer path, environment changes and faults.
// The real page runs in the workbench's webview and says `ready` and `rendered` by itself.
//
// In the server host every webview shares one origin, so one service worker serves them all: a
// webview closed while one of its resource requests is in flight keeps the next webview's worker
// from taking over until that request times out (30 s in the workbench's worker). So the tests
// share one panel where they can, close it only where closing is what they test, and allow a new
// page that long to say `ready`.
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import { noteSignature, registeredKeys } from '../../secrets/registry';
import type { ExchangeTxApi } from '../../../src/extension';
import type { PairLimitsPanel } from '../../../src/features/pairLimits';
import type { PairLimitsController } from '../../../src/features/pairLimits';
import { findCurrency, limitsOf, pairLimits, startSandbox } from '../../../packages/sandbox/src';
import type { Currency, Sandbox } from '../../../packages/sandbox/src';
import { limitFields } from '../../../packages/sandbox/src/rates';
import { MAX_PAIRS, pairKey } from '../../../src/shared/currencyPairs';
import { PENDING_ESTIMATES } from '../../../src/shared/pairLimitsRows';
import type { CurrencyPairKey } from '../../../src/shared/currencyPairs';
import type { HostMessage, ViewState } from '../../../src/shared/pairLimitsProtocol';
import type { EstimateCell, LimitsRow, PairRow } from '../../../src/shared/pairLimitsRows';
import { eventually, extensionApi, resetEnvironment, resetSandbox } from '../support/extension';
import { useLive } from '../support/lookupHelpers';
import { isPairLimitsViewType } from '../../../src/features/pairLimits';

const VIEW_TYPE = 'exchangeTx.pairLimits';
/** How long a new page may take to say `ready` in the server host (see above). */
const READY_MS = 45_000;
const p = (from: string, to: string): CurrencyPairKey => ({ from, to });

/** An estimate's cell for a pair the sandbox accepts: its limits as the sandbox computes them. */
function estimateOf(
  type: 'float' | 'fixed',
  from: Currency,
  to: Currency,
  via: 'result' | 'amount-error' = 'result',
): EstimateCell {
  if (type === 'fixed' && (!from.fixRateEnabled || !to.fixRateEnabled)) {
    const refused = from.fixRateEnabled ? to : from;
    return {
      state: 'failed',
      kind: 'refused',
      reason: 'The service does not accept this pair; its answer is below.',
      detail: `Invalid currency: ${refused.ticker} temporary disabled for fix rate transactions`,
    };
  }
  const { minFrom, maxFrom, minTo, maxTo } = limitFields(limitsOf(type, from, to));
  return { state: 'limits', via, minFrom, maxFrom, minTo, maxTo };
}

function currencies(pair: CurrencyPairKey): [Currency, Currency] {
  const from = findCurrency(pair.from);
  const to = findCurrency(pair.to);
  assert.ok(from && to, `${pairKey(pair)} is a sandbox pair`);
  return [from, to];
}

/** The row of a pair the sandbox accepts: its getPairsParams and estimate limits as the sandbox computes them. */
function limitsRow(pair: CurrencyPairKey): LimitsRow {
  const [from, to] = currencies(pair);
  const { minAmountFloat, maxAmountFloat, minAmountFixed, maxAmountFixed } = pairLimits(from, to);
  return {
    ...pair,
    state: 'limits',
    minAmountFloat,
    maxAmountFloat,
    minAmountFixed,
    maxAmountFixed,
    float: estimateOf('float', from, to),
    fixed: estimateOf('fixed', from, to),
  };
}

/** The tabs of pair-limits panels in the workbench. */
function panelTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputWebview && isPairLimitsViewType(tab.input.viewType));
}

/** A place in the messages a panel sent, to read what it sent after. */
type Mark = HostMessage | undefined;
const mark = (panel: PairLimitsPanel): Mark => panel.page.posted.at(-1);

/** The messages sent since `from` (the panel keeps the last 200; a test sends fewer). */
function sentSince(panel: PairLimitsPanel, from: Mark): readonly HostMessage[] {
  const at = from === undefined ? -1 : panel.page.posted.lastIndexOf(from);
  assert.ok(from === undefined || at >= 0, 'the mark is still in the kept messages');
  return panel.page.posted.slice(at + 1);
}

const statesIn = (messages: readonly HostMessage[]): ViewState[] =>
  messages.flatMap((m) => (m.type === 'state' ? [m.state] : []));
const lastState = (panel: PairLimitsPanel): ViewState | undefined => statesIn(panel.page.posted).at(-1);

function row(panel: PairLimitsPanel, pair: CurrencyPairKey): PairRow {
  const found = panel.rows.find((r) => pairKey(r) === pairKey(pair));
  assert.ok(found, `a row for ${pairKey(pair)}`);
  return found;
}

describe('Pair Limits panel', function () {
  this.timeout(120_000);
  let api: ExchangeTxApi;
  let controller: PairLimitsController;
  let sandbox: Sandbox;

  /** The getPairsParams requests a sandbox saw (since the test began: each clears the log). */
  const pairRequests = (service: Sandbox = sandbox) => service.requests.filter((r) => r.method === 'getPairsParams');

  /** Per panel, the `rendered` messages its page sent since it last said `ready`. */
  const drawn = new WeakMap<PairLimitsPanel, number>();
  /** Per panel, how often its page said `ready`. */
  const readies = new WeakMap<PairLimitsPanel, number>();

  /** Counts what the page of `panel` draws. */
  function follow(panel: PairLimitsPanel): PairLimitsPanel {
    if (drawn.has(panel)) return panel;
    drawn.set(panel, 0);
    readies.set(panel, 0);
    panel.webviewPanel.webview.onDidReceiveMessage((message: { type?: unknown } | null) => {
      if (message?.type === 'ready') {
        drawn.set(panel, 0);
        readies.set(panel, (readies.get(panel) ?? 0) + 1);
      }
      if (message?.type === 'rendered') drawn.set(panel, (drawn.get(panel) ?? 0) + 1);
    });
    return panel;
  }

  /** Waits until the page has drawn every state sent to it since its last `init`. */
  async function drawnAll(panel: PairLimitsPanel, timeoutMs = 10_000): Promise<void> {
    await panel.whenIdle();
    const types = panel.page.posted.map((m) => m.type);
    const sent = statesIn(panel.page.posted.slice(types.lastIndexOf('init'))).length;
    await eventually(() => (drawn.get(panel) ?? 0) >= sent, 'the page to draw every state sent', timeoutMs);
  }

  /** Show Pair Limits; waits for the page to say `ready` and for what that started. */
  async function open(): Promise<PairLimitsPanel> {
    await vscode.commands.executeCommand('exchangeTx.showPairLimits');
    const panel = controller.panel;
    assert.ok(panel, 'a panel is open');
    follow(panel);
    await eventually(() => panel.page.ready, 'the page to say ready', READY_MS);
    await panel.whenIdle();
    return panel;
  }

  /** Closes the panel once its page has drawn what it was sent. */
  async function close(panel: PairLimitsPanel): Promise<void> {
    if (panel.page.ready) await drawnAll(panel).catch(() => undefined);
    panel.dispose();
  }

  /** Sends a message as the page would, and waits for what it started. */
  async function send(panel: PairLimitsPanel, message: unknown): Promise<void> {
    await panel.receive(message);
    await panel.whenIdle();
  }

  /** Puts `pairs` in the list and fetches them with one Refresh, as the page would ask. */
  async function showPairs(pairs: readonly CurrencyPairKey[]): Promise<PairLimitsPanel> {
    const panel = await open();
    for (const pair of pairs) await controller.list.add(pair);
    sandbox.clearRequests();
    await send(panel, { type: 'refresh' });
    return panel;
  }

  before(async () => {
    api = await extensionApi();
    controller = api.pairLimits.controller;
    await controller.list.clear();
  });
  beforeEach(async () => {
    await resetEnvironment(api);
    sandbox = (await api.sandboxHost.start()).sandbox;
    sandbox.clearRequests();
  });
  afterEach(async () => {
    await controller.list.clear();
    api.sandboxHost.sandbox?.setFaults({});
    await resetEnvironment(api);
    if (controller.panel) await controller.panel.whenIdle();
  });
  after(async () => {
    if (controller.panel) await close(controller.panel);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('the real page says ready, gets its words and the state, and draws it without CSP problems', async () => {
    assert.equal(controller.panel, undefined, 'no panel before the command');
    const panel = await open();
    assert.equal(panelTabs().length, 1);
    assert.equal(panel.webviewPanel.viewType, VIEW_TYPE);
    assert.equal(panel.webviewPanel.title, 'Pair Limits');
    const [init, first] = panel.page.posted;
    assert.equal(init?.type, 'init');
    assert.equal(init.type === 'init' && init.strings.title, 'Pair Limits');
    assert.equal(first?.type, 'state');
    assert.deepEqual(first.type === 'state' && first.state, {
      environment: 'sandbox',
      pairsParams: 'available',
      loading: false,
      rows: [],
      recent: [],
      error: null,
      updated: null,
    });
    await drawnAll(panel);
    assert.deepEqual(panel.page.lastRendered, { rows: 0, failed: 0 });
    assert.deepEqual(panel.page.problems, []);
    assert.equal(panel.page.dropped, 0);
    assert.match(panel.page.nonce, /^[A-Za-z0-9+/]{22}==$/);
    assert.equal(pairRequests().length, 0, 'no pairs, no request');
  });

  it('adds pairs through the page’s messages, normalized, each with the sandbox’s exact limits', async () => {
    const panel = await open();
    const from = mark(panel);
    await send(panel, { type: 'add', from: ' BTC ', to: 'Eth' });
    assert.deepEqual(controller.list.pairs, [p('btc', 'eth')]);
    assert.deepEqual(row(panel, p('btc', 'eth')), limitsRow(p('btc', 'eth')));
    assert.deepEqual(row(panel, p('btc', 'eth')), {
      from: 'btc',
      to: 'eth',
      state: 'limits',
      minAmountFloat: '0.000609',
      maxAmountFloat: '10.40721699267',
      minAmountFixed: '0.000764',
      maxAmountFixed: '3.7514',
      float: {
        state: 'limits',
        via: 'result',
        minFrom: '0.000609',
        maxFrom: '10.40721699267',
        minTo: '0.01246374',
        maxTo: '212.99310242',
      },
      fixed: {
        state: 'limits',
        via: 'result',
        minFrom: '0.000764',
        maxFrom: '3.7514',
        minTo: '0.0154796',
        maxTo: '76.00803381',
      },
    });
    assert.equal(pairRequests().length, 1);
    await send(panel, { type: 'add', from: 'xrp', to: 'usdt' });
    assert.deepEqual(controller.list.pairs, [p('btc', 'eth'), p('xrp', 'usdt')]);
    assert.equal(pairRequests().length, 2, 'one call for the whole list each time');
    assert.deepEqual(pairRequests()[1]?.params, [p('btc', 'eth'), p('xrp', 'usdt')]);
    const states = statesIn(sentSince(panel, from));
    assert.deepEqual(
      states.map((s) => [s.loading, s.rows.map((r) => r.state).join()]),
      [
        [true, 'pending'],
        [false, 'limits'],
        [true, 'limits,pending'],
        [false, 'limits,limits'],
      ],
      'loading, then the rows',
    );
    const last = states.at(-1);
    assert.equal(last?.error, null);
    assert.match(last?.updated ?? '', /^Updated at /);
    assert.deepEqual(last?.rows, panel.rows);
    await drawnAll(panel);
    assert.deepEqual(panel.page.lastRendered, { rows: 2, failed: 0 });
    assert.deepEqual(panel.page.problems, []);
  });

  it('keeps a pair the service refused (foo → btc) out of the pairs used before, in the same words as the others', async () => {
    const panel = await open();
    await send(panel, { type: 'add', from: 'btc', to: 'eth' });
    await send(panel, { type: 'add', from: 'foo', to: 'btc' });
    const refused = row(panel, p('foo', 'btc'));
    assert.equal(refused?.state, 'failed');
    assert.ok(
      refused && refused.state === 'failed' && !/error -?\d/.test(refused.reason),
      `a reason in words: ${JSON.stringify(refused)}`,
    );
    assert.deepEqual(controller.list.used, [p('btc', 'eth')], 'foo → btc is not a pair used before');
    await send(panel, { type: 'remove', from: 'foo', to: 'btc' });
    await send(panel, { type: 'remove', from: 'btc', to: 'eth' });
    assert.deepEqual(controller.list.suggestions, [p('btc', 'eth')], 'offered again: btc → eth only');
  });

  it('refuses bad pairs with a notice naming the field, and adds nothing', async () => {
    const panel = await showPairs([p('btc', 'eth')]);
    const requests = pairRequests().length;
    const cases: [unknown, string, 'from' | 'to' | undefined][] = [
      [
        { type: 'add', from: 'b c', to: 'eth' },
        'A ticker is letters a–z and digits (with - or _ inside), e.g. btc or usdt20.',
        'from',
      ],
      [
        { type: 'add', from: 'btc', to: '<b>' },
        'A ticker is letters a–z and digits (with - or _ inside), e.g. btc or usdt20.',
        'to',
      ],
      [{ type: 'add', from: '  ', to: 'eth' }, 'Enter a currency ticker.', 'from'],
      [{ type: 'add', from: 'btc', to: 'x'.repeat(33) }, 'A ticker is at most 32 characters.', 'to'],
      [{ type: 'add', from: 'ETH', to: 'eth' }, 'Choose two different currencies.', 'to'],
      [{ type: 'add', from: 'BTC', to: ' eth' }, 'This pair is already in the list.', undefined],
    ];
    for (const [message, text, field] of cases) {
      const from = mark(panel);
      await send(panel, message);
      assert.deepEqual(
        sentSince(panel, from),
        [{ type: 'notice', severity: 'error', text, ...(field ? { field } : {}) }],
        JSON.stringify(message),
      );
    }
    assert.deepEqual(controller.list.pairs, [p('btc', 'eth')]);
    assert.equal(pairRequests().length, requests, 'nothing refused was asked for');

    for (let i = controller.list.pairs.length; i < MAX_PAIRS; i++) await controller.list.add(p(`c${i}`, 'btc'));
    const from = mark(panel);
    await send(panel, { type: 'add', from: 'ltc', to: 'btc' });
    assert.deepEqual(sentSince(panel, from), [
      { type: 'notice', severity: 'error', text: 'The list holds at most 30 pairs; remove one first.' },
    ]);
    assert.equal(controller.list.pairs.length, MAX_PAIRS);
    assert.equal(pairRequests().length, requests);
  });

  it('shows each refused pair with its own kind and reason, the others with their limits, in k + 1 calls', async () => {
    const good = [p('btc', 'eth'), p('ltc', 'btc'), p('btc', 'xmr'), p('eos', 'usdt')];
    const [btcEth, ltcBtc, btcXmr, eosUsdt] = good as [
      CurrencyPairKey,
      CurrencyPairKey,
      CurrencyPairKey,
      CurrencyPairKey,
    ];
    const pairs = [
      btcEth,
      p('xmr', 'btc'),
      p('btc', 'eos'),
      ltcBtc,
      p('zec', 'eth'),
      p('eth', 'qqq'),
      btcXmr,
      p('dash', 'ltc'),
      eosUsdt,
    ];
    const panel = await showPairs(pairs);
    assert.deepEqual(panel.rows.map(pairKey), pairs.map(pairKey), 'rows in list order');
    for (const pair of good) assert.deepEqual(row(panel, pair), limitsRow(pair));
    // A currency refused by getPairsParams is not asked about again: both estimates show the same refusal.
    const failed = (pair: CurrencyPairKey, kind: string, reason: string, detail: string) =>
      assert.deepEqual(
        row(panel, pair),
        {
          ...pair,
          state: 'failed',
          kind,
          reason,
          detail,
          float: { state: 'failed', kind, reason, detail },
          fixed: { state: 'failed', kind, reason, detail },
        },
        pairKey(pair),
      );
    failed(
      p('xmr', 'btc'),
      'currency-disabled',
      'xmr is temporarily disabled as an input currency (it cannot be sent).',
      'Invalid currency: xmr is temporary disabled on API as input currency',
    );
    failed(
      p('btc', 'eos'),
      'currency-disabled',
      'eos is temporarily disabled as an output currency (it cannot be received).',
      'Invalid currency: eos is temporary disabled on API as output currency',
    );
    failed(
      p('zec', 'eth'),
      'currency-disabled',
      'zec is temporarily disabled.',
      'Invalid currency: zec temporary disabled',
    );
    failed(
      p('dash', 'ltc'),
      'currency-disabled',
      'dash is temporarily disabled.',
      'Invalid currency: dash temporary disabled',
    );
    failed(
      p('eth', 'qqq'),
      'currency-not-found',
      'qqq is not a currency the service knows.',
      'Invalid currency: qqq not found',
    );
    // xmr, eos, zec, qqq and dash refused: five calls set them aside, one more gets the rest.
    assert.deepEqual(
      pairRequests().map((r) => r.outcome),
      ['error', 'error', 'error', 'error', 'error', 'ok'],
    );
    assert.deepEqual(pairRequests().at(-1)?.params, good);
    assert.equal(lastState(panel)?.error, null);
    await drawnAll(panel);
    assert.deepEqual(panel.page.lastRendered, { rows: pairs.length, failed: 5 });
    assert.deepEqual(panel.page.problems, []);

    sandbox.clearRequests();
    await send(panel, { type: 'remove', from: 'XMR', to: 'btc' });
    assert.equal(panel.rows.length, pairs.length - 1);
    assert.ok(!controller.list.pairs.some((x) => pairKey(x) === 'xmr/btc'));
    assert.equal(pairRequests().length, 0, 'removing asks nothing');
    const from = mark(panel);
    await send(panel, { type: 'remove', from: 'nope', to: 'btc' });
    assert.deepEqual(sentSince(panel, from), [], 'removing a pair not in the list changes nothing');
    await send(panel, { type: 'refresh' });
    assert.equal(pairRequests().length, 5, 'a refresh asks again: once per refused currency, once for the rest');
    await drawnAll(panel);
    assert.deepEqual(panel.page.lastRendered, { rows: pairs.length - 1, failed: 4 });
  });

  it('asks once when every pair is accepted, and once more per Refresh', async () => {
    const pairs = [
      p('btc', 'eth'),
      p('eth', 'btc'),
      p('xrp', 'usdt'),
      p('sol', 'ada'),
      p('atom', 'dot'),
      p('btc', 'xmr'),
      p('eos', 'btc'),
    ];
    const panel = await showPairs(pairs);
    assert.equal(pairRequests().length, 1);
    assert.deepEqual(pairRequests()[0]?.params, pairs);
    assert.deepEqual(panel.rows, pairs.map(limitsRow));
    await send(panel, { type: 'refresh' });
    assert.equal(pairRequests().length, 2);
  });

  it('copies the limits of a row as JSON, and nothing for a row without limits or out of the list', async () => {
    const panel = await showPairs([p('btc', 'eth'), p('zec', 'btc'), p('ltc', 'btc')]);
    // ltc → btc leaves the list from elsewhere (another window: the global state is shared).
    await controller.list.remove(p('ltc', 'btc'));
    await send(panel, { type: 'copy', from: 'BTC', to: 'eth' });
    assert.deepEqual(JSON.parse(await vscode.env.clipboard.readText()), {
      from: 'btc',
      to: 'eth',
      getExchangeAmount: { minFrom: '0.000609', maxFrom: '10.40721699267', minTo: '0.01246374', maxTo: '212.99310242' },
      getFixRateForAmount: { minFrom: '0.000764', maxFrom: '3.7514', minTo: '0.0154796', maxTo: '76.00803381' },
      getPairsParams: {
        minAmountFloat: '0.000609',
        maxAmountFloat: '10.40721699267',
        minAmountFixed: '0.000764',
        maxAmountFixed: '3.7514',
      },
    });
    assert.deepEqual(panel.page.posted.at(-1), {
      type: 'notice',
      severity: 'info',
      text: 'Copied the limits of btc → eth.',
    });
    await vscode.env.clipboard.writeText('unchanged');
    const from = mark(panel);
    await send(panel, { type: 'copy', from: 'zec', to: 'btc' });
    await send(panel, { type: 'copy', from: 'ltc', to: 'btc' });
    assert.equal(await vscode.env.clipboard.readText(), 'unchanged');
    assert.deepEqual(sentSince(panel, from), []);
  });

  it('drops messages that are not part of the protocol, and does nothing with them', async () => {
    const panel = await showPairs([p('btc', 'eth')]);
    const requests = pairRequests().length;
    const dropped = panel.page.dropped;
    const from = mark(panel);
    const junk: unknown[] = [
      null,
      'refresh',
      { type: 'eval', code: 'alert(1)' },
      { type: 'add', from: 'ltc', to: 'btc', extra: true },
      { type: 'add', from: 'ltc' },
      { type: 'remove', from: 'btc', to: 5 },
      { type: 'refresh', now: true },
      { type: 'copy', from: 'btc', to: 'eth', format: 'html' },
      { type: 'add', from: 'l'.repeat(201), to: 'btc' },
      { type: 'rendered', rows: -1, failed: 0 },
      { type: 'problem', text: 'x'.repeat(2001) },
      [{ type: 'refresh' }],
    ];
    for (const message of junk) await send(panel, message);
    assert.equal(panel.page.dropped - dropped, junk.length);
    assert.deepEqual(controller.list.pairs, [p('btc', 'eth')]);
    assert.equal(pairRequests().length, requests);
    assert.deepEqual(sentSince(panel, from), [], 'nothing answered');
    assert.deepEqual(panel.rows, [limitsRow(p('btc', 'eth'))]);
    assert.deepEqual(panel.page.problems, [], 'an over-long problem is not kept either');
  });

  it('answers a page that says ready again with its words and the state, without asking again', async () => {
    const panel = await showPairs([p('btc', 'eth')]);
    const from = mark(panel);
    await send(panel, { type: 'ready' });
    const again = sentSince(panel, from);
    assert.deepEqual(
      again.map((m) => m.type),
      ['init', 'state'],
    );
    assert.deepEqual(statesIn(again)[0]?.rows, [limitsRow(p('btc', 'eth'))]);
    assert.equal(pairRequests().length, 1, 'the rows were loaded already');
  });

  it('draws a new page with a fresh nonce, which says ready and gets the rows', async () => {
    const panel = await showPairs([p('btc', 'eth'), p('xmr', 'eth')]);
    await drawnAll(panel);
    const nonce = panel.page.nonce;
    panel.page.render();
    assert.notEqual(panel.page.nonce, nonce);
    assert.equal(panel.page.ready, false, 'the new page has not said ready yet');
    await eventually(() => panel.page.ready, 'the new page to say ready', READY_MS);
    await drawnAll(panel);
    assert.deepEqual(panel.page.lastRendered, { rows: 2, failed: 1 });
    assert.deepEqual(panel.page.problems, []);
    assert.equal(pairRequests().length, 2, 'the rows were not fetched again');
  });

  describe('whole-call failures', () => {
    it('keeps new rows pending and shows the error while the sandbox fails; a refresh recovers', async () => {
      const panel = await open();
      sandbox.setFaults({ rates: { internalError: 1 } });
      await send(panel, { type: 'add', from: 'btc', to: 'eth' });
      await send(panel, { type: 'add', from: 'zec', to: 'btc' });
      assert.deepEqual(
        panel.rows.map((r) => r.state),
        ['pending', 'pending'],
      );
      const failed = lastState(panel);
      assert.equal(failed?.loading, false);
      assert.equal(failed?.error, 'The sandbox reported an internal error. Try again in a moment.');
      await drawnAll(panel);
      assert.deepEqual(panel.page.lastRendered, { rows: 2, failed: 0 });

      sandbox.setFaults({});
      sandbox.clearRequests();
      await send(panel, { type: 'refresh' });
      assert.deepEqual(
        panel.rows.map((r) => r.state),
        ['limits', 'failed'],
      );
      assert.equal(lastState(panel)?.error, null);
      assert.equal(pairRequests().length, 2);
    });

    it('keeps the rows it had when a refresh fails with HTTP 500', async () => {
      const panel = await showPairs([p('btc', 'eth'), p('dash', 'btc')]);
      const before = panel.rows;
      assert.deepEqual(
        before.map((r) => r.state),
        ['limits', 'failed'],
      );
      sandbox.setFaults({ rates: { http500: 1 } });
      await send(panel, { type: 'refresh' });
      assert.deepEqual(panel.rows, before);
      assert.equal(lastState(panel)?.error, 'The sandbox answered HTTP 500. Try again in a moment.');
      assert.equal(lastState(panel)?.loading, false);
    });
  });

  describe('without getPairsParams (the sandbox answers it "method not found")', () => {
    afterEach(() => api.sandboxHost.sandbox?.setDisabledMethods([]));

    it('says so once, never asks it again, and shows the limits of getExchangeAmount and getFixRateForAmount', async () => {
      const estimates = (method: string) => sandbox.requests.filter((r) => r.method === method).map((r) => r.params);
      const panel = await open();
      // A new sandbox is a new environment: the panel knows nothing of any limits there yet.
      await resetSandbox(api);
      await panel.whenIdle();
      sandbox = (await api.sandboxHost.start()).sandbox;
      sandbox.setDisabledMethods(['getPairsParams']);
      const pairs = [p('btc', 'eth'), p('xrp', 'usdt'), p('xmr', 'btc')];
      for (const pair of pairs) await controller.list.add(pair);
      sandbox.clearRequests();
      const from = mark(panel);
      await send(panel, { type: 'refresh' });

      assert.equal(pairRequests().length, 1, 'asked once, answered "method not found"');
      // Nothing known of the limits: 1 unit of each; xrp (1 is under its minimum) and xmr (disabled
      // as input) are left out of the bulk answers and asked alone.
      const probes = pairs.map((pair) => ({ ...pair, amountFrom: '1' }));
      assert.deepEqual(estimates('getExchangeAmount'), [probes, probes[1], probes[2]]);
      assert.deepEqual(estimates('getFixRateForAmount'), [probes, probes[1], probes[2]]);
      const [btc, eth] = currencies(p('btc', 'eth'));
      const [xrp, usdt] = currencies(p('xrp', 'usdt'));
      const xmrRefused = {
        state: 'failed',
        kind: 'currency-disabled',
        reason: 'xmr is temporarily disabled as an input currency (it cannot be sent).',
        detail: 'Invalid currency: xmr is temporary disabled on API as input currency',
      } as const;
      assert.deepEqual(panel.rows, [
        {
          ...p('btc', 'eth'),
          state: 'unavailable',
          float: estimateOf('float', btc, eth),
          fixed: estimateOf('fixed', btc, eth),
        },
        {
          ...p('xrp', 'usdt'),
          state: 'unavailable',
          float: estimateOf('float', xrp, usdt, 'amount-error'),
          fixed: estimateOf('fixed', xrp, usdt, 'amount-error'),
        },
        { ...p('xmr', 'btc'), state: 'unavailable', float: xmrRefused, fixed: xmrRefused },
      ]);
      assert.deepEqual(row(panel, p('xrp', 'usdt')).float, {
        state: 'limits',
        via: 'amount-error',
        minFrom: '79.1',
        maxFrom: '1748469.836760023',
        minTo: '40.937669',
        maxTo: '904908.711138',
      });
      const last = lastState(panel);
      assert.equal(last?.pairsParams, 'gone');
      assert.equal(last?.error, null, 'not an error: the panel carries on');
      assert.deepEqual(
        sentSince(panel, from).filter((m) => m.type === 'notice'),
        [],
        'said in the state (the page’s banner), not as a notice',
      );
      await drawnAll(panel);
      assert.deepEqual(panel.page.lastRendered, { rows: 3, failed: 1 });
      assert.deepEqual(panel.page.problems, []);
      assert.deepEqual(
        sandbox.requests.filter((r) => r.outcome === 'rate-limited'),
        [],
        'within the rate limit',
      );

      sandbox.clearRequests();
      await send(panel, { type: 'refresh' });
      assert.equal(pairRequests().length, 0, 'getPairsParams is not asked again');
      // The probes now lie inside the limits the estimates gave: one bulk call each.
      assert.deepEqual(estimates('getExchangeAmount'), [
        [
          { from: 'btc', to: 'eth', amountFrom: '0.001218' },
          { from: 'xrp', to: 'usdt', amountFrom: '158.2' },
          { from: 'xmr', to: 'btc', amountFrom: '1' },
        ],
        { from: 'xmr', to: 'btc', amountFrom: '1' },
      ]);
      assert.equal(estimates('getFixRateForAmount').length, 2);
      assert.deepEqual(row(panel, p('xrp', 'usdt')).float, estimateOf('float', xrp, usdt));
      assert.equal(lastState(panel)?.pairsParams, 'gone');
      await drawnAll(panel);
      assert.deepEqual(panel.page.problems, []);
    });

    it('a new environment may have getPairsParams again: it is asked for there', async () => {
      sandbox.setDisabledMethods(['getPairsParams']);
      const panel = await showPairs([p('btc', 'eth')]);
      assert.equal(lastState(panel)?.pairsParams, 'gone');
      sandbox.setDisabledMethods([]);
      sandbox.clearRequests();
      // Reset starts a new ledger in the same sandbox: a new environment all the same.
      await resetSandbox(api);
      await panel.whenIdle();
      assert.equal(panel.state.pairsParams, 'available', 'forgotten with the old environment');
      await send(panel, { type: 'refresh' });
      const fresh = api.sandboxHost.sandbox;
      assert.ok(fresh, 'the sandbox runs');
      assert.ok(
        fresh.requests.some((r) => r.method === 'getPairsParams' && r.outcome === 'ok'),
        'getPairsParams asked of it, and answered',
      );
      assert.deepEqual(panel.rows, [limitsRow(p('btc', 'eth'))]);
      assert.equal(lastState(panel)?.pairsParams, 'available');
    });
  });

  describe('environment changes', () => {
    let service: Sandbox;
    const keys = registeredKeys();

    before(async () => {
      service = await startSandbox({ onSignature: noteSignature, ledgerSize: 0 });
      service.registerKey({ publicKeyBase64: keys.publicKeyBase64 });
    });
    after(() => service.stop());

    it('resets the rows to pending and fetches them from the new environment; the page never gets the keys', async () => {
      const panel = await showPairs([p('btc', 'eth'), p('xmr', 'btc')]);
      assert.deepEqual(
        panel.rows.map((r) => r.state),
        ['limits', 'failed'],
      );
      const from = mark(panel);
      service.clearRequests();
      await useLive(api, service.url, keys.privateKeyHex);
      await eventually(
        () =>
          lastState(panel)?.environment === 'live' &&
          panel.rows.every((r) => r.state !== 'pending') &&
          !panel.state.loading,
        'rows from the live service',
      );
      await panel.whenIdle();
      assert.ok(
        statesIn(sentSince(panel, from)).some(
          (s) => s.environment === 'live' && s.rows.every((r) => r.state === 'pending'),
        ),
        'the rows were shown as pending after the change',
      );
      assert.deepEqual(row(panel, p('btc', 'eth')), limitsRow(p('btc', 'eth')));
      assert.equal(row(panel, p('xmr', 'btc')).state, 'failed');
      assert.ok(pairRequests(service).length >= 2, 'fetched from the live service');
      assert.ok(
        pairRequests(service).every((r) => r.apiKey === keys.apiKey && (r.outcome === 'error' || r.outcome === 'ok')),
        'signed with the saved keys',
      );
      service.clearRequests();
      sandbox.clearRequests();
      await send(panel, { type: 'refresh' });
      assert.equal(pairRequests(service).length, 2, 'xmr set aside in one call, btc → eth in another');
      assert.equal(pairRequests(sandbox).length, 0, 'nothing goes to the built-in sandbox any more');

      const wire = JSON.stringify(sentSince(panel, from));
      assert.ok(!wire.includes(keys.privateKeyHex), 'no private key sent to the page');
      assert.ok(!wire.includes(keys.apiKey), 'no API key sent to the page');
      assert.ok(!wire.includes(keys.publicKeyBase64), 'no public key sent to the page');
    });

    it('never shows a row of the old environment again, even for a pair that left the list and came back', async () => {
      const panel = await showPairs([p('btc', 'eth')]);
      assert.equal(row(panel, p('btc', 'eth')).state, 'limits');
      // Another window empties the list (the global state is shared), then the environment changes…
      await controller.list.clear();
      await useLive(api, service.url, keys.privateKeyHex);
      await panel.whenIdle();
      // …and the pair comes back from the other window: not fetched here yet, so not known here.
      await controller.list.add(p('btc', 'eth'));
      assert.deepEqual(panel.rows, [{ ...p('btc', 'eth'), state: 'pending', ...PENDING_ESTIMATES }]);
      await send(panel, { type: 'refresh' });
      assert.deepEqual(panel.rows, [limitsRow(p('btc', 'eth'))]);
      assert.equal(lastState(panel)?.environment, 'live');
    });

    it('shows the live service’s refusal of the keys as the error, and keeps the rows pending', async () => {
      const stranger = registeredKeys();
      const panel = await showPairs([p('btc', 'eth')]);
      assert.equal(row(panel, p('btc', 'eth')).state, 'limits');
      const from = mark(panel);
      await useLive(api, service.url, stranger.privateKeyHex);
      await panel.whenIdle();
      service.clearRequests();
      await send(panel, { type: 'refresh' });
      assert.equal(row(panel, p('btc', 'eth')).state, 'pending');
      assert.equal(
        lastState(panel)?.error,
        'The live service refused the API keys (HTTP 401). Check that the saved keys are the ones the service issued.',
      );
      // Refused before its body is read: the log has the key and the outcome, not the method.
      const refused = service.requests.filter((r) => r.apiKey === stranger.apiKey);
      assert.ok(
        refused.length > 0 && refused.every((r) => r.outcome === 'unauthorized'),
        'asked with the saved keys, refused',
      );
      const wire = JSON.stringify(sentSince(panel, from));
      assert.ok(!wire.includes(stranger.privateKeyHex) && !wire.includes(stranger.apiKey));
    });
  });

  describe('opening, closing and restoring', () => {
    it('keeps the list in the global state across closing and reopening the panel', async () => {
      let panel = await open();
      await send(panel, { type: 'add', from: 'btc', to: 'eth' });
      await send(panel, { type: 'add', from: 'ltc', to: 'xmr' });
      await send(panel, { type: 'add', from: 'doge', to: 'btc' });
      await send(panel, { type: 'remove', from: 'ltc', to: 'xmr' });
      await close(panel);
      assert.equal(controller.panel, undefined);
      assert.equal(panel.isDisposed, true);
      sandbox.clearRequests();
      panel = await open();
      assert.deepEqual(
        panel.rows,
        [limitsRow(p('btc', 'eth')), limitsRow(p('doge', 'btc'))],
        'the new page asked for the saved list',
      );
      assert.deepEqual(panel.state.recent, [p('ltc', 'xmr')], 'the removed pair is suggested');
      assert.equal(pairRequests().length, 1, 'the reopened panel asks once');
    });

    it('adopts a panel restored by the serializer, and closes a second one', async () => {
      const open_ = controller.panel ?? (await open());
      // Its tab is open: the serializer is registered (VS Code keeps the panel across a reload only then).
      assert.equal(panelTabs().length, 1);
      assert.equal(api.pairLimits.restorable, true);
      const extra = vscode.window.createWebviewPanel(VIEW_TYPE, 'extra', vscode.ViewColumn.One, {
        enableScripts: true,
      });
      let extraDisposed = false;
      extra.onDidDispose(() => (extraDisposed = true));
      assert.equal(controller.restore(extra), open_, 'the open panel stays the one');
      assert.equal(extraDisposed, true, 'the extra panel is closed');
      assert.equal(open_.isDisposed, false);
      assert.equal(controller.panel, open_);
      await close(open_);

      await controller.list.add(p('btc', 'eth'));
      const restored = vscode.window.createWebviewPanel(VIEW_TYPE, 'restored', vscode.ViewColumn.One, {
        enableScripts: true,
      });
      const panel = follow(controller.restore(restored));
      assert.equal(controller.panel, panel);
      assert.equal(panel.webviewPanel, restored);
      assert.equal(restored.title, 'Pair Limits');
      assert.equal(restored.webview.options.enableCommandUris, false);
      assert.equal(restored.webview.options.enableScripts, true);
      await eventually(() => panel.page.ready, 'the restored page to say ready', READY_MS);
      await panel.whenIdle();
      assert.deepEqual(panel.rows, [limitsRow(p('btc', 'eth'))]);
      await vscode.commands.executeCommand('exchangeTx.showPairLimits');
      assert.equal(controller.panel, panel, 'Show Pair Limits reveals the restored panel');
      assert.equal(panelTabs().length, 1);
    });

    it('Show Pair Limits reveals the open panel, and closing its tab disposes it', async () => {
      const panel = await open();
      const readyBefore = readies.get(panel) ?? 0;
      await vscode.commands.executeCommand('workbench.action.files.newUntitledFile');
      await eventually(() => !panel.webviewPanel.active, 'another editor in front');
      await vscode.commands.executeCommand('exchangeTx.showPairLimits');
      assert.equal(controller.panel, panel, 'the same panel');
      await eventually(() => panel.webviewPanel.active, 'the panel revealed');
      assert.equal(panelTabs().length, 1, 'no second panel');
      // Hidden, the page was dropped; shown again, it is loaded again, says ready and is answered.
      await eventually(() => (readies.get(panel) ?? 0) > readyBefore, 'the page loaded again to say ready', READY_MS);
      await drawnAll(panel, READY_MS);
      assert.deepEqual(panel.page.problems, []);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await eventually(() => panel.isDisposed, 'the panel disposed');
      assert.equal(controller.panel, undefined);
      assert.equal(panelTabs().length, 0);
      await vscode.commands.executeCommand('exchangeTx.showPairLimits');
      assert.ok(controller.panel && controller.panel !== panel, 'a new panel after closing');
      await eventually(() => panelTabs().length === 1, 'the tab of the new panel');
    });
  });
});
