/** The view's filter, pure: one field per `getTransactions` filter, read defensively, turned into the query. */
import { InvalidParameterError } from '../../api/exchangeErrors';
import { isMicroseconds, MAX_FILTER_VALUES, transactionParams } from '../../api/params';
import type { TransactionQuery, TransactionRecord } from '../../api/types';
import { isKnownStatus, KNOWN_STATUSES, OPEN_STATUSES } from '../../shared/status';
import type { KnownStatus } from '../../shared/status';
import { MAX_DURATION_MS, MIN_DURATION_MS, parseDuration } from '../../agents/duration';

export type SincePreset = 'hour' | 'day' | 'week' | 'month';

export const SINCE_PRESETS: Readonly<Record<SincePreset, number>> = {
  hour: 60 * 60_000,
  day: 24 * 60 * 60_000,
  week: 7 * 24 * 60 * 60_000,
  month: 30 * 24 * 60 * 60_000,
};

/** A preset (resolved against the clock at each refresh) or a fixed time in Unix microseconds. */
export type SinceFilter = { readonly preset: SincePreset } | { readonly micros: number };

/** Every filter is optional; all given ones must hold (the service combines them with AND). */
export interface TransactionFilter {
  readonly status?: readonly KnownStatus[];
  /** Payin tickers, lowercase; each list at most 10. */
  readonly currency?: readonly string[];
  readonly address?: readonly string[];
  readonly payoutAddress?: readonly string[];
  readonly extraId?: string;
  readonly since?: SinceFilter;
  /** In the current status longer than this many ms: not a service filter, the loaded records are narrowed. */
  readonly inStatusLongerThan?: number;
}

export type FilterField = keyof TransactionFilter;
export const FILTER_FIELDS: readonly FilterField[] = [
  'status',
  'currency',
  'address',
  'payoutAddress',
  'extraId',
  'since',
  'inStatusLongerThan',
];
export type ListField = 'currency' | 'address' | 'payoutAddress';

/** What is wrong with a value (filterText.ts words it). */
export type FilterProblem =
  | { readonly field: FilterField; readonly reason: 'type' | 'empty' }
  | { readonly field: FilterField; readonly reason: 'too-many'; readonly max: number; readonly count: number }
  | { readonly field: 'status'; readonly reason: 'status'; readonly value: string }
  | { readonly field: 'currency'; readonly reason: 'ticker'; readonly value: string }
  | { readonly field: 'since'; readonly reason: 'date-format' | 'date-range' | 'future' }
  | { readonly field: 'inStatusLongerThan'; readonly reason: 'duration-format' | 'duration-range' }
  | { readonly field: FilterField; readonly reason: 'service'; readonly detail: string };

export class FilterError extends Error {
  constructor(readonly problem: FilterProblem) {
    super(`${problem.field}: ${problem.reason}`);
    this.name = 'FilterError';
  }
}

/** A ticker as the service writes them: lowercase letters and digits, maybe `-`/`_` (e.g. `usdt20`). */
const TICKER = /^[a-z0-9][a-z0-9_-]{0,19}$/;

export function isEmptyFilter(filter: TransactionFilter): boolean {
  return FILTER_FIELDS.every((field) => filter[field] === undefined);
}

/** Splits typed text into values: commas, semicolons or white space separate them; duplicates go. */
export function splitList(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((value) => value !== ''))];
}

/** The client's own check of one parameter (the one the service would make), as a problem. */
function serviceCheck(field: FilterField, query: TransactionQuery): FilterProblem | undefined {
  try {
    transactionParams({ ...query, limit: 1 });
    return undefined;
  } catch (error) {
    if (error instanceof InvalidParameterError) return { field, reason: 'service', detail: error.message };
    throw error;
  }
}

/** What is wrong with a list of currencies or addresses, if anything (an empty list is "any"). */
export function listProblem(field: ListField, values: readonly string[]): FilterProblem | undefined {
  if (values.length > MAX_FILTER_VALUES)
    return { field, reason: 'too-many', max: MAX_FILTER_VALUES, count: values.length };
  if (field === 'currency') {
    const bad = values.find((value) => !TICKER.test(value.toLowerCase()));
    if (bad !== undefined) return { field, reason: 'ticker', value: bad };
  }
  return values.length === 0 ? undefined : serviceCheck(field, { [field]: values });
}

