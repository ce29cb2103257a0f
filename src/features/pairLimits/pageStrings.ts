/** The page's words, sent in its `init` message; `l10n` is `vscode.l10n`, or the English bundle in the browser test. */
import type * as vscode from 'vscode';
import type { UiStrings } from '../../shared/pairLimitsStrings';

export type Localizer = Pick<typeof vscode.l10n, 't'>;

export function pageStrings(l10n: Localizer): UiStrings {
  return {
    title: l10n.t('Pair Limits'),
    deprecated: l10n.t(
      'getPairsParams is deprecated: the service keeps it for a while only. Limits are meant to come from the estimate operations, getExchangeAmount (float rate) and getFixRateForAmount (fixed rate): their limits are shown first, the getPairsParams ones beneath them.',
    ),
    pairsParamsGone: l10n.t(
      'The service answered getPairsParams with "method not found": it no longer has this deprecated operation, so it is not asked again. The limits come from getExchangeAmount and getFixRateForAmount alone.',
    ),
    sandbox: l10n.t('Sandbox'),
    live: l10n.t('Live service'),
    from: l10n.t('From'),
    to: l10n.t('To'),
    fromPlaceholder: l10n.t('e.g. btc'),
    toPlaceholder: l10n.t('e.g. eth'),
    add: l10n.t('Add Pair'),
    refresh: l10n.t('Refresh'),
    retry: l10n.t('Retry'),
    recent: l10n.t('Used before:'),
    recentAdd: l10n.t('Add {0} again'),
    empty: l10n.t('No pairs yet. Add one above: the currency you send (from) and the one you get (to).'),
    loading: l10n.t('Loading…'),
    notLoaded: l10n.t('Not loaded'),
    floatGroup: l10n.t('Float rate (getExchangeAmount)'),
    fixedGroup: l10n.t('Fixed rate (getFixRateForAmount)'),
    min: l10n.t('Min'),
    max: l10n.t('Max'),
    pairsParamsValue: l10n.t('getPairsParams: {0}'),
    pairsParamsRefused: l10n.t('getPairsParams: refused'),
    payoutEquivalent: l10n.t('{0} in the currency received'),
    actions: l10n.t('Actions'),
    copy: l10n.t('Copy'),
    copyPair: l10n.t('Copy the limits of {0} as JSON'),
    remove: l10n.t('Remove'),
    removePair: l10n.t('Remove {0}'),
    tableLabel: l10n.t('Minimum and maximum amounts per pair and rate, in the currency sent'),
    'problem.empty': l10n.t('Enter a currency ticker.'),
    'problem.too-long': l10n.t('A ticker is at most 32 characters.'),
    'problem.characters': l10n.t('A ticker is letters a–z and digits (with - or _ inside), e.g. btc or usdt20.'),
    'problem.same': l10n.t('Choose two different currencies.'),
    'problem.duplicate': l10n.t('This pair is already in the list.'),
    'problem.too-many': l10n.t('The list holds at most 30 pairs; remove one first.'),
  };
}
