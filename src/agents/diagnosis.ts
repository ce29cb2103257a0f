/**
 * "Why is my transaction stuck?": for one record, its status and since when, what the status
 * means, what normally comes next and how long it usually takes, what to do now and the ids and
 * links a support request needs. The facts come from the caller (the sandbox's schedule, or the
 * first sighting kept per account; the catalogue's confirmations); this module only puts them
 * together, the same text for the diagnosis tool, the MCP resource and the details document. Pure.
 */
import type { TransactionRecord } from '../api/types';
import type { KnownStatus, TransactionStatus } from '../shared/status';
import { durationText } from './duration';
import type { Advice } from './statusGuide';
import { adviceLine, STATUS_DOCS_URL, STATUS_FACTS } from './statusGuide';
import { safeText } from '../shared/safeText';

/** Since when the transaction is in its status, and how that is known. */
export interface SinceFact {
  readonly atMs: number;
  /**
   * `sandbox`: the sandbox's schedule (exact); `sighting`: the first time this client saw it in
   * this status (it is there at least since then).
   */
  readonly source: 'sandbox' | 'sighting';
}

export interface DiagnosisFacts {
  readonly nowMs: number;
  readonly since?: SinceFact;
  /** The payin currency's confirmations, from the catalogue (getCurrenciesFull), when known. */
  readonly confirmations?: number;
  /** The sandbox's next scheduled step (null: it stays), when the target is the sandbox. */
  readonly scheduleNext?: { readonly status: KnownStatus; readonly atMs: number } | null;
}

export interface Diagnosis {
  readonly id: string;
  readonly status: TransactionStatus;
  readonly rawStatus: string;
  readonly since: {
    readonly at: string | null;
    readonly exact: boolean;
    readonly source: 'sandbox' | 'sighting' | 'unknown';
    readonly text: string;
  };
  /** How long it is in this status (at least, for a sighting), ms; null when not known. */
  readonly inStatusMs: number | null;
  readonly meaning: string;
  readonly next: string;
  readonly usually: string;
  readonly final: boolean;
  /** The sandbox's next step, when it has one. */
  readonly scheduledNext: { readonly status: KnownStatus; readonly at: string } | null;
  readonly advice: readonly Advice[];
  readonly support: {
    readonly transactionId: string;
    readonly createdAt: string | null;
    readonly payinAddress: string;
    readonly payinExtraId: string | null;
    readonly payinHash: string | null;
    readonly payoutHash: string | null;
    readonly refundHash: string | null;
    readonly links: readonly string[];
  };
}

