/**
 * What the browser tests show the page: pair limits from a real sandbox through a real client (real
 * HTTP, real signatures) and the extension's own fetching, made into rows as the panel makes them,
 * with and without the sandbox's hostile fault. Hostile tickers cannot come from the extension (it
 * asks only for valid ones), so rows with hostile tickers are made here: the page must be safe
 * with them all the same. The payloads of this file call window.__pwned should they ever run.
 */
import { LimitsMemory, loadLimits } from '../../src/features/pairLimits/loadLimits';
import type { LimitSources, LimitsReport } from '../../src/features/pairLimits/loadLimits';
import { pairRow } from '../../src/features/pairLimits/pairRows';
import { HOSTILE_VALUES } from '../../packages/sandbox/src';
import { boundValue, pairKey } from '../../src/shared/currencyPairs';
import { PENDING_ESTIMATES } from '../../src/shared/pairLimitsRows';
import type { CurrencyPairKey } from '../../src/shared/currencyPairs';
import type { HostMessage, ViewState } from '../../src/shared/pairLimitsProtocol';
import type { PairRow } from '../../src/shared/pairLimitsRows';
import type { UiStrings } from '../../src/shared/pairLimitsStrings';
import { startHarness } from '../unit/api/support';
import { english, englishL10n, englishPageStrings } from './english';
import { safeText } from '../../src/shared/safeText';

/** Markup and templates that report to the test if anything ever runs them. */
export const PWNED_PAYLOADS = {
  img: `<img src=x onerror="__pwned('img')">`,
  svg: `<svg onload="__pwned('svg')"><script>__pwned('svg-script')</script></svg>`,
  iframe: `"><iframe srcdoc="<script>parent.__pwned('iframe')</script>"></iframe>`,
  style: `<style>@import url(/pwned.css)</style><link rel=stylesheet href=/pwned.css>`,
  attribute: `" autofocus onfocus="__pwned('attribute')" x="`,
  template: "${__pwned('template')} {{__pwned('mustache')}}",
} as const;

export interface PageData {
  readonly init: HostMessage;
  /** Everyday pairs, one refused for a currency disabled as input: what the README shows. */
  readonly everyday: ViewState;
  /** The sandbox's hostile amounts, hostile service texts and hostile tickers. */
  readonly hostile: ViewState;
  /** The everyday pairs from a sandbox that answers getPairsParams "method not found". */
  readonly withoutPairsParams: ViewState;
}

/** The rows of a load as the panel makes them (each source's limits, or why it has none), in English. */
function rowsOf(pairs: readonly CurrencyPairKey[], report: LimitsReport): PairRow[] {
  if (report.failure !== undefined) throw new Error('loading the limits failed', { cause: report.failure });
  return pairs.map((pair) => {
    const key = pairKey(pair);
    const pairsParams = report.pairsParams === 'gone' ? ('gone' as const) : report.pairsParams.outcomes.get(key);
    const float = report.float.outcomes.get(key);
    const fixed = report.fixed.outcomes.get(key);
    if (!pairsParams || !float || !fixed) throw new Error(`${key} was not settled`);
    return pairRow(pair, { pairsParams, float, fixed }, undefined, englishL10n);
  });
}

const EVERYDAY: readonly CurrencyPairKey[] = [
  { from: 'btc', to: 'eth' },
  { from: 'eth', to: 'usdt' },
  { from: 'ltc', to: 'btc' },
  { from: 'xrp', to: 'usdt' },
  { from: 'usdt', to: 'trx' },
  { from: 'doge', to: 'btc' },
  { from: 'xmr', to: 'btc' },
];
const HOSTILE_AMOUNTS: readonly CurrencyPairKey[] = [
  { from: 'btc', to: 'eth' },
  { from: 'eth', to: 'ltc' },
];

