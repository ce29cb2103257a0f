/** "Sandbox: Faults…": presets that combine into the sandbox's FaultOptions, and the faults in words. */
import type { FaultKind, FaultOptions } from '../../../packages/sandbox/src';

export type FaultPresetId = 'latency' | 'errors5xx' | 'internal' | 'rateLimit' | 'hostile' | 'down';

export interface FaultPreset {
  readonly id: FaultPresetId;
  readonly label: string;
  readonly detail: string;
}

/** The share of answers each error preset replaces. */
export const FAULT_SHARE = 0.2;
export const LATENCY_MS = 800;

export const FAULT_PRESETS: readonly FaultPreset[] = [
  { id: 'latency', label: 'Latency', detail: `every answer ${LATENCY_MS} ms late (up to 400 ms more)` },
  { id: 'errors5xx', label: 'HTTP 5xx', detail: `${FAULT_SHARE * 100}% of answers are HTTP 500, 502 or 503` },
  { id: 'internal', label: 'Internal errors', detail: `${FAULT_SHARE * 100}% of answers are -32603 Internal Error` },
  {
    id: 'rateLimit',
    label: 'Rate-limit answers',
    detail: `${FAULT_SHARE * 100}% of answers are the -32600 rate-limit error`,
  },
  {
    id: 'hostile',
    label: 'Hostile strings',
    detail: 'a third of the records and limits carry hostile text (markup, controls, huge values)',
  },
  { id: 'down', label: 'Service down', detail: 'no request is answered (each one hangs until the client gives up)' },
];

function isPresetId(value: unknown): value is FaultPresetId {
  return FAULT_PRESETS.some((p) => p.id === value);
}

/** The preset ids of a command argument (an array of ids); unknown entries are dropped. */
export function presetIdsOf(value: unknown): FaultPresetId[] {
  return Array.isArray(value) ? [...new Set(value.filter(isPresetId))] : [];
}

/** The sandbox's fault options for a set of presets (none: no faults). */
export function faultsOf(ids: readonly FaultPresetId[]): FaultOptions {
  const chosen = new Set(ids);
  const rates: Partial<Record<FaultKind, number>> = {};
  // Down is down: no other answer comes through.
  if (chosen.has('down')) rates.hang = 1;
  else if (chosen.has('errors5xx')) {
    rates.http500 = FAULT_SHARE / 3;
    rates.http502 = FAULT_SHARE / 3;
    rates.http503 = FAULT_SHARE / 3;
  }
  if (!chosen.has('down') && chosen.has('internal')) rates.internalError = FAULT_SHARE;
  if (!chosen.has('down') && chosen.has('rateLimit')) rates.rateLimited = FAULT_SHARE;
  return {
    ...(chosen.has('latency') ? { latencyMs: LATENCY_MS, latencyJitterMs: 400 } : {}),
    ...(Object.keys(rates).length > 0 ? { rates } : {}),
    ...(chosen.has('hostile') ? { hostile: 1 / 3 } : {}),
  };
}

const share = (value: number | undefined): string => `${Math.round((value ?? 0) * 100)}%`;

/** The active faults in words, one per kind; empty when the sandbox answers normally. */
export function describeFaults(options: FaultOptions): string[] {
  const words: string[] = [];
  if ((options.latencyMs ?? 0) > 0 || (options.latencyJitterMs ?? 0) > 0)
    words.push(
      `latency ${options.latencyMs ?? 0} ms${options.latencyJitterMs ? ` (+ up to ${options.latencyJitterMs} ms)` : ''}`,
    );
  const rates = options.rates ?? {};
  if ((rates.hang ?? 0) >= 1) words.push('service down (no answers)');
  else if ((rates.hang ?? 0) > 0) words.push(`${share(rates.hang)} hanging`);
  const http = (rates.http500 ?? 0) + (rates.http502 ?? 0) + (rates.http503 ?? 0);
  if (http > 0) words.push(`${share(http)} HTTP 5xx`);
  if ((rates.internalError ?? 0) > 0) words.push(`${share(rates.internalError)} -32603`);
  if ((rates.rateLimited ?? 0) > 0) words.push(`${share(rates.rateLimited)} rate-limit answers`);
  for (const kind of ['nonJson', 'truncated', 'wrongId', 'slow'] as const)
    if ((rates[kind] ?? 0) > 0) words.push(`${share(rates[kind])} ${kind}`);
  if ((options.hostile ?? 0) > 0) words.push(`${share(options.hostile)} hostile records`);
  if ((options.next ?? []).length > 0) words.push(`${(options.next ?? []).length} queued`);
  return words;
}

/** The presets a set of options came from (to pre-select them in the pick). */
export function presetsIn(options: FaultOptions): FaultPresetId[] {
  const rates = options.rates ?? {};
  const ids: FaultPresetId[] = [];
  if ((options.latencyMs ?? 0) > 0) ids.push('latency');
  if ((rates.http500 ?? 0) + (rates.http502 ?? 0) + (rates.http503 ?? 0) > 0) ids.push('errors5xx');
  if ((rates.internalError ?? 0) > 0) ids.push('internal');
  if ((rates.rateLimited ?? 0) > 0) ids.push('rateLimit');
  if ((options.hostile ?? 0) > 0) ids.push('hostile');
  if ((rates.hang ?? 0) >= 1) ids.push('down');
  return ids;
}
