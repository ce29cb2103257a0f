/**
 * The page's words (pageStrings): each one is asked of the localizer, with the English message as
 * its key, and lands under its own key of the `init` strings; the shipped English bundle has them all.
 */
import { strict as assert } from 'assert';
import type { Localizer } from '../../../src/features/pairLimits/pageStrings';
import { pageStrings } from '../../../src/features/pairLimits/pageStrings';
import { englishL10n } from '../../browser/english';

/** A localizer that marks what it was asked, so a word that skipped it would show. */
const marking: Localizer = {
  t: (message: unknown): string => `<${String(message)}>`,
};

describe('pair limits page strings', () => {
  it('asks the localizer for each word, by its English message', () => {
    assert.deepEqual(pageStrings(marking), {
      title: '<Pair Limits>',
      deprecated:
        '<getPairsParams is deprecated: the service keeps it for a while only. Limits are meant to come from the estimate operations, getExchangeAmount (float rate) and getFixRateForAmount (fixed rate): their limits are shown first, the getPairsParams ones beneath them.>',
      pairsParamsGone:
        '<The service answered getPairsParams with "method not found": it no longer has this deprecated operation, so it is not asked again. The limits come from getExchangeAmount and getFixRateForAmount alone.>',
      sandbox: '<Sandbox>',
      live: '<Live service>',
      from: '<From>',
      to: '<To>',
      fromPlaceholder: '<e.g. btc>',
      toPlaceholder: '<e.g. eth>',
      add: '<Add Pair>',
      refresh: '<Refresh>',
      retry: '<Retry>',
      recent: '<Used before:>',
      recentAdd: '<Add {0} again>',
      empty: '<No pairs yet. Add one above: the currency you send (from) and the one you get (to).>',
      loading: '<Loading…>',
      notLoaded: '<Not loaded>',
      floatGroup: '<Float rate (getExchangeAmount)>',
      fixedGroup: '<Fixed rate (getFixRateForAmount)>',
      min: '<Min>',
      max: '<Max>',
      pairsParamsValue: '<getPairsParams: {0}>',
      pairsParamsRefused: '<getPairsParams: refused>',
      payoutEquivalent: '<{0} in the currency received>',
      actions: '<Actions>',
      copy: '<Copy>',
      copyPair: '<Copy the limits of {0} as JSON>',
      remove: '<Remove>',
      removePair: '<Remove {0}>',
      tableLabel: '<Minimum and maximum amounts per pair and rate, in the currency sent>',
      'problem.empty': '<Enter a currency ticker.>',
      'problem.too-long': '<A ticker is at most 32 characters.>',
      'problem.characters': '<A ticker is letters a–z and digits (with - or _ inside), e.g. btc or usdt20.>',
      'problem.same': '<Choose two different currencies.>',
      'problem.duplicate': '<This pair is already in the list.>',
      'problem.too-many': '<The list holds at most 30 pairs; remove one first.>',
    });
  });

  it('finds every word in the shipped English bundle, placeholders left for the page', () => {
    const words = pageStrings(englishL10n);
    assert.equal(words.title, 'Pair Limits');
    assert.equal(words.recentAdd, 'Add {0} again');
    assert.equal(words['problem.too-many'], 'The list holds at most 30 pairs; remove one first.');
  });
});
