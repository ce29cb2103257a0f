/** The filter in words; service strings (addresses, extra ids) are sanitized and cut short. */
import * as vscode from 'vscode';
import { formatTime } from '../../shared/format';
import { userTimeStyle } from '../common/timeStyle';
import { statusLook } from '../common/statusPresentation';
import type { FilterField, FilterProblem, SincePreset, TransactionFilter } from './filterModel';
import { FILTER_FIELDS } from './filterModel';
import { KNOWN_STATUSES } from '../../shared/status';
import { durationText } from '../../agents/duration';
import { safeText } from '../../shared/safeText';

export function fieldName(field: FilterField): string {
  const names: Record<FilterField, string> = {
    status: vscode.l10n.t('Status'),
    currency: vscode.l10n.t('Payin currency'),
    address: vscode.l10n.t('Payin address'),
    payoutAddress: vscode.l10n.t('Payout address'),
    extraId: vscode.l10n.t('Extra ID'),
    since: vscode.l10n.t('Created since'),
    inStatusLongerThan: vscode.l10n.t('In status longer than'),
  };
  return names[field];
}

export function presetName(preset: SincePreset): string {
  const names: Record<SincePreset, string> = {
    hour: vscode.l10n.t('the last hour'),
    day: vscode.l10n.t('the last 24 hours'),
    week: vscode.l10n.t('the last 7 days'),
    month: vscode.l10n.t('the last 30 days'),
  };
  return names[preset];
}

const short = (text: string, max = 14) => safeText(text, max);

/** One field's value, short: `waiting, confirming`, `btc, eth`, `1A2b3c…`, `the last 24 hours`. */
export function fieldValue(filter: TransactionFilter, field: FilterField): string | undefined {
  switch (field) {
    case 'status':
      return filter.status?.map((s) => statusLook(s).short.toLowerCase()).join(', ');
    case 'currency':
      return filter.currency?.map((c) => short(c, 20)).join(', ');
    case 'address':
    case 'payoutAddress': {
      const list = filter[field];
      if (!list) return undefined;
      return list.length === 1 ? short(list[0] ?? '') : vscode.l10n.t('{0} addresses', list.length);
    }
    case 'extraId':
      return filter.extraId === undefined ? undefined : short(filter.extraId);
    case 'since':
      if (!filter.since) return undefined;
      return 'preset' in filter.since
        ? presetName(filter.since.preset)
        : formatTime(filter.since.micros, userTimeStyle());
    case 'inStatusLongerThan':
      return filter.inStatusLongerThan === undefined ? undefined : durationText(filter.inStatusLongerThan);
  }
}

/** The view's description: every active filter, `Status: waiting · Payin currency: btc`; empty for none. */
export function filterDescription(filter: TransactionFilter): string {
  return FILTER_FIELDS.map((field) => {
    const value = fieldValue(filter, field);
    return value === undefined ? undefined : `${fieldName(field)}: ${value}`;
  })
    .filter((part): part is string => part !== undefined)
    .join(' · ');
}

/** The longest {@link filterSummary}: what fits beside the view's title at the default sidebar width. */
export const MAX_SUMMARY_LENGTH = 15;

/** The filter short enough for beside the view's title: `Status: 2 of 10`, `3 filters`. */
export function filterSummary(filter: TransactionFilter): string {
  const active = FILTER_FIELDS.filter((field) => fieldValue(filter, field) !== undefined);
  if (active.length === 0) return '';
  if (active.length > 1) return vscode.l10n.t('{0} filters', active.length);
  switch (active[0]) {
    case 'status':
      return vscode.l10n.t('Status: {0} of {1}', filter.status?.length ?? 0, KNOWN_STATUSES.length);
    case 'currency':
      return vscode.l10n.t('Currency filter');
    case 'address':
      return vscode.l10n.t('Payin filter');
    case 'payoutAddress':
      return vscode.l10n.t('Payout filter');
    case 'extraId':
      return vscode.l10n.t('Extra ID filter');
    case 'inStatusLongerThan':
      return vscode.l10n.t('Stuck filter');
    default:
      return vscode.l10n.t('Date filter');
  }
}

export function problemText(problem: FilterProblem): string {
  const field = fieldName(problem.field);
  switch (problem.reason) {
    case 'type':
      return vscode.l10n.t('{0}: expected text or a list of texts.', field);
    case 'empty':
      return vscode.l10n.t('{0}: enter a value.', field);
    case 'too-many':
      return vscode.l10n.t(
        '{0}: at most {1} values (the service takes no more), got {2}.',
        field,
        problem.max,
        problem.count,
      );
    case 'status':
      return vscode.l10n.t('"{0}" is not a status.', safeText(problem.value, 40));
    case 'ticker':
      return vscode.l10n.t(
        '"{0}" is not a currency ticker (letters and digits, like btc or usdt20).',
        safeText(problem.value, 40),
      );
    case 'date-format':
      return vscode.l10n.t('Enter a date as YYYY-MM-DD or YYYY-MM-DD HH:MM (UTC).');
    case 'date-range':
      return vscode.l10n.t('The service takes times from 2001-09-09 on (16-digit microseconds), up to 2255.');
    case 'future':
      return vscode.l10n.t('That time is in the future: no transaction would match.');
    case 'duration-format':
      return vscode.l10n.t('Enter a duration such as 30m, 1h, 2d or 1h30m (or ISO 8601, PT1H).');
    case 'duration-range':
      return vscode.l10n.t('A duration from 1 second to 366 days.');
    case 'service':
      return vscode.l10n.t('{0}: {1}', field, problem.detail);
  }
}
