/** The sentences of a wait that ended without an answer: attempts and total seconds waited. */
import type * as vscode from 'vscode';
import { ExchangeError, IncompleteAnswerError, TimeoutError } from '../../api';

export type Localizer = Pick<typeof vscode.l10n, 't'>;

/** A wait: its attempts and its whole length in seconds (rounded). */
export interface WaitStory {
  readonly attempts: number;
  readonly seconds: number;
}

/** How long a timed-out call waited in all, and with how many attempts. */
export function waitStory(error: unknown): WaitStory {
  const timeoutMs = error instanceof TimeoutError || error instanceof IncompleteAnswerError ? error.timeoutMs : 0;
  const story = error instanceof ExchangeError ? error.story : undefined;
  return { attempts: story?.attempts ?? 1, seconds: Math.round((story?.elapsedMs ?? timeoutMs) / 1000) };
}

/** A lookup that got no whole answer; `started`: the answer began but did not finish. */
export function lookupWaitText(
  l10n: Localizer,
  story: WaitStory,
  started: boolean,
  service: string,
  id: string,
): string {
  if (story.attempts > 1) {
    return started
      ? l10n.t(
          '{0} started to answer but did not finish: {1} attempts in {2} s while looking up transaction {3}.',
          service,
          story.attempts,
          story.seconds,
          id,
        )
      : l10n.t(
          '{0} did not answer: {1} attempts in {2} s while looking up transaction {3}.',
          service,
          story.attempts,
          story.seconds,
          id,
        );
  }
  return started
    ? l10n.t(
        '{0} started to answer but did not finish within {1} s while looking up transaction {2}.',
        service,
        story.seconds,
        id,
      )
    : l10n.t('{0} did not answer within {1} s while looking up transaction {2}.', service, story.seconds, id);
}

/** Pair Limits' fetch that timed out: "No answer from the sandbox: 2 attempts in 20 s." (`service`: "the sandbox", …). */
export function pairLimitsWaitText(l10n: Localizer, error: TimeoutError, service: string): string {
  const attempts = error.story?.attempts ?? 1;
  const seconds = Math.round((error.story?.elapsedMs ?? error.timeoutMs) / 1000);
  return attempts > 1
    ? l10n.t('No answer from {0}: {1} attempts in {2} s.', service, attempts, seconds)
    : l10n.t('No answer from {0} within {1} s.', service, seconds);
}