function iso(ms: number): string | null {
  const date = new Date(ms);
  return Number.isFinite(ms) && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

function nonEmpty(text: string | null): string | null {
  return text === null || text === '' ? null : safeText(text, 200);
}

function sinceOf(facts: DiagnosisFacts): Diagnosis['since'] & { readonly inStatusMs: number | null } {
  const since = facts.since;
  if (since === undefined)
    return {
      at: null,
      exact: false,
      source: 'unknown',
      text: 'since an unknown time (not seen in this status before)',
      inStatusMs: null,
    };
  const at = iso(since.atMs);
  const inStatusMs = Math.max(0, facts.nowMs - since.atMs);
  const text =
    since.source === 'sandbox'
      ? `since ${at ?? '?'} (${durationText(inStatusMs)}; the sandbox's schedule, exact)`
      : `at least since ${at ?? '?'} (${durationText(inStatusMs)}; first seen in this status then)`;
  return { at, exact: since.source === 'sandbox', source: since.source, text, inStatusMs };
}

function usuallyOf(record: TransactionRecord, facts: DiagnosisFacts): string {
  const base = STATUS_FACTS[record.status].usually;
  if (record.status === 'confirming' && facts.confirmations !== undefined) {
    const got = /^\d+$/.test(record.payinConfirmations) ? `; ${record.payinConfirmations} so far` : '';
    return `${base} The catalogue says ${facts.confirmations} confirmation${facts.confirmations === 1 ? '' : 's'} of ${safeText(record.currencyFrom, 20).toUpperCase()}${got}.`;
  }
  if (record.status === 'waiting' && record.payTill) {
    const till = Date.parse(record.payTill);
    const past = Number.isFinite(till) && till <= facts.nowMs;
    return `${base} Its payTill is ${safeText(record.payTill, 40)}${past ? ' (passed)' : ''}.`;
  }
  return base;
}

/** The diagnosis of a record with the facts known about it. */
export function diagnose(record: TransactionRecord, facts: DiagnosisFacts): Diagnosis {
  const status = STATUS_FACTS[record.status];
  const { inStatusMs, ...since } = sinceOf(facts);
  const next = facts.scheduleNext;
  const scheduledAt = next ? iso(next.atMs) : null;
  const links = [STATUS_DOCS_URL, ...status.advice.flatMap((a) => (a.url && a.url !== STATUS_DOCS_URL ? [a.url] : []))];
  for (const link of [record.payoutHashLink, record.refundHashLink])
    if (link && /^https:\/\//.test(link)) links.push(safeText(link, 300));
  return {
    id: safeText(record.id, 64),
    status: record.status,
    rawStatus: safeText(record.rawStatus, 40),
    since,
    inStatusMs,
    meaning: status.meaning,
    next: status.next,
    usually: usuallyOf(record, facts),
    final: status.final,
    scheduledNext: next && scheduledAt ? { status: next.status, at: scheduledAt } : null,
    advice: status.advice,
    support: {
      transactionId: safeText(record.id, 64),
      createdAt: record.createdAt > 0 ? iso(Math.floor(record.createdAt / 1000)) : null,
      payinAddress: safeText(record.payinAddress, 200),
      payinExtraId: nonEmpty(record.payinExtraId),
      payinHash: nonEmpty(record.payinHash),
      payoutHash: nonEmpty(record.payoutHash),
      refundHash: nonEmpty(record.refundHash),
      links: [...new Set(links)],
    },
  };
}

/** The diagnosis as lines for a person or a model (service strings quoted). */
export function diagnosisLines(d: Diagnosis): string[] {
  const status = d.status === 'unknown' ? `unknown (${JSON.stringify(d.rawStatus)})` : d.status;
  const lines = [
    `Transaction ${JSON.stringify(d.id)} is ${status} ${d.since.text}.`,
    `Meaning: ${d.meaning} (the service's documentation)`,
    `Next (ours): ${d.next}`,
    `Usually (ours): ${d.usually}`,
  ];
  if (d.scheduledNext) lines.push(`The sandbox's schedule: ${d.scheduledNext.status} at ${d.scheduledNext.at}.`);
  else if (d.since.source === 'sandbox' && !d.final)
    lines.push("The sandbox's schedule: it stays in this status until moved.");
  for (const advice of d.advice) lines.push(`What to do: ${adviceLine(advice)}`);
  const s = d.support;
  const ids = [
    `transaction id ${JSON.stringify(s.transactionId)}`,
    s.createdAt ? `created ${s.createdAt}` : undefined,
    `payin address ${JSON.stringify(s.payinAddress)}`,
  ];
  if (s.payinExtraId) ids.push(`payin extra id ${JSON.stringify(s.payinExtraId)}`);
  if (s.payinHash) ids.push(`payin hash ${JSON.stringify(s.payinHash)}`);
  if (s.payoutHash) ids.push(`payout hash ${JSON.stringify(s.payoutHash)}`);
  if (s.refundHash) ids.push(`refund hash ${JSON.stringify(s.refundHash)}`);
  lines.push(`For a support request: ${ids.filter((i) => i !== undefined).join(', ')}.`, `Links: ${s.links.join(' ')}`);
  return lines;
}

/**
 * The diagnosis short, for a person beside the record (the hover): since when, what comes next
 * and what to do first, each from the same text as {@link diagnosisLines}. Undefined for a final
 * status: nothing is stuck there.
 */
export function diagnosisBrief(
  d: Diagnosis,
): { readonly since: string; readonly next: string; readonly todo: string | undefined } | undefined {
  if (d.final) return undefined;
  const first = d.advice[0];
  const scheduled = d.scheduledNext
    ? ` The sandbox's schedule: ${d.scheduledNext.status} at ${d.scheduledNext.at}.`
    : '';
  return {
    since: d.since.text,
    next: `${d.next}${scheduled}`,
    todo: first ? adviceLine(first) : undefined,
  };
}
