/**
 * The control action `requests`: its filters, checked like every control field (requestChecks.ts),
 * and the journal's entries that match them all, as the journal shows them (journalEntry).
 */
import { fingerprint } from '../../../../src/api/keys';
import type { RequestsFilter, RequestsResult } from '../../../../src/shared/requestJournal';
import { DEFAULT_REQUESTS_LIMIT, REQUEST_OUTCOMES } from '../../../../src/shared/requestJournal';
import type { RequestOutcome } from '../../../../src/shared/requestJournal';
import type { RequestLog } from '../requestLog';
import { isOwn, journalEntry } from '../requestLog';
import type { Fields } from './requestChecks';
import { invalid, onlyFields, optionalText, readInteger, TEXT } from './requestChecks';

const isOutcome = (value: unknown): value is RequestOutcome =>
  typeof value === 'string' && (REQUEST_OUTCOMES as readonly string[]).includes(value);

export function readRequestsFilter(fields: Fields, capacity: number): RequestsFilter {
  onlyFields(fields, ['action', 'method', 'outcome', 'apiKey', 'own', 'afterSeq', 'sinceMs', 'limit']);
  const { outcome, own } = fields;
  if (outcome !== undefined && !isOutcome(outcome))
    throw invalid('outcome', `outcome must be one of ${REQUEST_OUTCOMES.join(', ')}.`);
  if (own !== undefined && typeof own !== 'boolean') throw invalid('own', 'own must be true or false.');
  return {
    method: optionalText(fields, 'method', TEXT, 'a method or control action name'),
    outcome,
    apiKey: optionalText(fields, 'apiKey', TEXT, 'an API key or its fingerprint'),
    own,
    afterSeq: readInteger(fields, 'afterSeq', 0, Number.MAX_SAFE_INTEGER, false),
    sinceMs: readInteger(fields, 'sinceMs', 0, Number.MAX_SAFE_INTEGER, false),
    limit: readInteger(fields, 'limit', 1, capacity, false),
  };
}

/** The entries matching every filter given, oldest first, the newest `limit` of them. */
export function selectRequests(journal: RequestLog, filter: RequestsFilter): RequestsResult {
  // A full API key and its fingerprint both match: the fingerprint of a fingerprint is itself.
  const key = filter.apiKey === undefined ? undefined : fingerprint(filter.apiKey);
  const matches = journal.entries.filter(
    (entry) =>
      (filter.method === undefined || entry.method === filter.method) &&
      (filter.outcome === undefined || entry.outcome === filter.outcome) &&
      (key === undefined || (entry.apiKey !== undefined && fingerprint(entry.apiKey) === key)) &&
      (filter.own === undefined || isOwn(entry) === filter.own) &&
      (filter.afterSeq === undefined || entry.seq > filter.afterSeq) &&
      (filter.sinceMs === undefined || entry.ledgerTime >= filter.sinceMs),
  );
  const limit = filter.limit ?? DEFAULT_REQUESTS_LIMIT;
  return {
    entries: matches.slice(-limit).map(journalEntry),
    matched: matches.length,
    lastSeq: journal.lastSeq,
  };
}
