import { strict as assert } from 'assert';
import fc from 'fast-check';
import {
  MAX_PAIRS,
  MAX_TICKER_LENGTH,
  MAX_VALUE_LENGTH,
  boundValue,
  checkNewPair,
  normalizeTicker,
  pairKey,
} from '../../../src/shared/currencyPairs';
import { parseHostMessage, parseWebviewMessage } from '../../../src/shared/pairLimitsProtocol';
import { FAILURE_KINDS, rowFailed, rowHasLimits } from '../../../src/shared/pairLimitsRows';
import { UI_STRING_KEYS, fill } from '../../../src/shared/pairLimitsStrings';
import type { HostMessage, ViewState, WebviewMessage } from '../../../src/shared/pairLimitsProtocol';
import type { EstimateCell, PairRow } from '../../../src/shared/pairLimitsRows';
import type { UiStrings } from '../../../src/shared/pairLimitsStrings';

/** The longest text the page may send in a field (raw input included). */
const MAX_INPUT = 200;

const strings = (): Record<string, string> => Object.fromEntries(UI_STRING_KEYS.map((key) => [key, `text of ${key}`]));

const P = { float: { state: 'pending' }, fixed: { state: 'pending' } } as const;
const floatLimits: EstimateCell = {
  state: 'limits',
  via: 'result',
  minFrom: '0.000609',
  maxFrom: '10.40721699267',
  minTo: '0.0123',
  maxTo: '210.5',
};
const fixedRefused: EstimateCell = {
  state: 'failed',
  kind: 'refused',
  reason: 'doge is disabled for fixed rates',
  detail: 'Invalid currency: doge temporary disabled for fix rate transactions',
};

const state = (overrides: Partial<ViewState> = {}): ViewState => ({
  environment: 'sandbox',
  pairsParams: 'available',
  loading: false,
  rows: [
    {
      from: 'btc',
      to: 'eth',
      state: 'limits',
      minAmountFloat: '0.000609',
      maxAmountFloat: '10.40721699267',
      minAmountFixed: '0.000764',
      maxAmountFixed: '3.7514',
      float: floatLimits,
      fixed: { ...floatLimits, via: 'amount-error', maxTo: '' },
    },
    {
      from: 'xmr',
      to: 'btc',
      state: 'failed',
      kind: 'currency-disabled',
      reason: 'xmr is disabled',
      detail: 'Invalid currency: xmr is temporary disabled on API as input currency',
      ...P,
    },
    { from: 'ltc', to: 'eth', state: 'pending', ...P },
    { from: 'doge', to: 'eth', state: 'unavailable', float: floatLimits, fixed: fixedRefused },
  ],
  recent: [{ from: 'doge', to: 'btc' }],
  error: null,
  updated: 'Updated at 10:00:00',
  ...overrides,
});

/** Every kind of message the page may send, once each. */
const webviewMessages: WebviewMessage[] = [
  { type: 'ready' },
  { type: 'add', from: 'BTC ', to: 'eth' },
  { type: 'remove', from: 'btc', to: 'eth' },
  { type: 'refresh' },
  { type: 'copy', from: 'btc', to: 'eth' },
  { type: 'rendered', rows: 3, failed: 1 },
  { type: 'problem', text: 'blocked by the content security policy: img-src' },
];

/** Every kind of message the extension may send, once each. */
const hostMessages: HostMessage[] = [
  { type: 'init', strings: strings() as unknown as UiStrings },
  { type: 'state', state: state() },
  { type: 'notice', severity: 'error', text: 'Choose two different currencies.', field: 'to' },
  { type: 'notice', severity: 'info', text: 'Copied.' },
];