/** Fetches the limits from a sandbox of its own and builds the states; stops the sandbox. */
export async function fetchPageData(): Promise<PageData> {
  const harness = await startHarness({ ledgerSize: 0 });
  const client = harness.client();
  try {
    const sources: LimitSources = {
      pairsParams: (pairs) => client.getPairsParams(pairs),
      exchangeAmount: (queries) => client.getExchangeAmount(queries),
      fixRate: (queries) => client.getFixRateForAmount(queries),
    };
    const everydayRows = rowsOf(EVERYDAY, await loadLimits(sources, EVERYDAY, new LimitsMemory()));

    harness.sandbox.setDisabledMethods(['getPairsParams']);
    const goneRows = rowsOf(EVERYDAY, await loadLimits(sources, EVERYDAY, new LimitsMemory()));
    if (!goneRows.every((r) => r.state === 'unavailable')) throw new Error('the sandbox answered getPairsParams');
    harness.sandbox.setDisabledMethods([]);

    harness.sandbox.setFaults({ hostile: 1 });
    const hostileAmountRows = rowsOf(HOSTILE_AMOUNTS, await loadLimits(sources, HOSTILE_AMOUNTS, new LimitsMemory()));
    if (!hostileAmountRows.every((r) => r.state === 'limits' && r.minAmountFloat === HOSTILE_VALUES.markup))
      throw new Error('the sandbox sent no hostile amounts');
    const hostileEstimate = {
      state: 'limits',
      via: 'result',
      minFrom: PWNED_PAYLOADS.attribute,
      maxFrom: PWNED_PAYLOADS.template,
      minTo: HOSTILE_VALUES.control,
      maxTo: HOSTILE_VALUES.markup,
    } as const;

    const sandbox = english('the sandbox');
    const everyday: ViewState = {
      environment: 'sandbox',
      pairsParams: 'available',
      loading: false,
      rows: everydayRows,
      recent: [
        { from: 'btc', to: 'ltc' },
        { from: 'eth', to: 'xrp' },
      ],
      error: null,
      updated: english('Updated at {0}', '14:03:21'),
    };
    const hostile: ViewState = {
      environment: 'live',
      pairsParams: 'available',
      loading: false,
      rows: [
        ...hostileAmountRows,
        everydayRows[3],
        {
          from: 'xmr',
          to: 'btc',
          state: 'failed',
          kind: 'currency-not-found',
          reason: english('{0} is not a currency the service knows.', safeText(PWNED_PAYLOADS.img, 40)),
          detail: boundValue(
            `Invalid currency: ${PWNED_PAYLOADS.img} not found ${HOSTILE_VALUES.commandLink} ${HOSTILE_VALUES.long}`,
          ),
          ...PENDING_ESTIMATES,
        },
        { from: HOSTILE_VALUES.markup, to: HOSTILE_VALUES.control, state: 'pending', ...PENDING_ESTIMATES },
        {
          from: PWNED_PAYLOADS.svg,
          to: HOSTILE_VALUES.javascriptLink,
          state: 'limits',
          minAmountFloat: PWNED_PAYLOADS.attribute,
          maxAmountFloat: PWNED_PAYLOADS.template,
          minAmountFixed: HOSTILE_VALUES.markdown,
          maxAmountFixed: HOSTILE_VALUES.commandUri,
          float: hostileEstimate,
          fixed: {
            state: 'failed',
            kind: 'refused',
            reason: PWNED_PAYLOADS.iframe,
            detail: HOSTILE_VALUES.commandLink,
          },
        },
        {
          from: boundValue(HOSTILE_VALUES.long),
          to: PWNED_PAYLOADS.iframe,
          state: 'unavailable',
          float: { state: 'failed', kind: 'refused', reason: HOSTILE_VALUES.script, detail: PWNED_PAYLOADS.style },
          fixed: { ...hostileEstimate, minFrom: HOSTILE_VALUES.long.slice(0, 1999), maxFrom: '' },
        },
      ],
      recent: [{ from: HOSTILE_VALUES.script, to: PWNED_PAYLOADS.img }],
      error: english(
        'Could not reach {0}: {1}',
        sandbox,
        safeText(`${PWNED_PAYLOADS.img}${HOSTILE_VALUES.control}`, 200),
      ),
      updated: english('Updated at {0}', PWNED_PAYLOADS.template),
    };
    const withoutPairsParams: ViewState = { ...everyday, pairsParams: 'gone', rows: goneRows, recent: [] };
    return { init: { type: 'init', strings: englishPageStrings() }, everyday, hostile, withoutPairsParams };
  } finally {
    client.dispose();
    await harness.sandbox.stop();
  }
}

/** The page's words of an `init` message. */
export function stringsOf(init: HostMessage): UiStrings {
  if (init.type !== 'init') throw new Error('not an init message');
  return init.strings;
}
