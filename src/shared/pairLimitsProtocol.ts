/**
 * The messages between the pair-limits webview and the extension, both directions, as
 * discriminated unions on `type`, with the runtime checks each side applies to what it receives
 * (a message that fails them is dropped, never half-used). The webview starts the conversation
 * with `ready`; the extension answers with `init` (the page's words, localized) and `state`,
 * and sends `state` again whenever something changed. The webview never sees keys and never calls
 * the network: it names pairs, the extension fetches them.
 *
 * What the messages carry is in files of its own: the pairs and the ticker rules both sides apply
 * (currencyPairs.ts), the page's words (pairLimitsStrings.ts), the rows and their columns
 * (pairLimitsRows.ts); each side imports them from there.
 */
import * as v from 'valibot';
import type { CurrencyPairKey } from './currencyPairs';
import { MAX_INPUT_LENGTH, MAX_PAIRS, MAX_VALUE_LENGTH } from './currencyPairs';
import type { PairRow, PairsParamsField } from './pairLimitsRows';
import { FAILURE_KINDS, LIMIT_COLUMNS } from './pairLimitsRows';
import type { UiStringKey, UiStrings } from './pairLimitsStrings';
import { UI_STRING_KEYS } from './pairLimitsStrings';

// ---------------------------------------------------------------------------------------------
// The view state.

export interface ViewState {
  readonly environment: 'sandbox' | 'live';
  /** 'gone': the service answered getPairsParams with "method not found"; it is not asked again. */
  readonly pairsParams: 'available' | 'gone';
  /** A fetch is running. */
  readonly loading: boolean;
  readonly rows: readonly PairRow[];
  /** Pairs used before and not in the list: suggestions. */
  readonly recent: readonly CurrencyPairKey[];
  /** Localized: why the last fetch failed as a whole; null when it did not. */
  readonly error: string | null;
  /** Localized: when the rows were last fetched; null before the first fetch. */
  readonly updated: string | null;
}

// ---------------------------------------------------------------------------------------------
// The messages.

export type HostMessage =
  | { readonly type: 'init'; readonly strings: UiStrings }
  | { readonly type: 'state'; readonly state: ViewState }
  /** A short text for the user: an added pair refused, a copy done. */
  | {
      readonly type: 'notice';
      readonly severity: 'info' | 'error';
      readonly text: string;
      readonly field?: 'from' | 'to';
    };

export type WebviewMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'add'; readonly from: string; readonly to: string }
  | { readonly type: 'remove'; readonly from: string; readonly to: string }
  | { readonly type: 'refresh' }
  | { readonly type: 'copy'; readonly from: string; readonly to: string }
  /** The page shows a state: how many rows, how many of them failed. */
  | { readonly type: 'rendered'; readonly rows: number; readonly failed: number }
  /** Something the page could not do (a message it dropped, a blocked resource): logged. */
  | { readonly type: 'problem'; readonly text: string };

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const value = text(MAX_VALUE_LENGTH);
const ticker = text(MAX_INPUT_LENGTH);
const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000));

const pairFields = { from: value, to: value };

const EstimateSchema = v.variant('state', [
  v.strictObject({
    state: v.literal('limits'),
    via: v.picklist(['result', 'amount-error']),
    minFrom: value,
    maxFrom: value,
    minTo: value,
    maxTo: value,
  }),
  v.strictObject({ state: v.literal('failed'), kind: v.picklist(FAILURE_KINDS), reason: value, detail: value }),
  v.strictObject({ state: v.literal('pending') }),
]);
const estimateFields = { float: EstimateSchema, fixed: EstimateSchema };

const RowSchema = v.variant('state', [
  v.strictObject({
    state: v.literal('limits'),
    ...pairFields,
    ...estimateFields,
    ...(Object.fromEntries(LIMIT_COLUMNS.map((c) => [c.pairsParams, value])) as Record<PairsParamsField, typeof value>),
  }),
  v.strictObject({
    state: v.literal('failed'),
    ...pairFields,
    ...estimateFields,
    kind: v.picklist(FAILURE_KINDS),
    reason: value,
    detail: value,
  }),
  v.strictObject({ state: v.literal('pending'), ...pairFields, ...estimateFields }),
  v.strictObject({ state: v.literal('unavailable'), ...pairFields, ...estimateFields }),
]);

const ViewStateSchema = v.strictObject({
  environment: v.picklist(['sandbox', 'live']),
  pairsParams: v.picklist(['available', 'gone']),
  loading: v.boolean(),
  rows: v.pipe(v.array(RowSchema), v.maxLength(MAX_PAIRS)),
  recent: v.pipe(v.array(v.strictObject(pairFields)), v.maxLength(MAX_PAIRS)),
  error: v.nullable(value),
  updated: v.nullable(value),
});

const UiStringsSchema = v.strictObject(
  Object.fromEntries(UI_STRING_KEYS.map((key) => [key, value])) as Record<UiStringKey, typeof value>,
);

const HostMessageSchema = v.variant('type', [
  v.strictObject({ type: v.literal('init'), strings: UiStringsSchema }),
  v.strictObject({ type: v.literal('state'), state: ViewStateSchema }),
  v.strictObject({
    type: v.literal('notice'),
    severity: v.picklist(['info', 'error']),
    text: value,
    field: v.optional(v.picklist(['from', 'to'])),
  }),
]);

const WebviewMessageSchema = v.variant('type', [
  v.strictObject({ type: v.literal('ready') }),
  v.strictObject({ type: v.literal('add'), from: ticker, to: ticker }),
  v.strictObject({ type: v.literal('remove'), from: ticker, to: ticker }),
  v.strictObject({ type: v.literal('refresh') }),
  v.strictObject({ type: v.literal('copy'), from: ticker, to: ticker }),
  v.strictObject({ type: v.literal('rendered'), rows: count, failed: count }),
  v.strictObject({ type: v.literal('problem'), text: text(MAX_VALUE_LENGTH) }),
]);

/** What the webview accepts from the extension; undefined for anything else. */
export function parseHostMessage(data: unknown): HostMessage | undefined {
  const result = v.safeParse(HostMessageSchema, data);
  return result.success ? result.output : undefined;
}

/** What the extension accepts from the webview; undefined for anything else. */
export function parseWebviewMessage(data: unknown): WebviewMessage | undefined {
  const result = v.safeParse(WebviewMessageSchema, data);
  return result.success ? result.output : undefined;
}
