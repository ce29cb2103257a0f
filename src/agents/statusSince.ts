/**
 * Since when transactions are in their status, as the target can tell: the sandbox from each
 * transaction's schedule (exact; its clock may be skipped ahead, so "now" is the sandbox's), an
 * account from the first sighting kept for it ("at least since"). Pure Node.
 */
import type { TransactionRecord } from '../api/types';
import type { ScheduleStep } from '../shared/controlProtocol';
import type { SinceFact } from './diagnosis';
import type { AgentToolContext } from './types';

export interface StatusTimes {
  /** Now on the target's clock (the sandbox's, which can be ahead of real time). */
  readonly nowMs: number;
  readonly since: ReadonlyMap<string, SinceFact>;
  /** The sandbox's next step per id (null: it stays). */
  readonly next: ReadonlyMap<string, ScheduleStep | null>;
}

/** When the schedule entered the status it is in at `nowMs`. */
export function enteredAt(schedule: readonly ScheduleStep[], status: string, nowMs: number): number | undefined {
  let current: ScheduleStep | undefined;
  for (const step of schedule) if (step.atMs <= nowMs) current = step;
  return current?.status === status ? current.atMs : undefined;
}

/**
 * The times of the records: on the sandbox one control `get` each (progress reported per record),
 * on an account the sightings (noted now where the context notes them).
 */
export async function statusTimes(
  context: AgentToolContext,
  records: readonly TransactionRecord[],
): Promise<StatusTimes> {
  const since = new Map<string, SinceFact>();
  const next = new Map<string, ScheduleStep | null>();
  const control = context.target.kind === 'sandbox' ? context.control : undefined;
  if (control) {
    // The clock is asked alongside the first schedule, not before it (a hover waits for both).
    const clock = control.clock({ signal: context.signal });
    clock.catch(() => undefined);
    const head = records[0];
    const first = head === undefined ? undefined : control.get(head.id, { signal: context.signal });
    first?.catch(() => undefined);
    const nowMs = (await clock).nowMs;
    let done = 0;
    for (const record of records) {
      const tx =
        done === 0 && first !== undefined ? await first : await control.get(record.id, { signal: context.signal });
      const at = enteredAt(tx.schedule, tx.status, nowMs);
      if (at !== undefined && tx.status === record.status) since.set(record.id, { atMs: at, source: 'sandbox' });
      next.set(record.id, tx.next);
      done += 1;
      context.progress?.(done, records.length, `schedule of ${done} of ${records.length}`);
    }
    return { nowMs, since, next };
  }
  const nowMs = context.now?.() ?? Date.now();
  const sightings = context.sightings;
  if (sightings) {
    sightings.note?.(records, nowMs);
    for (const record of records) {
      const at = sightings.since(record.id, record.status);
      if (at !== undefined) since.set(record.id, { atMs: at, source: 'sighting' });
    }
  }
  return { nowMs, since, next };
}

/** The records in their status for longer than a duration, as {@link longerInStatus} finds them. */
export interface LongerInStatus {
  /** Now on the target's clock. */
  readonly nowMs: number;
  /** The ids in their status for longer than the duration. */
  readonly matches: ReadonlySet<string>;
  /** Since when each record is in its status, where known. */
  readonly since: ReadonlyMap<string, SinceFact>;
  /** Ids old enough to match whose time in their status is not known (an account's first sighting is now). */
  readonly unknown: ReadonlySet<string>;
}

/** Now on the target's clock: the sandbox's (which can be ahead), else the context's time. */
export async function targetNow(context: AgentToolContext): Promise<number> {
  const control = context.target.kind === 'sandbox' ? context.control : undefined;
  if (control) return (await control.clock({ signal: context.signal })).nowMs;
  return context.now?.() ?? Date.now();
}

/**
 * Which of the records are in their status for longer than `longerThanMs` at `nowMs` (the
 * target's clock; asked when not given): the one rule of the list tool's `inStatusLongerThan` and
 * the Transactions view's filter. A record created less than that long ago cannot match, so on the
 * sandbox only the others' schedules are asked; on an account every record is noted as seen.
 */
export async function longerInStatus(
  context: AgentToolContext,
  records: readonly TransactionRecord[],
  longerThanMs: number,
  nowMs?: number,
): Promise<LongerInStatus> {
  const now = nowMs ?? (await targetNow(context));
  const sandbox = context.target.kind === 'sandbox' && context.control !== undefined;
  const old = records.filter((r) => r.createdAt / 1000 <= now - longerThanMs);
  const times = await statusTimes(context, sandbox ? old : records);
  const matches = new Set<string>();
  const unknown = new Set<string>();
  for (const record of old) {
    const fact = times.since.get(record.id);
    if (fact && now - fact.atMs > longerThanMs) matches.add(record.id);
    else if (!fact && !sandbox) unknown.add(record.id);
  }
  return { nowMs: now, matches, since: times.since, unknown };
}
