/**
 * The messages between the pair-limits webview and the extension, both directions, as
 * discriminated unions on `type`, with the runtime checks each side applies to what it receives
 * (a message that fails them is dropped, never half-used). The webview starts the conversation
 * with `ready`; the extension answers with `init` (the page's words, localized) and `state`,
 * and sends `state` again whenever something changed. The webview never sees keys and never calls
 * the network: it names pairs, the extension fetches them.
 *
 * Also the ticker rules both sides apply (the webview for instant feedback, the extension because
 * it trusts nothing the webview sends).
 */
import * as v from 'valibot';

/** The most pairs the list holds. */
export const MAX_PAIRS = 30;
/** The longest ticker accepted (the service's are 2–10 characters). */
export const MAX_TICKER_LENGTH = 32;
/** The longest value the extension puts into a message; longer service strings are cut. */
export const MAX_VALUE_LENGTH = 2_000;
/** A service string as a message may carry it: cut to {@link MAX_VALUE_LENGTH}, an ellipsis last. */
export function boundValue(text: string): string {
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}
/** The longest text the webview may send (raw input included). */
const MAX_INPUT_LENGTH = 200;

export interface CurrencyPairKey {
  readonly from: string;
  readonly to: string;
}

/** `from/to`: a pair's identity (tickers never contain `/`). */
export function pairKey(pair: CurrencyPairKey): string {
  return `${pair.from}/${pair.to}`;
}

export type TickerProblem = 'empty' | 'too-long' | 'characters';
export type PairProblem = TickerProblem | 'same' | 'duplicate' | 'too-many';

/** A ticker as the service takes it: trimmed, lowercase ASCII letters and digits, `-` or `_` inside. */
export function normalizeTicker(raw: string): { readonly ticker: string } | { readonly problem: TickerProblem } {
  const ticker = raw.trim().toLowerCase();
  if (ticker.length === 0) return { problem: 'empty' };
  if (ticker.length > MAX_TICKER_LENGTH) return { problem: 'too-long' };
  if (!/^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?$/.test(ticker)) return { problem: 'characters' };
  return { ticker };
}

export type PairCheck =
  { readonly pair: CurrencyPairKey } | { readonly problem: PairProblem; readonly side?: 'from' | 'to' };

/** Whether `from`/`to` (as typed) can be added to `existing`, and the normalized pair if so. */
export function checkNewPair(from: string, to: string, existing: readonly CurrencyPairKey[]): PairCheck {
  const a = normalizeTicker(from);
  if ('problem' in a) return { problem: a.problem, side: 'from' };
  const b = normalizeTicker(to);
  if ('problem' in b) return { problem: b.problem, side: 'to' };
  if (a.ticker === b.ticker) return { problem: 'same', side: 'to' };
  const pair = { from: a.ticker, to: b.ticker };
  if (existing.some((p) => pairKey(p) === pairKey(pair))) return { problem: 'duplicate' };
  if (existing.length >= MAX_PAIRS) return { problem: 'too-many' };
  return { pair };
}

// ---------------------------------------------------------------------------------------------
// The page's words: every one comes from the extension (localized there), none is in the bundle.

export const UI_STRING_KEYS = [
  'title',
  'deprecated',
  'sandbox',
  'live',
  'from',
  'to',
  'fromPlaceholder',
  'toPlaceholder',
  'add',
  'refresh',
  'retry',
  'recent',
  'recentAdd',
  'empty',
  'loading',
  'notLoaded',
  'floatGroup',
  'fixedGroup',
  'min',
  'max',
  'pairsParamsValue',
  'pairsParamsRefused',
  'pairsParamsGone',
  'payoutEquivalent',
  'actions',
  'copy',
  'copyPair',
  'remove',
  'removePair',
  'tableLabel',
  'problem.empty',
  'problem.too-long',
  'problem.characters',
  'problem.same',
  'problem.duplicate',
  'problem.too-many',
] as const;

export type UiStringKey = (typeof UI_STRING_KEYS)[number];
/** Texts may hold `{0}`, replaced (as text) by the page. */
export type UiStrings = Readonly<Record<UiStringKey, string>>;

// ---------------------------------------------------------------------------------------------
// Rows and the view state.

/** Why a pair has no limits. */
export type FailureKind =
  'currency-disabled' | 'currency-not-found' | 'invalid-parameter' | 'refused' | 'missing' | 'unreadable';
export const FAILURE_KINDS: readonly FailureKind[] = [
  'currency-disabled',
  'currency-not-found',
  'invalid-parameter',
  'refused',
  'missing',
  'unreadable',
];