describe('pair limits protocol: messages', () => {
  it('accepts every valid message of the page, as it is', () => {
    for (const message of webviewMessages) assert.deepEqual(parseWebviewMessage(message), message, message.type);
  });

  it('accepts every valid message of the extension, as it is', () => {
    for (const message of hostMessages) assert.deepEqual(parseHostMessage(message), message, message.type);
    assert.ok(
      parseHostMessage({
        type: 'state',
        state: state({
          environment: 'live',
          loading: true,
          rows: [],
          recent: [],
          error: 'Could not reach the live service',
          updated: null,
        }),
      }),
    );
  });

  it('the two directions do not accept each other’s messages', () => {
    for (const message of webviewMessages) assert.equal(parseHostMessage(message), undefined, message.type);
    for (const message of hostMessages) assert.equal(parseWebviewMessage(message), undefined, message.type);
  });

  it('refuses an unknown or missing type, and anything that is not an object', () => {
    for (const junk of [
      undefined,
      null,
      0,
      'ready',
      [],
      [{ type: 'ready' }],
      {},
      { type: 'READY' },
      { type: 'ready ' },
      { type: 'eval' },
      { type: 1 },
      { kind: 'ready' },
    ]) {
      assert.equal(parseWebviewMessage(junk), undefined, JSON.stringify(junk));
      assert.equal(parseHostMessage(junk), undefined, JSON.stringify(junk));
    }
  });

  it('refuses extra fields (strict objects), at the top and inside', () => {
    for (const message of webviewMessages)
      assert.equal(parseWebviewMessage({ ...message, extra: 1 }), undefined, message.type);
    for (const message of hostMessages)
      assert.equal(parseHostMessage({ ...message, extra: 1 }), undefined, message.type);
    const [first, ...rest] = state().rows;
    assert.equal(
      parseHostMessage({ type: 'state', state: { ...state(), rows: [{ ...first, note: 'x' }, ...rest] } }),
      undefined,
      'extra field in a row',
    );
    assert.equal(
      parseHostMessage({ type: 'state', state: { ...state(), recent: [{ from: 'a', to: 'b', at: 1 }] } }),
      undefined,
      'extra field in a suggestion',
    );
    assert.equal(
      parseHostMessage({ type: 'state', state: { ...state(), keys: 'x' } }),
      undefined,
      'extra field in the state',
    );
    assert.equal(
      parseHostMessage({ type: 'init', strings: { ...strings(), script: '<script>' } }),
      undefined,
      'extra page text',
    );
    assert.equal(
      parseHostMessage({
        type: 'state',
        state: { ...state(), rows: [{ from: 'a', to: 'b', state: 'pending', minAmountFloat: '1' }] },
      }),
      undefined,
      'limits on a pending row',
    );
  });

  it('refuses missing fields', () => {
    for (const message of [...webviewMessages, ...hostMessages]) {
      for (const key of Object.keys(message).filter((k) => k !== 'type' && k !== 'field')) {
        const copy: Record<string, unknown> = { ...message };
        delete copy[key];
        assert.equal(parseWebviewMessage(copy), undefined, `${message.type} without ${key}`);
        assert.equal(parseHostMessage(copy), undefined, `${message.type} without ${key}`);
      }
    }
    for (const key of UI_STRING_KEYS) {
      const partial = strings();
      delete partial[key];
      assert.equal(parseHostMessage({ type: 'init', strings: partial }), undefined, `init without ${key}`);
    }
    for (const key of Object.keys(state())) {
      const partial: Record<string, unknown> = { ...state() };
      delete partial[key];
      assert.equal(parseHostMessage({ type: 'state', state: partial }), undefined, `state without ${key}`);
    }
    assert.equal(
      parseHostMessage({
        type: 'state',
        state: state({
          rows: [
            {
              from: 'btc',
              to: 'eth',
              state: 'limits',
              minAmountFloat: '1',
              maxAmountFloat: '2',
              minAmountFixed: '1',
            } as unknown as PairRow,
          ],
        }),
      }),
      undefined,
    );
    assert.equal(
      parseHostMessage({
        type: 'state',
        state: state({
          rows: [{ from: 'btc', to: 'eth', state: 'failed', kind: 'refused', reason: 'r' } as unknown as PairRow],
        }),
      }),
      undefined,
    );
  });

  it('refuses fields of the wrong type or outside their values', () => {
    const wrong: unknown[] = [
      { type: 'add', from: 1, to: 'eth' },
      { type: 'add', from: 'btc', to: null },
      { type: 'add', from: ['btc'], to: 'eth' },
      { type: 'remove', from: 'btc', to: { toString: () => 'eth' } },
      { type: 'copy', from: 'btc', to: 5 },
      { type: 'rendered', rows: '3', failed: 0 },
      { type: 'rendered', rows: 1.5, failed: 0 },
      { type: 'rendered', rows: -1, failed: 0 },
      { type: 'rendered', rows: 10_001, failed: 0 },
      { type: 'rendered', rows: Number.NaN, failed: 0 },
      { type: 'rendered', rows: 2, failed: Infinity },
      { type: 'problem', text: 42 },
    ];
    for (const message of wrong) assert.equal(parseWebviewMessage(message), undefined, JSON.stringify(message));
    const wrongHost: unknown[] = [
      { type: 'notice', severity: 'warning', text: 'x' },
      { type: 'notice', severity: 'error', text: 'x', field: 'amount' },
      { type: 'notice', severity: 'error', text: null },
      { type: 'init', strings: { ...strings(), title: 7 } },
      { type: 'state', state: state({ environment: 'staging' as 'live' }) },
      { type: 'state', state: { ...state(), loading: 'yes' } },
      { type: 'state', state: { ...state(), error: undefined } },
      { type: 'state', state: { ...state(), updated: 12 } },
      { type: 'state', state: { ...state(), rows: {} } },
      {
        type: 'state',
        state: state({
          rows: [
            {
              from: 'btc',
              to: 'eth',
              state: 'failed',
              kind: 'exploded',
              reason: 'r',
              detail: '',
            } as unknown as PairRow,
          ],
        }),
      },
      {
        type: 'state',
        state: state({ rows: [{ from: 'btc', to: 'eth', state: 'done', ...P } as unknown as PairRow] }),
      },
      { type: 'state', state: state({ rows: [{ from: 'btc', to: 'eth', state: 'pending' } as unknown as PairRow] }) },
      {
        type: 'state',
        state: state({
          rows: [
            {
              from: 'btc',
              to: 'eth',
              state: 'pending',
              float: { state: 'limits', minFrom: '1' },
              fixed: P.fixed,
            } as unknown as PairRow,
          ],
        }),
      },
      {
        type: 'state',
        state: state({
          rows: [
            {
              from: 'btc',
              to: 'eth',
              state: 'pending',
              float: { ...floatLimits, via: 'guess' },
              fixed: P.fixed,
            } as unknown as PairRow,
          ],
        }),
      },
      { type: 'state', state: state({ pairsParams: 'retired' } as unknown as ViewState) },
      { type: 'state', state: { ...state(), pairsParams: undefined } },
      {
        type: 'state',
        state: state({
          rows: [
            {
              from: 'btc',
              to: 'eth',
              state: 'limits',
              minAmountFloat: 1,
              maxAmountFloat: '2',
              minAmountFixed: '1',
              maxAmountFixed: '2',
              ...P,
            } as unknown as PairRow,
          ],
        }),
      },
    ];
    for (const message of wrongHost) assert.equal(parseHostMessage(message), undefined, JSON.stringify(message));
    for (const kind of FAILURE_KINDS) {
      assert.ok(
        parseHostMessage({
          type: 'state',
          state: state({ rows: [{ from: 'a', to: 'b', state: 'failed', kind, reason: 'r', detail: '', ...P }] }),
        }),
        kind,
      );
      assert.ok(
        parseHostMessage({
          type: 'state',
          state: state({
            rows: [
              {
                from: 'a',
                to: 'b',
                state: 'unavailable',
                float: { state: 'failed', kind, reason: 'r', detail: '' },
                fixed: P.fixed,
              },
            ],
          }),
        }),
        kind,
      );
    }
  });

  it('bounds every text: tickers of the page at 200, problems and extension values at 2000', () => {
    const at = (n: number) => 'a'.repeat(n);
    for (const type of ['add', 'remove', 'copy'] as const) {
      assert.ok(parseWebviewMessage({ type, from: at(MAX_INPUT), to: 'eth' }), `${type} at the bound`);
      assert.equal(
        parseWebviewMessage({ type, from: at(MAX_INPUT + 1), to: 'eth' }),
        undefined,
        `${type} from over the bound`,
      );
      assert.equal(
        parseWebviewMessage({ type, from: 'btc', to: at(MAX_INPUT + 1) }),
        undefined,
        `${type} to over the bound`,
      );
    }
    assert.ok(parseWebviewMessage({ type: 'problem', text: at(MAX_VALUE_LENGTH) }));
    assert.equal(parseWebviewMessage({ type: 'problem', text: at(MAX_VALUE_LENGTH + 1) }), undefined);
    assert.ok(parseHostMessage({ type: 'notice', severity: 'info', text: at(MAX_VALUE_LENGTH) }));
    assert.equal(parseHostMessage({ type: 'notice', severity: 'info', text: at(MAX_VALUE_LENGTH + 1) }), undefined);
    assert.equal(
      parseHostMessage({ type: 'init', strings: { ...strings(), deprecated: at(MAX_VALUE_LENGTH + 1) } }),
      undefined,
    );
    const long = {
      from: 'btc',
      to: 'eth',
      state: 'failed',
      kind: 'refused',
      reason: 'r',
      detail: at(MAX_VALUE_LENGTH + 1),
      ...P,
    } as const;
    const longEstimate = {
      from: 'btc',
      to: 'eth',
      state: 'unavailable',
      float: { ...floatLimits, minTo: at(MAX_VALUE_LENGTH + 1) },
      fixed: P.fixed,
    } as const;
    assert.equal(parseHostMessage({ type: 'state', state: state({ rows: [longEstimate] }) }), undefined);
    assert.ok(
      parseHostMessage({
        type: 'state',
        state: state({ rows: [{ ...longEstimate, float: { ...floatLimits, minTo: at(MAX_VALUE_LENGTH) } }] }),
      }),
    );
    assert.equal(parseHostMessage({ type: 'state', state: state({ rows: [long] }) }), undefined);
    assert.ok(parseHostMessage({ type: 'state', state: state({ rows: [{ ...long, detail: at(MAX_VALUE_LENGTH) }] }) }));
    assert.equal(parseHostMessage({ type: 'state', state: state({ error: at(MAX_VALUE_LENGTH + 1) }) }), undefined);
  });

  it(`holds at most ${MAX_PAIRS} rows and ${MAX_PAIRS} suggestions`, () => {
    const rows = (n: number): PairRow[] =>
      Array.from({ length: n }, (_, i) => ({ from: `c${i}`, to: 'btc', state: 'pending', ...P }));
    assert.ok(parseHostMessage({ type: 'state', state: state({ rows: rows(MAX_PAIRS) }) }));
    assert.equal(parseHostMessage({ type: 'state', state: state({ rows: rows(MAX_PAIRS + 1) }) }), undefined);
    const recent = (n: number) => rows(n).map(({ from, to }) => ({ from, to }));
    assert.ok(parseHostMessage({ type: 'state', state: state({ recent: recent(MAX_PAIRS) }) }));
    assert.equal(parseHostMessage({ type: 'state', state: state({ recent: recent(MAX_PAIRS + 1) }) }), undefined);
  });
});

