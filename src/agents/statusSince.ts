/**
 * Since when transactions are in their status, as the target can tell: the sandbox from each
 * transaction's schedule (exact; its clock may be skipped ahead, so "now" is the sandbox's), an
 * account from the first sighting kept for it ("at least since"). Pure Node.
 */
import type { TransactionRecord } from '../api/types';
import type { ScheduleStep } from '../shared/sandboxControl';
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
 * on an account the sightings (noted now).
 */
export async function statusTimes(context: AgentToolContext, records: readonly TransactionRecord[]): Promise<StatusTimes> {
  const since = new Map<string, SinceFact>();
  const next = new Map<string, ScheduleStep | null>();
  const control = context.target.kind === 'sandbox' ? context.control : undefined;
  if (control) {
    const nowMs = (await control.clock({ signal: context.signal })).nowMs;
    let done = 0;
    for (const record of records) {
      const tx = await control.get(record.id, { signal: context.signal });
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
    sightings.note(records, nowMs);
    for (const record of records) {
      const at = sightings.since(record.id, record.status);
      if (at !== undefined) since.set(record.id, { atMs: at, source: 'sighting' });
    }
  }
  return { nowMs, since, next };
}
