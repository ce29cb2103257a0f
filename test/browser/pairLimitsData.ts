/**
 * What the browser tests show the page: pair limits from a real sandbox through a real client (real
 * HTTP, real signatures) and the extension's own fetching, made into rows as the panel makes them,
 * with and without the sandbox's hostile fault. Hostile tickers cannot come from the extension (it
 * asks only for valid ones), so rows with hostile tickers are made here: the page must be safe
 * with them all the same. The payloads of this file call window.__pwned should they ever run.
 */
import { fetchPairLimits } from '../../src/features/pairLimits/fetchPairLimits';
import type { PairOutcome } from '../../src/features/pairLimits/fetchPairLimits';
import { pairRow } from '../../src/features/pairLimits/pairRows';
import { HOSTILE_VALUES } from '../../src/sandbox';
import { sanitize } from '../../src/shared/format';
import { boundValue, pairKey } from '../../src/shared/pairLimitsProtocol';
import type { CurrencyPairKey, HostMessage, PairRow, UiStrings, ViewState } from '../../src/shared/pairLimitsProtocol';
import { startHarness } from '../unit/api/support';
import { english, englishL10n, englishPageStrings } from './english';

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
}

/** The row of a pair as the panel makes it (its limits, or why it has none), in English. */
function rowOf(pair: CurrencyPairKey, outcome: PairOutcome | undefined): PairRow {
  if (!outcome) throw new Error(`${pairKey(pair)} was not settled`);
  return pairRow(pair, outcome, undefined, englishL10n);
}

const EVERYDAY: readonly CurrencyPairKey[] = [
  { from: 'btc', to: 'eth' },
  { from: 'eth', to: 'usdt' },
  { from: 'ltc', to: 'btc' },
  { from: 'xrp', to: 'usdt' },
  { from: 'usdt', to: 'trx' },
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
    const fetch = (pairs: readonly CurrencyPairKey[]): ReturnType<typeof client.getPairsParams> => client.getPairsParams(pairs);
    const everydayReport = await fetchPairLimits(fetch, EVERYDAY);
    if (everydayReport.failure !== undefined) throw new Error('fetching the everyday pairs failed', { cause: everydayReport.failure });
    const everydayRows = EVERYDAY.map((pair) => rowOf(pair, everydayReport.outcomes.get(pairKey(pair))));

    harness.sandbox.setFaults({ hostile: 1 });
    const hostileReport = await fetchPairLimits(fetch, HOSTILE_AMOUNTS);
    if (hostileReport.failure !== undefined) throw new Error('fetching the hostile pairs failed', { cause: hostileReport.failure });
    const hostileAmountRows = HOSTILE_AMOUNTS.map((pair) => rowOf(pair, hostileReport.outcomes.get(pairKey(pair))));
    if (!hostileAmountRows.every((r) => r.state === 'limits' && r.minAmountFloat === HOSTILE_VALUES.markup)) throw new Error('the sandbox sent no hostile amounts');

    const sandbox = english('the sandbox');
    const everyday: ViewState = {
      environment: 'sandbox',
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
      loading: false,
      rows: [
        ...hostileAmountRows,
        everydayRows[3],
        {
          from: 'xmr',
          to: 'btc',
          state: 'failed',
          kind: 'currency-not-found',
          reason: english('{0} is not a currency the service knows.', sanitize(PWNED_PAYLOADS.img, 40)),
          detail: boundValue(`Invalid currency: ${PWNED_PAYLOADS.img} not found ${HOSTILE_VALUES.commandLink} ${HOSTILE_VALUES.long}`),
        },
        { from: HOSTILE_VALUES.markup, to: HOSTILE_VALUES.control, state: 'pending' },
        {
          from: PWNED_PAYLOADS.svg,
          to: HOSTILE_VALUES.javascriptLink,
          state: 'limits',
          minAmountFloat: PWNED_PAYLOADS.attribute,
          maxAmountFloat: PWNED_PAYLOADS.template,
          minAmountFixed: HOSTILE_VALUES.markdown,
          maxAmountFixed: HOSTILE_VALUES.commandUri,
        },
        { from: boundValue(HOSTILE_VALUES.long), to: PWNED_PAYLOADS.iframe, state: 'failed', kind: 'refused', reason: HOSTILE_VALUES.script, detail: PWNED_PAYLOADS.style },
      ],
      recent: [{ from: HOSTILE_VALUES.script, to: PWNED_PAYLOADS.img }],
      error: english('Could not reach {0}: {1}', sandbox, sanitize(`${PWNED_PAYLOADS.img}${HOSTILE_VALUES.control}`, 200)),
      updated: english('Updated at {0}', PWNED_PAYLOADS.template),
    };
    return { init: { type: 'init', strings: englishPageStrings() }, everyday, hostile };
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