// -- property tests ---------------------------------------------------------------------------

const anyText = (max: number) => fc.string({ unit: 'grapheme', maxLength: Math.min(max, 60) });
const value = anyText(MAX_VALUE_LENGTH);
const input = fc.string({ maxLength: MAX_INPUT });
const count = fc.integer({ min: 0, max: 10_000 });
const pair = fc.record({ from: value, to: value });

const webviewMessage: fc.Arbitrary<WebviewMessage> = fc.oneof(
  fc.constant({ type: 'ready' as const }),
  fc.constant({ type: 'refresh' as const }),
  fc.record({ type: fc.constantFrom('add' as const, 'remove' as const, 'copy' as const), from: input, to: input }),
  fc.record({ type: fc.constant('rendered' as const), rows: count, failed: count }),
  fc.record({ type: fc.constant('problem' as const), text: value }),
);

const estimate: fc.Arbitrary<EstimateCell> = fc.oneof(
  fc.record({ state: fc.constant('pending' as const) }),
  fc.record({
    state: fc.constant('failed' as const),
    kind: fc.constantFrom(...FAILURE_KINDS),
    reason: value,
    detail: value,
  }),
  fc.record({
    state: fc.constant('limits' as const),
    via: fc.constantFrom('result' as const, 'amount-error' as const),
    minFrom: value,
    maxFrom: value,
    minTo: value,
    maxTo: value,
  }),
);
const estimates = { float: estimate, fixed: estimate };