/** A UTC date typed by the user (`2026-11-21`, `2026-11-21 14:30`): Unix microseconds, or the problem. */
export function parseSinceDate(text: string, nowMs: number): number | FilterProblem {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?\s*(?:Z|UTC)?$/i.exec(text.trim());
  if (!m) return { field: 'since', reason: 'date-format' };
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(year ?? 0, (month ?? 1) - 1, day ?? 1);
  date.setUTCHours(hour ?? 0, minute ?? 0, second ?? 0, 0);
  const ms = date.getTime();
  const exact =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() + 1 === month &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute;
  if (!exact || (second ?? 0) > 59) return { field: 'since', reason: 'date-format' };
  const micros = ms * 1000;
  if (!isMicroseconds(micros)) return { field: 'since', reason: 'date-range' };
  if (ms > nowMs) return { field: 'since', reason: 'future' };
  return micros;
}

/** A duration typed by the user ("30m", "1h", "2d", "1h30m", "PT1H"): ms, or the problem (the agents' own reading). */
export function parseLongerThan(text: string): number | FilterProblem {
  const ms = parseDuration(text);
  if (ms === 'format') return { field: 'inStatusLongerThan', reason: 'duration-format' };
  if (ms === 'range') return { field: 'inStatusLongerThan', reason: 'duration-range' };
  return ms;
}

function readLongerThan(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const ms: number | FilterProblem =
    typeof value === 'string'
      ? parseLongerThan(value)
      : typeof value !== 'number' || !Number.isInteger(value)
        ? { field: 'inStatusLongerThan', reason: 'type' }
        : value < MIN_DURATION_MS || value > MAX_DURATION_MS
          ? { field: 'inStatusLongerThan', reason: 'duration-range' }
          : value;
  if (typeof ms !== 'number') throw new FilterError(ms);
  return ms;
}

/** `since` as the service takes it: Unix microseconds. Presets count back from `nowMs`. */
export function sinceMicros(since: SinceFilter, nowMs: number): number {
  return 'preset' in since ? Math.floor(nowMs - SINCE_PRESETS[since.preset]) * 1000 : since.micros;
}

export function filterQuery(filter: TransactionFilter, nowMs: number): TransactionQuery {
  const query: TransactionQuery = {};
  if (filter.status) query.status = [...filter.status];
  if (filter.currency) query.currency = [...filter.currency];
  if (filter.address) query.address = [...filter.address];
  if (filter.payoutAddress) query.payoutAddress = [...filter.payoutAddress];
  if (filter.extraId !== undefined) query.extraId = filter.extraId;
  if (filter.since) query.since = sinceMicros(filter.since, nowMs);

  // Stuck in a status: the statuses that are not final unless some are chosen (as the list tool does).
  if (filter.inStatusLongerThan !== undefined && !filter.status) query.status = [...OPEN_STATUSES];
  return query;
}

/** Whether a record changed elsewhere still belongs to the list a query loaded, by the service's rules. */
export function matchesQuery(record: TransactionRecord, query: TransactionQuery): boolean {
  const has = (list: string | readonly string[] | undefined, value: string) =>
    list === undefined || (typeof list === 'string' ? list === value : list.includes(value));
  return (
    (query.status === undefined || (record.status !== 'unknown' && has(query.status, record.status))) &&
    has(query.currency, record.currencyFrom.toLowerCase()) &&
    has(query.address, record.payinAddress) &&
    has(query.payoutAddress, record.payoutAddress) &&
    (query.extraId === undefined || record.payinExtraId === query.extraId) &&
    (query.since === undefined || record.createdAt >= query.since)
  );
}

