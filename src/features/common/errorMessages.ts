/** Errors as data: one message per kind of failure with the actions that fit, and a one-line form. */
import * as vscode from 'vscode';
import {
  AnswerTooLargeError,
  AuthenticationError,
  formatBytes,
  InsecureEndpointError,
  RateLimitError,
  TransportError,
} from '../../api';
import { environmentName, environmentNameStart } from './environmentNames';
import type { EnvironmentKind } from './environmentDeps';
import type { ErrorKind } from './errorKind';
import { classifyError } from './errorKind';
import { lookupWaitText, waitStory } from './waitText';
import { actions, plainText } from './userMessages';
import type { MessageAction, UserMessage } from './userMessages';
import { errorText } from '../../shared/errorText';

/** What was caught, as a notification may show it: safe and bounded. */
export function errorDetail(error: unknown, max = 300): string {
  return plainText(errorText(error), max);
}

export interface ErrorDescription extends UserMessage {
  readonly kind: Exclude<ErrorKind, 'cancelled'>;
  /** One line for a hover or a tooltip. */
  readonly short: string;
}

export interface ErrorContext {
  readonly id: string;
  /** The environment the request went to. */
  readonly environment: EnvironmentKind;
  /** What "Retry" runs (default: "Get Transaction Status…" for the id). */
  readonly retry?: MessageAction;
}

/** "Transaction … was not found in the sandbox", with "Switch Account…". */
export function notFound(context: ErrorContext): ErrorDescription {
  const where = environmentName(context.environment);
  return {
    kind: 'not-found',
    severity: 'warning',
    text: vscode.l10n.t('Transaction {0} was not found in {1}', context.id, where),
    short: vscode.l10n.t('No transaction {0} in {1}', context.id, where),
    actions: [actions.switchEnvironment()],
  };
}

/** The message for a failed lookup; undefined for a cancelled one (the user knows). */
export function describeError(error: unknown, context: ErrorContext): ErrorDescription | undefined {
  const kind = classifyError(error);
  if (kind === 'cancelled') return undefined;
  if (kind === 'not-found') return notFound(context);
  const { id } = context;
  const where = environmentName(context.environment);
  const Where = environmentNameStart(context.environment);
  const retry = context.retry ?? actions.retry('exchangeTx.getStatus', [id]);
  const detail = errorDetail(error);
  const say = (text: string, short: string, acts: MessageAction[], severity: 'error' | 'warning' = 'error') => ({
    kind,
    severity,
    text,
    short,
    actions: acts,
  });
  switch (kind) {
    case 'authentication': {
      const status = error instanceof AuthenticationError ? error.status : 401;
      return say(
        vscode.l10n.t(
          '{0} refused the API keys (HTTP {1}) when looking up transaction {2}. Check that the saved keys are the ones the service issued.',
          Where,
          status,
          id,
        ),
        vscode.l10n.t('API keys refused by {0} (HTTP {1})', where, status),
        [actions.setKeys()],
      );
    }
    case 'rate-limit': {
      const limit = error instanceof RateLimitError ? error.limit : 10;
      const text =
        limit === 1
          ? vscode.l10n.t(
              'The rate limit of {0} (1 request per second) was reached while looking up transaction {1}. Try again in a moment.',
              where,
              id,
            )
          : vscode.l10n.t(
              'The rate limit of {0} ({1} requests per second) was reached while looking up transaction {2}. Try again in a moment.',
              where,
              limit,
              id,
            );
      return say(text, vscode.l10n.t('Rate limit of {0} reached; try again in a moment', where), [retry], 'warning');
    }
    case 'timeout':
    case 'incomplete': {
      // The whole wait and its attempts (retries share one deadline), not one attempt's timeout.
      const started = kind === 'incomplete';
      return say(
        lookupWaitText(vscode.l10n, waitStory(error), started, Where, id),
        started
          ? vscode.l10n.t('The answer from {0} did not finish (timed out)', where)
          : vscode.l10n.t('No answer from {0} (timed out)', where),
        [retry, actions.showLog()],
      );
    }
    case 'too-large': {
      const size = formatBytes(error instanceof AnswerTooLargeError ? error.maxBytes : 0);
      return say(
        vscode.l10n.t(
          '{0} sent an answer larger than {1} when looking up transaction {2}; it was cut off unread. Check the service address.',
          Where,
          size,
          id,
        ),
        vscode.l10n.t('The answer from {0} was larger than {1}', where, size),
        [actions.showLog()],
      );
    }
    case 'access':
      return say(
        vscode.l10n.t('Transaction {0} was not looked up: {1}', id, detail),
        plainText(detail, 120),
        [actions.switchEnvironment()],
        'warning',
      );
    case 'insecure-endpoint': {
      if (error instanceof InsecureEndpointError && error.reason === 'credentials')
        return say(
          vscode.l10n.t(
            "Transaction {0} was not looked up: the service address has a user name or password in it. Remove them from the account's address (Edit Account…).",
            id,
          ),
          vscode.l10n.t('Service address with a user name or password refused'),
          [actions.editAccount()],
        );
      const host = error instanceof InsecureEndpointError ? error.host : '';
      return say(
        vscode.l10n.t(
          'Transaction {0} was not looked up: signed requests are not sent over plain http to {1}. Give the account an https address (Edit Account…; plain http is allowed only to this machine).',
          id,
          plainText(host, 100),
        ),
        vscode.l10n.t('Plain http to {0} refused: use https', plainText(host, 60)),
        [actions.editAccount()],
      );
    }
    case 'network': {
      const status = error instanceof TransportError ? error.status : undefined;
      // Redirects are never followed: the address is probably not the service's.
      if (status !== undefined && status >= 300 && status <= 399)
        return say(
          vscode.l10n.t(
            '{0} redirected the request for transaction {1} (HTTP {2}); requests are never sent on to another address. Check the service address.',
            Where,
            id,
            status,
          ),
          vscode.l10n.t('{0} redirected the request (HTTP {1})', Where, status),
          [actions.showLog()],
        );
      // It was reached: it answered with an HTTP error.
      if (status !== undefined)
        return say(
          vscode.l10n.t(
            '{0} answered HTTP {1} when looking up transaction {2}. Try again in a moment.',
            Where,
            status,
            id,
          ),
          vscode.l10n.t('{0} answered HTTP {1}', Where, status),
          [retry, actions.showLog()],
        );
      return say(
        vscode.l10n.t('Could not reach {0} to look up transaction {1}: {2}', where, id, detail),
        vscode.l10n.t('Could not reach {0}', where),
        [retry, actions.showLog()],
      );
    }
    case 'protocol':
      return say(
        vscode.l10n.t('The answer of {0} for transaction {1} could not be read: {2}', where, id, detail),
        vscode.l10n.t('Unreadable answer from {0}', where),
        [retry, actions.showLog()],
      );
    case 'internal':
      return say(
        vscode.l10n.t('{0} reported an internal error while looking up transaction {1}.', Where, id),
        vscode.l10n.t('Internal error of {0}', where),
        [retry, actions.showLog()],
      );
    case 'service':
    case 'other':
      return say(
        vscode.l10n.t('Could not look up transaction {0}: {1}', id, detail),
        vscode.l10n.t('Lookup failed: {0}', plainText(detail, 80)),
        [actions.showLog()],
      );
  }
}