const row: fc.Arbitrary<PairRow> = fc.oneof(
  fc.record({ from: value, to: value, state: fc.constant('pending' as const), ...estimates }),
  fc.record({ from: value, to: value, state: fc.constant('unavailable' as const), ...estimates }),
  fc.record({
    from: value,
    to: value,
    state: fc.constant('failed' as const),
    kind: fc.constantFrom(...FAILURE_KINDS),
    reason: value,
    detail: value,
    ...estimates,
  }),
  fc.record({
    from: value,
    to: value,
    state: fc.constant('limits' as const),
    minAmountFloat: value,
    maxAmountFloat: value,
    minAmountFixed: value,
    maxAmountFixed: value,
    ...estimates,
  }),
);

const viewState: fc.Arbitrary<ViewState> = fc.record({
  environment: fc.constantFrom('sandbox' as const, 'live' as const),
  pairsParams: fc.constantFrom('available' as const, 'gone' as const),
  loading: fc.boolean(),
  rows: fc.array(row, { maxLength: MAX_PAIRS }),
  recent: fc.array(pair, { maxLength: MAX_PAIRS }),
  error: fc.option(value, { nil: null }),
  updated: fc.option(value, { nil: null }),
});

const uiStrings = fc.record(
  Object.fromEntries(UI_STRING_KEYS.map((key) => [key, value])) as Record<keyof UiStrings, fc.Arbitrary<string>>,
);

