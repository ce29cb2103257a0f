/** How a request attempt is written to the log, and at which level. Expected lines written out. */
import { strict as assert } from 'assert';
import { describeRequest, RecentLog, requestLogger } from '../../../src/features/common/log';
import { recordingChannel } from './recordingChannel';

describe('request log lines', () => {
  it('a first attempt that succeeded: method, params as JSON, ok, duration', () => {
    assert.equal(
      describeRequest({
        method: 'getStatus',
        params: { id: 'pgj49c80p572minj' },
        attempt: 1,
        durationMs: 42,
        outcome: 'ok',
      }),
      'getStatus {"id":"pgj49c80p572minj"} → ok in 42 ms',
    );
  });

  it('a later attempt that failed: the kind and message, and the attempt number', () => {
    assert.equal(
      describeRequest({
        method: 'getTransactions',
        params: { limit: 10 },
        attempt: 2,
        durationMs: 1003,
        outcome: 'transport',
        message: 'ECONNRESET',
      }),
      'getTransactions {"limit":10} → transport: ECONNRESET in 1003 ms (attempt 2)',
    );
    assert.equal(
      describeRequest({ method: 'getStatus', params: [], attempt: 3, durationMs: 5, outcome: 'error' }),
      'getStatus [] → error:  in 5 ms (attempt 3)',
    );
  });

  it('requestLogger writes successes at debug level and failures at warn level', () => {
    const channel = recordingChannel();
    const log = requestLogger(channel);
    log({ method: 'getStatus', params: {}, attempt: 1, durationMs: 1, outcome: 'ok' });
    log({
      method: 'getStatus',
      params: {},
      attempt: 1,
      durationMs: 2,
      outcome: 'invalid-parameter',
      message: 'Invalid id',
    });
    assert.deepEqual(channel.leveled, [
      'debug getStatus {} → ok in 1 ms',
      'warn getStatus {} → invalid-parameter: Invalid id in 2 ms',
    ]);
  });

  it('RecentLog keeps each line with its level, an error given as text too', () => {
    const channel = recordingChannel();
    const log = new RecentLog(channel);
    assert.deepEqual(log.recent, []);
    log.trace('t');
    log.debug('d');
    log.error('e as text');
    assert.deepEqual(log.recent, ['trace t', 'debug d', 'error e as text']);
    assert.deepEqual(channel.leveled, ['trace t', 'debug d', 'error e as text']);
  });

  it('RecentLog gives the lines written after a mark, also once it keeps its most lines', () => {
    const log = new RecentLog(recordingChannel(), 3);
    log.info('a');
    const early = log.written;
    log.info('b');
    log.info('c');
    assert.deepEqual(log.since(early), ['info b', 'info c']);
    const full = log.written;
    assert.equal(full, 3);
    log.info('d');
    log.info('e');
    assert.deepEqual(log.recent, ['info c', 'info d', 'info e'], 'the oldest lines are dropped');
    assert.equal(log.written, 5);
    assert.deepEqual(log.since(full), ['info d', 'info e'], 'not an index into the kept lines, which stopped growing');
    assert.deepEqual(log.since(early), ['info c', 'info d', 'info e'], 'lines no longer kept are not given');
    assert.deepEqual(log.since(log.written), []);
  });
});