function stringList(field: FilterField, value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list: unknown[] | undefined =
    typeof value === 'string' ? splitList(value) : Array.isArray(value) ? (value as unknown[]) : undefined;
  if (list === undefined || list.some((item) => typeof item !== 'string'))
    throw new FilterError({ field, reason: 'type' });
  const values = [...new Set((list as string[]).map((item) => item.trim()).filter((item) => item !== ''))];
  return values.length === 0 ? undefined : values;
}

function readSince(value: unknown, nowMs: number): SinceFilter | undefined {
  if (value === undefined || value === null) return undefined;
  const preset =
    typeof value === 'string' ? value : typeof value === 'object' && 'preset' in value ? value.preset : undefined;
  if (typeof preset === 'string') {
    if (Object.hasOwn(SINCE_PRESETS, preset)) return { preset: preset as SincePreset };
    const parsed = parseSinceDate(preset, nowMs);
    if (typeof parsed === 'number') return { micros: parsed };
    throw new FilterError(parsed);
  }
  const micros =
    typeof value === 'number' ? value : typeof value === 'object' && 'micros' in value ? value.micros : undefined;
  if (typeof micros !== 'number') throw new FilterError({ field: 'since', reason: 'type' });
  if (!isMicroseconds(micros)) throw new FilterError({ field: 'since', reason: 'date-range' });
  return { micros };
}

/** A filter from a command's argument or the workspace state; empty values mean "any". Throws a FilterError. */
export function parseFilter(value: unknown, nowMs: number = Date.now()): TransactionFilter {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new FilterError({ field: 'status', reason: 'type' });
  const input = value as Record<string, unknown>;
  const filter: { -readonly [K in FilterField]?: TransactionFilter[K] } = {};
  const status = stringList('status', input.status);
  if (status) {
    const bad = status.find((s) => !isKnownStatus(s));
    if (bad !== undefined) throw new FilterError({ field: 'status', reason: 'status', value: bad });
    filter.status = KNOWN_STATUSES.filter((s) => status.includes(s));
  }
  for (const field of ['currency', 'address', 'payoutAddress'] as const) {
    const list = stringList(field, input[field]);
    if (!list) continue;
    const values = field === 'currency' ? [...new Set(list.map((t) => t.toLowerCase()))] : list;
    const problem = listProblem(field, values);
    if (problem) throw new FilterError(problem);
    filter[field] = values;
  }
  if (input.extraId !== undefined && input.extraId !== null) {
    if (typeof input.extraId !== 'string') throw new FilterError({ field: 'extraId', reason: 'type' });
    if (input.extraId.trim() !== '') filter.extraId = input.extraId.trim();
  }
  const since = readSince(input.since, nowMs);
  if (since) filter.since = since;
  const longerThan = readLongerThan(input.inStatusLongerThan);
  if (longerThan !== undefined) filter.inStatusLongerThan = longerThan;
  const problem = serviceCheck('since', filterQuery(filter, nowMs));
  if (problem) throw new FilterError(problem);
  return filter;
}

/** A saved filter read field by field: one that does not read is dropped and named in `unread`. */
export function readFilterFields(
  value: unknown,
  nowMs: number = Date.now(),
): { readonly filter: TransactionFilter; readonly unread: readonly FilterField[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { filter: {}, unread: [] };
  const input = value as Record<string, unknown>;
  let filter: TransactionFilter = {};
  const unread: FilterField[] = [];
  for (const field of FILTER_FIELDS) {
    if (!Object.hasOwn(input, field)) continue;
    try {
      filter = { ...filter, ...parseFilter({ [field]: input[field] }, nowMs) };
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
      unread.push(field);
    }
  }
  return { filter, unread };
}

export function filterJson(filter: TransactionFilter): Record<string, unknown> {
  return JSON.parse(JSON.stringify(filter)) as Record<string, unknown>;
}

/** Undefined or empty clears the field. */

export function withField<K extends FilterField>(
  filter: TransactionFilter,
  field: K,
  value: TransactionFilter[K] | undefined,
): TransactionFilter {
  const next: { -readonly [F in FilterField]?: TransactionFilter[F] } = { ...filter };
  const empty = value === undefined || (Array.isArray(value) && value.length === 0) || value === '';
  if (empty) delete next[field];
  else next[field] = value;
  return next;
}