/** The limits one estimate operation gave a pair, or why it gave none. */
export type EstimateCell =
  | {
      readonly state: 'limits';
      /** Read from the answer's record, or from the amount error of a probe out of range. */
      readonly via: 'result' | 'amount-error';
      /** Exact decimal strings as the service sent them; '' where it sent none. In the payin currency: */
      readonly minFrom: string;
      readonly maxFrom: string;
      /** The same bounds in the payout currency. */
      readonly minTo: string;
      readonly maxTo: string;
    }
  | { readonly state: 'failed'; readonly kind: FailureKind; readonly reason: string; readonly detail: string }
  | { readonly state: 'pending' };

/** The estimates of a row: float (`getExchangeAmount`) and fixed (`getFixRateForAmount`). */
export interface RowEstimates {
  readonly float: EstimateCell;
  readonly fixed: EstimateCell;
}

/**
 * The amount columns of the table, each written once: its rate (the estimate cell of the row), its
 * bound (the cell's `minFrom`/`maxFrom`, and `minTo`/`maxTo` in the payout currency) and the
 * getPairsParams field shown beneath it. The row's fields, the message check, the page's headings
 * and spans, the copied limits and the probes follow from this list.
 */
export const LIMIT_COLUMNS = [
  { rate: 'float', bound: 'min', pairsParams: 'minAmountFloat' },
  { rate: 'float', bound: 'max', pairsParams: 'maxAmountFloat' },
  { rate: 'fixed', bound: 'min', pairsParams: 'minAmountFixed' },
  { rate: 'fixed', bound: 'max', pairsParams: 'maxAmountFixed' },
] as const;
export type LimitColumn = (typeof LIMIT_COLUMNS)[number];
export type Rate = LimitColumn['rate'];
/** The rates, each a group of columns, in the table's order. */
export const RATES: readonly Rate[] = [...new Set(LIMIT_COLUMNS.map((c) => c.rate))];
export type PairsParamsField = LimitColumn['pairsParams'];
/** getPairsParams' bounds of a pair, one per column: exact decimal strings, as the service sent them. */
export type PairsParamsLimits = { readonly [F in PairsParamsField]: string };

/** The page text that heads each rate's group of columns, and each bound's column. */
export const RATE_HEADINGS: Readonly<Record<Rate, UiStringKey>> = { float: 'floatGroup', fixed: 'fixedGroup' };
export const BOUND_HEADINGS: Readonly<Record<LimitColumn['bound'], UiStringKey>> = { min: 'min', max: 'max' };

/** The columns of one rate. */
export function columnsOf(rate: Rate): readonly LimitColumn[] {
  return LIMIT_COLUMNS.filter((c) => c.rate === rate);
}

/** The getPairsParams field of a rate's bound. */
export function pairsParamsField(rate: Rate, bound: LimitColumn['bound']): PairsParamsField {
  const column = LIMIT_COLUMNS.find((c) => c.rate === rate && c.bound === bound);
  if (!column) throw new Error(`no ${bound} column for the ${rate} rate`);
  return column.pairsParams;
}

/** getPairsParams' bounds, each field's value given by `valueOf`. */
export function pairsParamsLimits(valueOf: (field: PairsParamsField) => string): PairsParamsLimits {
  return Object.fromEntries(LIMIT_COLUMNS.map((c) => [c.pairsParams, valueOf(c.pairsParams)])) as PairsParamsLimits;
}

/** `state` is what the deprecated getPairsParams gave; the estimates are beside it. */
export interface LimitsRow extends CurrencyPairKey, RowEstimates, PairsParamsLimits {
  readonly state: 'limits';
}

export interface FailedRow extends CurrencyPairKey, RowEstimates {
  readonly state: 'failed';
  readonly kind: FailureKind;
  /** Localized: why this pair has no limits. */
  readonly reason: string;
  /** The service's own message, as sent ('' when there is none). */
  readonly detail: string;
}

/** Not fetched yet (or the last fetch failed as a whole). */
export interface PendingRow extends CurrencyPairKey, RowEstimates {
  readonly state: 'pending';
}

/** The service no longer has getPairsParams ("method not found"): the estimates alone. */
export interface UnavailableRow extends CurrencyPairKey, RowEstimates {
  readonly state: 'unavailable';
}

export type PairRow = LimitsRow | FailedRow | PendingRow | UnavailableRow;

/** Both estimates still to come. */
export const PENDING_ESTIMATES: RowEstimates = { float: { state: 'pending' }, fixed: { state: 'pending' } };

/** Whether a row has limits from any source. */
export function rowHasLimits(row: PairRow): boolean {
  return row.state === 'limits' || row.float.state === 'limits' || row.fixed.state === 'limits';
}

/** A row with no limits from any source and a refusal from one: the page counts it as failed. */
export function rowFailed(row: PairRow): boolean {
  return !rowHasLimits(row) && (row.state === 'failed' || row.float.state === 'failed' || row.fixed.state === 'failed');
}

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

/** `{0}` in a page text replaced by `arg` (plain string work: the result is set as text). */
export function fill(template: string, arg: string): string {
  return template.split('{0}').join(arg);
}
