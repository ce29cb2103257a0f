/**
 * The statuses' facts, written out: which are final (a watch stops, the tree folds them, the
 * status bar stops spinning) and how the service's text is read. A status dropped from the final
 * set, or one added to it, fails here by name.
 */
import { strict as assert } from 'assert';
import {
  ALL_STATUSES,
  ATTENTION_STATUSES,
  FINAL_STATUSES,
  KNOWN_STATUSES,
  isFinalStatus,
  isKnownStatus,
  normalizeStatus,
} from '../../../src/shared/status';

describe('statuses', () => {
  it('knows the ten statuses of the specification, in lifecycle order, and unknown last', () => {
    // Written out from the specification, not taken from KNOWN_STATUSES: this checks that list.
    const specified = [
      'waiting',
      'confirming',
      'exchanging',
      'sending',
      'hold',
      'finished',
      'failed',
      'refunded',
      'overdue',
      'expired',
    ];
    assert.deepEqual([...KNOWN_STATUSES], specified);
    assert.deepEqual([...ALL_STATUSES], [...specified, 'unknown']);
  });

  it('finished, failed, refunded, overdue and expired are final', () => {
    for (const status of ['finished', 'failed', 'refunded', 'overdue', 'expired'] as const)
      assert.equal(isFinalStatus(status), true, status);
    assert.deepEqual([...FINAL_STATUSES].sort(), ['expired', 'failed', 'finished', 'overdue', 'refunded']);
  });

  it('waiting, confirming, exchanging, sending, hold and unknown are not final', () => {
    for (const status of ['waiting', 'confirming', 'exchanging', 'sending', 'hold', 'unknown'] as const)
      assert.equal(isFinalStatus(status), false, status);
  });

  it('hold, failed, overdue and expired need attention; nothing else does', () => {
    assert.deepEqual([...ATTENTION_STATUSES].sort(), ['expired', 'failed', 'hold', 'overdue']);
  });

  it('reads the service text: case, surrounding space and the footnote mark of hold* are ignored', () => {
    assert.equal(normalizeStatus('finished'), 'finished');
    assert.equal(normalizeStatus('  FINISHED\n'), 'finished');
    assert.equal(normalizeStatus('hold*'), 'hold');
    assert.equal(normalizeStatus('Hold**'), 'hold');
    assert.equal(normalizeStatus('Expired'), 'expired');
  });

  it('anything else is unknown, including look-alikes and the word unknown itself', () => {
    for (const raw of [
      '',
      'done',
      'finish',
      'finished!',
      '*hold',
      'ho ld',
      'unknown',
      'new',
      'constructor',
      'toString',
    ]) {
      assert.equal(normalizeStatus(raw), 'unknown', JSON.stringify(raw));
    }
  });

  it('isKnownStatus accepts exactly the ten, as written', () => {
    assert.equal(isKnownStatus('sending'), true);
    assert.equal(isKnownStatus('refunded'), true);
    assert.equal(isKnownStatus('unknown'), false);
    assert.equal(isKnownStatus('Sending'), false);
    assert.equal(isKnownStatus('hold*'), false);
  });
});