const hostMessage: fc.Arbitrary<HostMessage> = fc.oneof(
  fc.record({ type: fc.constant('init' as const), strings: uiStrings }),
  fc.record({ type: fc.constant('state' as const), state: viewState }),
  fc.record(
    {
      type: fc.constant('notice' as const),
      severity: fc.constantFrom('info' as const, 'error' as const),
      text: value,
      field: fc.constantFrom('from' as const, 'to' as const),
    },
    { requiredKeys: ['type', 'severity', 'text'] },
  ),
);

describe('pair limits protocol: properties', () => {
  it('any message built from valid parts survives JSON (as postMessage carries it) and parses to itself', () => {
    fc.assert(
      fc.property(webviewMessage, (message) => {
        const wire: unknown = JSON.parse(JSON.stringify(message));
        assert.deepEqual(parseWebviewMessage(wire), wire);
        assert.equal(parseHostMessage(wire), undefined);
      }),
    );
    fc.assert(
      fc.property(hostMessage, (message) => {
        const wire: unknown = JSON.parse(JSON.stringify(message));
        assert.deepEqual(parseHostMessage(wire), wire);
        assert.equal(parseWebviewMessage(wire), undefined);
      }),
      { numRuns: 200 },
    );
  });

  it('a valid message with one more field is refused', () => {
    fc.assert(
      fc.property(
        fc.oneof(webviewMessage, hostMessage),
        fc
          .string({ minLength: 1, maxLength: 12 })
          .filter(
            (k) =>
              ![
                'type',
                'from',
                'to',
                'rows',
                'failed',
                'text',
                'strings',
                'state',
                'severity',
                'field',
                '__proto__',
              ].includes(k),
          ),
        fc.jsonValue(),
        (message, key, extra) => {
          const wire = { ...message, [key]: extra };
          assert.equal(parseWebviewMessage(wire), undefined);
          assert.equal(parseHostMessage(wire), undefined);
        },
      ),
    );
  });

  it('arbitrary junk never throws: it parses to undefined or to a valid message', () => {
    const junk = fc.oneof(
      fc.anything({
        withBoxedValues: true,
        withMap: true,
        withSet: true,
        withNullPrototype: true,
        withTypedArray: true,
        withSparseArray: true,
      }),
      fc.record(
        {
          type: fc.constantFrom(
            'ready',
            'add',
            'remove',
            'refresh',
            'copy',
            'rendered',
            'problem',
            'init',
            'state',
            'notice',
          ),
          from: fc.anything(),
          to: fc.anything(),
          rows: fc.anything(),
          text: fc.anything(),
          state: fc.anything(),
        },
        { requiredKeys: ['type'] },
      ),
    );
    fc.assert(
      fc.property(junk, (data) => {
        const fromPage = parseWebviewMessage(data);
        const fromHost = parseHostMessage(data);
        if (fromPage !== undefined)
          assert.deepEqual(parseWebviewMessage(JSON.parse(JSON.stringify(fromPage))), fromPage);
        if (fromHost !== undefined) assert.deepEqual(parseHostMessage(JSON.parse(JSON.stringify(fromHost))), fromHost);
      }),
      { numRuns: 500 },
    );
  });
});

