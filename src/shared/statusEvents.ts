/**
 * The status-change event a developer's backend receives (from the forwarder, which polls the
 * service, and from the sandbox, which emits at once), and its signature. Pure Node (`crypto`
 * only): the forwarder, the sandbox, the extension and the tests import it; nothing here sends.
 *
 * An event is one JSON object, POSTed with `content-type: application/json`, in the Standard
 * Webhooks envelope (eventPayload; `--payload legacy` sends the bare event):
 *
 *   { "type": "transaction.status_changed", "timestamp": "2025-…Z",
 *     "data": { "id": "evt_…", "from": "waiting" | null, "to": "confirming", "transaction": {…}, "at": "2025-…Z" } }
 *
 * `id` is stable (the same on every retry of the same change, different for every change, so a
 * receiver can drop a repeat), `from` is the status before (null for a transaction first seen),
 * `to` the status now, `transaction` the record as the service's `getTransactions` answers it,
 * `at` the time of the change (ISO 8601).
 *
 * Signature: header `X-Exchange-Tx-Signature: t=<unix seconds>,v1=<hex>`, where the hex is
 * HMAC-SHA256, keyed with the secret's UTF-8 bytes, of `<t>.<the exact body bytes>`. A receiver
 * recomputes it over the raw body it read (before any JSON parsing), compares in constant time,
 * and refuses a `t` further than its replay window from its own clock (5 minutes here), then
 * drops an `id` it has already handled. Several `v1=` entries may be present (the receiver accepts
 * any that matches): during a rotation of the secret both are sent.
 *
 * Standard Webhooks (https://www.standardwebhooks.com): every event also carries `webhook-id` (the
 * event's id), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64>` entries,
 * space-separated, HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed with the bytes of the `whsec_`
 * secret's base64), so the `standardwebhooks` libraries verify it as it is.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'crypto';

/** The header carrying the signature (HTTP header names are case-insensitive). */
export const SIGNATURE_HEADER = 'X-Exchange-Tx-Signature';
/** The header repeating the event's id, for a receiver's logs (the signed body holds it too). */
export const EVENT_ID_HEADER = 'X-Exchange-Tx-Event';
/** How far a signature's timestamp may be from the receiver's clock, in seconds (the replay window). */
export const DEFAULT_TOLERANCE_SECONDS = 300;
/** The shortest secret the signing functions accept (characters). */
export const MIN_SECRET_LENGTH = 16;
/** The prefix of generated secrets, as the Standard Webhooks specification writes them (base64 follows). */
export const SECRET_PREFIX = 'whsec_';
/** The Standard Webhooks headers (lower case, as Node gives them). */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

export interface StatusEvent<T = unknown> {
  readonly id: string;
  readonly from: string | null;
  readonly to: string;
  readonly transaction: T;
  readonly at: string;
}

/**
 * The id of one change, derived from what it describes: the account (or source) it belongs to, the
 * transaction, the status before and after, and how many changes of that transaction came before
 * it. The same change gets the same id after any crash, restart or replay (a receiver that handles
 * each id once is never fooled), and two changes never share one.
 */
export function statusEventId(
  account: string,
  transactionId: string,
  from: string | null,
  to: string,
  earlierChanges: number,
): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([account, transactionId, from, to, earlierChanges]))
    .digest('hex');
  return `evt_${digest.slice(0, 32)}`;
}

/** What one change is: who it belongs to, and its place among the transaction's changes. */
export interface ChangeOrigin {
  readonly account: string;
  /** How many changes of the transaction came before this one. */
  readonly earlierChanges: number;
}

export function makeStatusEvent<T>(
  origin: ChangeOrigin,
  transactionId: string,
  from: string | null,
  to: string,
  transaction: T,
  atMs: number,
): StatusEvent<T> {
  return {
    id: statusEventId(origin.account, transactionId, from, to, origin.earlierChanges),
    from,
    to,
    transaction,
    at: new Date(atMs).toISOString(),
  };
}

