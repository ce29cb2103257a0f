/** The CLI's line per delivery attempt (kept apart from cli.ts, which runs when loaded, so it can be tested). */
import { isGapEvent } from '../shared/statusEvents';
import type { DeliveryAttempt } from './deliveryTypes';
import { terminalText } from '../shared/safeText';

/** One attempt as a line: every text from the service or the receiver escaped. */
export function attemptLine(attempt: DeliveryAttempt): string {
  const time = new Date(attempt.atMs).toISOString();
  const event = attempt.event;
  const change = isGapEvent(event)
    ? `gap (${terminalText(event.reason)}): resynchronise`
    : `${terminalText(attempt.lane)} ${event.from === null ? '(new)' : terminalText(event.from)} -> ${terminalText(event.to)}`;
  const answer = attempt.status === undefined ? terminalText(attempt.error ?? 'no answer') : `HTTP ${attempt.status}`;
  const outcome = attempt.delivered
    ? 'delivered'
    : attempt.parked
      ? attempt.parkedBecause === 'gone'
        ? 'the receiver answered 410 Gone: delivery stopped, every event parked (kept; resend resumes)'
        : 'failed: parked (kept; resent at the next start)'
      : `not delivered, retry in ${Math.round((attempt.retryInMs ?? 0) / 100) / 10} s`;
  return `${time}  ${event.id}  ${change}  ${answer}  ${outcome}${attempt.attempt > 1 ? ` (attempt ${attempt.attempt})` : ''}`;
}