describe('pair limits protocol: tickers and pairs', () => {
  it('normalizes a ticker: trimmed, lowercase', () => {
    assert.deepEqual(normalizeTicker('BTC'), { ticker: 'btc' });
    assert.deepEqual(normalizeTicker('  Eth\t\n'), { ticker: 'eth' });
    assert.deepEqual(normalizeTicker('usdt20'), { ticker: 'usdt20' });
    assert.deepEqual(normalizeTicker('USDT_TRC-20'), { ticker: 'usdt_trc-20' });
    assert.deepEqual(normalizeTicker('a'), { ticker: 'a' });
    assert.deepEqual(normalizeTicker('7'), { ticker: '7' });
  });

  it('says what is wrong with a ticker', () => {
    assert.deepEqual(normalizeTicker(''), { problem: 'empty' });
    assert.deepEqual(normalizeTicker(' \t '), { problem: 'empty' });
    assert.deepEqual(normalizeTicker('a'.repeat(MAX_TICKER_LENGTH)), { ticker: 'a'.repeat(MAX_TICKER_LENGTH) });
    assert.deepEqual(normalizeTicker('a'.repeat(MAX_TICKER_LENGTH + 1)), { problem: 'too-long' });
    for (const bad of [
      'b c',
      'btc/eth',
      '-btc',
      'btc-',
      '_btc',
      'btc_',
      'bitcoin!',
      'ёth',
      'btc\u200b',
      'é',
      '<b>',
      'btc.e',
      '₿',
    ]) {
      assert.deepEqual(normalizeTicker(bad), { problem: 'characters' }, JSON.stringify(bad));
    }
  });

  it('a normalized ticker is what the rule says, and normalizing it again changes nothing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\s*[A-Za-z0-9][A-Za-z0-9_-]{0,40}\s*$/)), (raw) => {
        const result = normalizeTicker(raw);
        if ('ticker' in result) {
          assert.equal(result.ticker, raw.trim().toLowerCase());
          assert.match(result.ticker, /^[a-z0-9]([a-z0-9_-]*[a-z0-9])?$/);
          assert.ok(result.ticker.length <= MAX_TICKER_LENGTH);
          assert.deepEqual(normalizeTicker(result.ticker), result);
          assert.ok(!result.ticker.includes('/'), 'a pair key stays unambiguous');
        }
      }),
      { numRuns: 500 },
    );
  });

  it('checks a new pair: each side, the same currency twice, a duplicate, a full list', () => {
    const existing = [{ from: 'btc', to: 'eth' }];
    assert.deepEqual(checkNewPair(' LTC', 'Btc ', existing), { pair: { from: 'ltc', to: 'btc' } });
    assert.deepEqual(checkNewPair('', 'eth', existing), { problem: 'empty', side: 'from' });
    assert.deepEqual(checkNewPair('btc', '', existing), { problem: 'empty', side: 'to' });
    assert.deepEqual(
      checkNewPair('b$c', 'x y', existing),
      { problem: 'characters', side: 'from' },
      'from is checked first',
    );
    assert.deepEqual(checkNewPair('btc', 'x'.repeat(33), existing), { problem: 'too-long', side: 'to' });
    assert.deepEqual(checkNewPair('eth', ' ETH', existing), { problem: 'same', side: 'to' });
    assert.deepEqual(checkNewPair('BTC', 'eth ', existing), { problem: 'duplicate' });
    assert.deepEqual(
      checkNewPair('eth', 'btc', existing),
      { pair: { from: 'eth', to: 'btc' } },
      'the reverse pair is another pair',
    );
    const full = Array.from({ length: MAX_PAIRS }, (_, i) => ({ from: `c${i}`, to: 'btc' }));
    assert.deepEqual(checkNewPair('eth', 'btc', full), { problem: 'too-many' });
    assert.deepEqual(
      checkNewPair('c3', 'btc', full),
      { problem: 'duplicate' },
      'a duplicate is told as such even in a full list',
    );
    assert.deepEqual(checkNewPair('eth', 'btc', full.slice(1)), { pair: { from: 'eth', to: 'btc' } });
  });

  it('pairKey is from/to, and tells distinct pairs apart', () => {
    assert.equal(pairKey({ from: 'btc', to: 'eth' }), 'btc/eth');
    const ticker = fc.stringMatching(/^[a-z0-9]([a-z0-9_-]{0,6}[a-z0-9])?$/);
    fc.assert(
      fc.property(ticker, ticker, ticker, ticker, (a, b, c, d) => {
        assert.equal(pairKey({ from: a, to: b }) === pairKey({ from: c, to: d }), a === c && b === d);
      }),
    );
  });

  it('fill puts the argument in for every {0}, as plain text', () => {
    assert.equal(fill('Remove {0}', 'btc → eth'), 'Remove btc → eth');
    assert.equal(fill('{0} and {0}', 'x'), 'x and x');
    assert.equal(fill('no placeholder', 'x'), 'no placeholder');
    assert.equal(fill('Add {0} again', '$& $1 $$'), 'Add $& $1 $$ again', 'no replacement patterns');
    assert.equal(fill('{0}!', '{0}'), '{0}!', 'the argument is not filled in again');
    fc.assert(
      fc.property(fc.string(), fc.string(), (template, arg) => {
        assert.equal(
          fill(template, arg),
          template.replaceAll('{0}', () => arg),
        );
        if (!template.includes('{0}')) assert.equal(fill(template, arg), template);
      }),
    );
  });
});