/**
 * The event sent when a bound was reached and changes may be missing or late (a full queue, a
 * state that could not be read, more records than one poll reads): type `events.gap` with data
 * `{"id","reason","at"}` (the legacy body: `{"id","type":"gap","reason","at"}`).
 * A receiver that gets one resynchronises (reads the transactions it cares about with
 * `getTransactions`). Its id is derived from the account, the reason and the gap's ordinal.
 */
export interface GapEvent {
  readonly id: string;
  readonly type: 'gap';
  readonly reason: string;
  readonly at: string;
}

export function makeGapEvent(account: string, reason: string, ordinal: number, atMs: number): GapEvent {
  const digest = createHash('sha256')
    .update(JSON.stringify(['gap', account, reason, ordinal]))
    .digest('hex');
  return { id: `gap_${digest.slice(0, 32)}`, type: 'gap', reason, at: new Date(atMs).toISOString() };
}

/** What is delivered: a status change, or a gap. */
export type OutboundEvent = StatusEvent | GapEvent;

export function isGapEvent(event: OutboundEvent): event is GapEvent {
  return 'type' in event && event.type === 'gap';
}

/** The body's shape: the Standard Webhooks envelope (the default), or the bare event older receivers read. */
export type PayloadFormat = 'standard' | 'legacy';
export const PAYLOAD_FORMATS: readonly PayloadFormat[] = ['standard', 'legacy'];

/** The envelope's `type` of each kind of event. */
export const EVENT_TYPES = { status: 'transaction.status_changed', gap: 'events.gap' } as const;

/** The Standard Webhooks envelope: `type`, `timestamp` (the event's `at`), and the event as `data`. */
export type StandardPayload =
  | { readonly type: typeof EVENT_TYPES.status; readonly timestamp: string; readonly data: StatusEvent }
  | { readonly type: typeof EVENT_TYPES.gap; readonly timestamp: string; readonly data: Omit<GapEvent, 'type'> };

/** What is sent for an event in a format: the envelope, or the event itself. */
export function eventPayload(event: OutboundEvent, format: PayloadFormat): StandardPayload | OutboundEvent {
  if (format === 'legacy') return event;
  if (isGapEvent(event))
    return { type: EVENT_TYPES.gap, timestamp: event.at, data: { id: event.id, reason: event.reason, at: event.at } };
  return { type: EVENT_TYPES.status, timestamp: event.at, data: event };
}

/** The exact bytes sent (and signed) for an event. */
export function encodeStatusEvent(event: OutboundEvent, format: PayloadFormat = 'standard'): Buffer {
  return Buffer.from(JSON.stringify(eventPayload(event, format)), 'utf8');
}

/** A fresh random secret in the Standard Webhooks form: SECRET_PREFIX and 32 random bytes in base64. */
export function generateEventSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The key of the Standard Webhooks signature: for a `whsec_` secret the bytes its base64 holds (as
 * the `standardwebhooks` libraries read it); for any other secret (given with --secret-env before
 * `whsec_` secrets existed) its UTF-8 bytes, as those libraries read a secret given as raw.
 */
