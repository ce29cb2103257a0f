/**
 * Fault injection, configurable per run and at run time, with seeded randomness. Faults apply only
 * to authenticated, well-formed requests for a known method, after rate limiting. Per request:
 * first the `next` queue is used up, in order; otherwise one seeded draw picks at most one fault
 * by the shares in `rates` (checked in FAULT_KINDS order; a sum above 1 is cut at 1). Latency is
 * added to every such answer. Hostile records are decided per record id or pair (hostile.ts).
 */
import { FAULT_KINDS } from '../../../src/shared/controlProtocol';
import type { FaultKind, FaultOptions } from '../../../src/shared/controlProtocol';
import { DEFAULT_RATE_LIMIT } from './rateLimit';
import { hashString, Random } from './random';
import type { HttpAnswer, RpcId } from './protocol';
import { errorBody, INTERNAL_ERROR, INVALID_REQUEST, jsonAnswer, rateLimitMessage, textAnswer } from './protocol';

export const DEFAULT_SLOW_MS = 60_000;

export interface FaultDecision {
  readonly fault: FaultKind | null;
  readonly delayMs: number;
}

function checkShare(name: string, value: number | undefined): void {
  if (value !== undefined && !(value >= 0 && value <= 1)) throw new RangeError(`${name} must be a share from 0 to 1`);
}

function checkMs(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isFinite(value) && value >= 0))
    throw new RangeError(`${name} must be a non-negative number of ms`);
}

export function validateFaults(options: FaultOptions): void {
  checkMs('latencyMs', options.latencyMs);
  checkMs('latencyJitterMs', options.latencyJitterMs);
  checkMs('slowMs', options.slowMs);
  checkShare('hostile', options.hostile);
  for (const [kind, share] of Object.entries(options.rates ?? {})) {
    if (!(FAULT_KINDS as readonly string[]).includes(kind)) throw new RangeError(`unknown fault ${kind}`);
    checkShare(`rates.${kind}`, share);
  }
  for (const kind of options.next ?? []) {
    if (!(FAULT_KINDS as readonly string[]).includes(kind)) throw new RangeError(`unknown fault ${String(kind)}`);
  }
}

export class FaultInjector {
  private current: FaultOptions = {};
  private queue: FaultKind[] = [];
  private rng: Random;
  private seedValue: number;

  constructor(
    options: FaultOptions,
    private readonly defaultSeed: number,
  ) {
    this.seedValue = defaultSeed;
    this.rng = new Random(defaultSeed);
    this.set(options);
  }

  /** Replaces the whole configuration (`set({})` turns every fault off) and restarts the draws. */
  set(options: FaultOptions): void {
    validateFaults(options);
    this.current = { ...options, rates: { ...options.rates }, next: [...(options.next ?? [])] };
    this.queue = [...(options.next ?? [])];
    this.seedValue = options.seed ?? this.defaultSeed;
    this.rng = new Random(hashString(`faults:${this.seedValue}`));
  }

  get options(): FaultOptions {
    return { ...this.current, rates: { ...this.current.rates }, next: [...this.queue] };
  }

  get hostileShare(): number {
    return this.current.hostile ?? 0;
  }

  get seed(): number {
    return this.seedValue;
  }

  get slowMs(): number {
    return this.current.slowMs ?? DEFAULT_SLOW_MS;
  }

  /** The fault (if any) and the delay for one request. */
  draw(): FaultDecision {
    const latency =
      (this.current.latencyMs ?? 0) +
      (this.current.latencyJitterMs ? this.rng.float(0, this.current.latencyJitterMs) : 0);
    const queued = this.queue.shift();
    if (queued !== undefined) return { fault: queued, delayMs: latency };
    const rates = this.current.rates ?? {};
    if (!FAULT_KINDS.some((kind) => (rates[kind] ?? 0) > 0)) return { fault: null, delayMs: latency };
    let roll = this.rng.next();
    for (const kind of FAULT_KINDS) {
      roll -= rates[kind] ?? 0;
      if (roll < 0) return { fault: kind, delayMs: latency };
    }
    return { fault: null, delayMs: latency };
  }
}

const PAGE = (title: string): string =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1><hr><p>nginx</p></body></html>`;

/** The answer a fault gives instead of `proper` (the JSON body that would have been sent); null for `hang`. */
export function faultAnswer(kind: FaultKind, proper: string, id: RpcId): HttpAnswer | null {
  switch (kind) {
    case 'http500':
      return textAnswer(500, 'Internal Server Error');
    case 'http502':
      return { status: 502, contentType: 'text/html', body: PAGE('502 Bad Gateway') };
    case 'http503':
      return {
        status: 503,
        contentType: 'text/html',
        body: PAGE('503 Service Temporarily Unavailable'),
        headers: { 'retry-after': '1' },
      };
    case 'nonJson':
      return {
        status: 200,
        contentType: 'text/html',
        body: PAGE('Checking your browser before accessing the service'),
      };
    case 'truncated':
      return jsonAnswer(proper.slice(0, Math.max(1, Math.floor(proper.length / 2))));
    case 'internalError':
      return jsonAnswer(errorBody(id, INTERNAL_ERROR, 'Internal Error'));
    case 'rateLimited':
      return jsonAnswer(errorBody(id, INVALID_REQUEST, rateLimitMessage(DEFAULT_RATE_LIMIT)));
    case 'wrongId': {
      const body = JSON.parse(proper) as Record<string, unknown>;
      body.id = typeof id === 'number' ? id + 1 : `${String(id)}-other`;
      return jsonAnswer(JSON.stringify(body));
    }
    case 'hang':
      return null;
    case 'slow':
      return jsonAnswer(proper);
  }
}