describe('pair limits protocol: values and rows', () => {
  it(`boundValue keeps up to ${MAX_VALUE_LENGTH} characters and cuts longer text to ${MAX_VALUE_LENGTH} with an ellipsis last`, () => {
    const exact = 'x'.repeat(MAX_VALUE_LENGTH);
    assert.equal(boundValue(exact), exact);
    assert.equal(boundValue(`${exact}y`), `${'x'.repeat(MAX_VALUE_LENGTH - 1)}…`);
    assert.equal(boundValue(''), '');
  });

  const limits: EstimateCell = {
    state: 'limits',
    via: 'result',
    minFrom: '0.01',
    maxFrom: '2',
    minTo: '0.2',
    maxTo: '40',
  };
  const failed: EstimateCell = { state: 'failed', kind: 'refused', reason: 'refused', detail: '' };
  const pending: EstimateCell = { state: 'pending' };
  const pairsParams = {
    limits: {
      state: 'limits',
      minAmountFloat: '0.01',
      maxAmountFloat: '2',
      minAmountFixed: '0.02',
      maxAmountFixed: '1',
    },
    failed: { state: 'failed', kind: 'currency-disabled', reason: 'disabled', detail: '' },
    pending: { state: 'pending' },
    unavailable: { state: 'unavailable' },
  } as const;
  const row = (state: keyof typeof pairsParams, float: EstimateCell, fixed: EstimateCell): PairRow => ({
    from: 'btc',
    to: 'eth',
    float,
    fixed,
    ...pairsParams[state],
  });

  it('a row has limits when any of its three sources gave some', () => {
    assert.equal(rowHasLimits(row('limits', pending, pending)), true);
    assert.equal(rowHasLimits(row('failed', limits, failed)), true);
    assert.equal(rowHasLimits(row('unavailable', failed, limits)), true);
    assert.equal(rowHasLimits(row('failed', failed, failed)), false);
    assert.equal(rowHasLimits(row('pending', pending, pending)), false);
  });

  it('a row failed when no source gave limits and at least one refused', () => {
    assert.equal(rowFailed(row('failed', pending, pending)), true);
    assert.equal(rowFailed(row('unavailable', failed, pending)), true);
    assert.equal(rowFailed(row('pending', pending, failed)), true);
    assert.equal(rowFailed(row('failed', failed, limits)), false, 'limits from one estimate outweigh refusals');
    assert.equal(rowFailed(row('limits', failed, failed)), false);
    assert.equal(rowFailed(row('pending', pending, pending)), false);
    assert.equal(rowFailed(row('unavailable', pending, pending)), false);
  });
});
