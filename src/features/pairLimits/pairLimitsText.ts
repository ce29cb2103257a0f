/** The panel's words outside its page; errors are told apart by class, never by message text. */
import * as vscode from 'vscode';
import {
  AuthenticationError,
  ProtocolError,
  RateLimitError,
  TimeoutError,
  TransportError,
  InternalServiceError,
} from '../../api';
import { clockTime } from '../../shared/format';
import { userTimeStyle } from '../common/timeStyle';
import type { UiStrings } from '../../shared/pairLimitsStrings';
import { environmentName, environmentNameStart } from '../common/environmentNames';
import type { EnvironmentKind } from '../common/environmentDeps';
import { pageStrings } from './pageStrings';
import { pairLimitsWaitText } from '../common/waitText';
import { errorText } from '../../shared/errorText';
import { safeText } from '../../shared/safeText';

export function uiStrings(): UiStrings {
  return pageStrings(vscode.l10n);
}

/** Why a whole fetch failed, in one sentence. */
export function failureText(error: unknown, environment: EnvironmentKind): string {
  const service = environmentName(environment);
  if (error instanceof AuthenticationError) {
    return vscode.l10n.t(
      '{0} refused the API keys (HTTP {1}). Check that the saved keys are the ones the service issued.',
      environmentNameStart(environment),
      error.status,
    );
  }
  if (error instanceof RateLimitError) {
    return error.limit === 1
      ? vscode.l10n.t('The rate limit of {0} (1 request per second) was reached. Try again in a moment.', service)
      : vscode.l10n.t(
          'The rate limit of {0} ({1} requests per second) was reached. Try again in a moment.',
          service,
          error.limit,
        );
  }
  if (error instanceof TimeoutError) {
    return pairLimitsWaitText(vscode.l10n, error, service);
  }
  if (error instanceof TransportError && error.status !== undefined)
    return vscode.l10n.t(
      '{0} answered HTTP {1}. Try again in a moment.',
      environmentNameStart(environment),
      error.status,
    );
  if (error instanceof TransportError)
    return vscode.l10n.t('Could not reach {0}: {1}', service, safeText(error.message, 200));
  if (error instanceof ProtocolError)
    return vscode.l10n.t('The answer of {0} could not be read: {1}', service, safeText(error.message, 200));
  if (error instanceof InternalServiceError)
    return vscode.l10n.t('{0} reported an internal error. Try again in a moment.', environmentNameStart(environment));
  const message = errorText(error);
  return vscode.l10n.t('Could not get the pair limits from {0}: {1}', service, safeText(message, 200));
}

/** "Updated at 14:03:21" */
export function updatedText(at: Date): string {
  return vscode.l10n.t('Updated at {0}', clockTime(at.getTime(), userTimeStyle()));
}