export function standardKey(secret: string): Buffer {
  if (secret.startsWith(SECRET_PREFIX)) {
    const encoded = secret.slice(SECRET_PREFIX.length);
    if (/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return Buffer.from(encoded, 'base64');
  }
  return Buffer.from(secret, 'utf8');
}

/** The `webhook-signature` value's one entry for a secret: `v1,<base64 HMAC-SHA256 of "<id>.<t>.<body>">`. */
export function standardSignature(
  secret: string,
  eventId: string,
  timestampSeconds: number,
  body: Buffer | string,
): string {
  checkSecret(secret);
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const mac = createHmac('sha256', standardKey(secret))
    .update(`${eventId}.${timestampSeconds}.`, 'utf8')
    .update(bytes)
    .digest('base64');
  return `v1,${mac}`;
}

/**
 * Every header of one delivery attempt: the Standard Webhooks three (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`) and the legacy `X-Exchange-Tx-Signature` and
 * `X-Exchange-Tx-Event`. Each signature is made with every secret given (the current one first;
 * during a rotation the previous one too), so a receiver holding either verifies.
 */
export function signatureHeaders(
  secrets: readonly string[],
  eventId: string,
  body: Buffer,
  timestampSeconds: number,
): Record<string, string> {
  if (secrets.length === 0) throw new RangeError('At least one secret is needed to sign.');
  const legacy = secrets.map((secret) => signStatusEvent(secret, body, timestampSeconds).split(',')[1]);
  return {
    [WEBHOOK_HEADERS.id]: eventId,
    [WEBHOOK_HEADERS.timestamp]: String(timestampSeconds),
    [WEBHOOK_HEADERS.signature]: secrets
      .map((secret) => standardSignature(secret, eventId, timestampSeconds, body))
      .join(' '),
    [SIGNATURE_HEADER.toLowerCase()]: `t=${timestampSeconds},${legacy.join(',')}`,
    [EVENT_ID_HEADER.toLowerCase()]: eventId,
  };
}

function checkSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH)
    throw new RangeError(`The event secret must be at least ${MIN_SECRET_LENGTH} characters.`);
}

function hmacHex(secret: string, timestamp: number, body: Buffer): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}.`, 'utf8').update(body).digest('hex');
}

/** The signature header's value for `body` at `timestampSeconds` (default: now). */
export function signStatusEvent(
  secret: string,
  body: Buffer | string,
  timestampSeconds: number = Math.floor(Date.now() / 1000),
): string {
  checkSecret(secret);
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0)
    throw new RangeError('The timestamp must be whole Unix seconds.');
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return `t=${timestampSeconds},v1=${hmacHex(secret, timestampSeconds, bytes)}`;
}

export type VerifyFailure = 'malformed' | 'mismatch' | 'stale';
export type VerifyOutcome =
  { readonly ok: true; readonly timestamp: number } | { readonly ok: false; readonly reason: VerifyFailure };

export interface VerifyOptions {
  readonly secret: string;
  /** The header's value as received (undefined or an array when the header was absent or repeated). */
  readonly header: string | readonly string[] | undefined;
  /** The raw body bytes, exactly as read. */
  readonly body: Buffer | string;
  /** The receiver's clock, Unix seconds (default: now). */
  readonly nowSeconds?: number;
  /** The replay window, seconds (default DEFAULT_TOLERANCE_SECONDS). */
  readonly toleranceSeconds?: number;
}

const HEX_64 = /^[0-9a-f]{64}$/;

/**
 * Checks a signature header: well formed, a `v1` that matches in constant time, a timestamp within
 * the replay window. Never throws for what a sender controls; says why it refused.
 */
export function verifyStatusEvent(options: VerifyOptions): VerifyOutcome {
  checkSecret(options.secret);
  const header = options.header;
  if (typeof header !== 'string' || header.length > 1024) return { ok: false, reason: 'malformed' };
  let timestamp: number | undefined;
  const candidates: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return { ok: false, reason: 'malformed' };
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return { ok: false, reason: 'malformed' };
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!HEX_64.test(value)) return { ok: false, reason: 'malformed' };
      candidates.push(Buffer.from(value, 'hex'));
    }
  }
  if (timestamp === undefined || candidates.length === 0) return { ok: false, reason: 'malformed' };
  const bytes = typeof options.body === 'string' ? Buffer.from(options.body, 'utf8') : options.body;
  const expected = Buffer.from(hmacHex(options.secret, timestamp, bytes), 'hex');
  let matched = false;
  // Every candidate is compared (no early exit), each in constant time.
  for (const candidate of candidates) if (timingSafeEqual(candidate, expected)) matched = true;
  if (!matched) return { ok: false, reason: 'mismatch' };
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(now - timestamp) > tolerance) return { ok: false, reason: 'stale' };
  return { ok: true, timestamp };
}
