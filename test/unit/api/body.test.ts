// Reading an answer's body with a cap and a signal, on real Node streams: every outcome, the
// stream destroyed exactly when reading stopped early, and no listener of ours left behind.
import { strict as assert } from 'assert';
import { getEventListeners } from 'events';
import { PassThrough } from 'stream';
import { networkCode, readBody } from '../../../src/api/body';

/** A stream that is destroyed only when someone destroys it (not by itself at its end). */
function quiet(): PassThrough {
  return new PassThrough({ autoDestroy: false });
}

/** The listeners readBody adds, counted on the stream; `error` keeps one quiet listener after the end. */
function listeners(stream: PassThrough): Record<string, number> {
  return Object.fromEntries(['data', 'end', 'close', 'error'].map((event) => [event, stream.listenerCount(event)]));
}

describe('readBody', () => {
  it('joins the chunks (strings as UTF-8) into the complete body, and leaves the stream open', async () => {
    const stream = quiet();
    const signal = new AbortController().signal;
    const reading = readBody(stream, 100, signal);
    stream.write(Buffer.from('{"a":'));
    stream.write('"é"}');
    stream.end();
    const outcome = await reading;
    assert.equal(outcome.kind, 'complete');
    assert.equal(outcome.kind === 'complete' && outcome.bytes.toString('utf8'), '{"a":"é"}');
    assert.equal(stream.destroyed, false, 'a complete answer is not destroyed (the connection may be kept)');
    assert.deepEqual(listeners(stream), { data: 0, end: 0, close: 0, error: 1 });
    assert.equal(getEventListeners(signal, 'abort').length, 0);
  });

  it('takes exactly maxBytes, and stops past it: too large, counting what came, stream destroyed', async () => {
    const exact = quiet();
    const full = readBody(exact, 4, new AbortController().signal);
    exact.end('abcd');
    const read = await full;
    assert.equal(read.kind === 'complete' && read.bytes.toString(), 'abcd');

    const stream = quiet();
    const signal = new AbortController().signal;
    const reading = readBody(stream, 4, signal);
    stream.write('abc');
    stream.write('de');
    assert.deepEqual(await reading, { kind: 'too-large', received: 5 });
    assert.equal(stream.destroyed, true);
    assert.equal(getEventListeners(signal, 'abort').length, 0);
    stream.emit('error', new Error('after the outcome'));
  });

  it('says aborted at once for a signal already aborted, destroying the stream', async () => {
    const stream = quiet();
    const controller = new AbortController();
    controller.abort();
    assert.deepEqual(await readBody(stream, 10, controller.signal), { kind: 'aborted' });
    assert.equal(stream.destroyed, true);
    assert.equal(stream.listenerCount('data'), 0);
  });

  it('says aborted when the signal aborts while reading, destroying the stream and leaving no listener', async () => {
    const stream = quiet();
    const controller = new AbortController();
    const reading = readBody(stream, 10, controller.signal);
    stream.write('ab');
    controller.abort();
    assert.deepEqual(await reading, { kind: 'aborted' });
    assert.equal(stream.destroyed, true);
    assert.deepEqual(listeners(stream), { data: 0, end: 0, close: 0, error: 1 });
  });

  it('says failed with the network code of a stream error, and nothing else of the error', async () => {
    const stream = quiet();
    const reading = readBody(stream, 10, new AbortController().signal);
    stream.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET', request: { secret: 'x' } }));
    assert.deepEqual(await reading, { kind: 'failed', code: 'ECONNRESET' });
  });

  it('says failed with ECONNRESET when the stream closes before its end', async () => {
    const stream = quiet();
    const reading = readBody(stream, 10, new AbortController().signal);
    stream.write('ab');
    stream.destroy();
    assert.deepEqual(await reading, { kind: 'failed', code: 'ECONNRESET' });
  });

  it('an error or a close after an abort is still the abort', async () => {
    for (const end of ['error', 'close'] as const) {
      const stream = quiet();
      const controller = new AbortController();
      // The signal aborts, but the stream's own event comes first (as when the HTTP library aborts).
      const reading = readBody(stream, 10, controller.signal);
      const onAbort = getEventListeners(controller.signal, 'abort')[0];
      controller.signal.removeEventListener('abort', onAbort as EventListener);
      controller.abort();
      if (end === 'error') stream.destroy(Object.assign(new Error('aborted'), { code: 'ABORT_ERR' }));
      else stream.destroy();
      assert.deepEqual(await reading, { kind: 'aborted' }, end);
    }
  });
});

describe('networkCode', () => {
  it('keeps only a network code of an error', () => {
    assert.equal(networkCode(Object.assign(new Error('x'), { code: 'ECONNRESET' })), 'ECONNRESET');
    assert.equal(networkCode({ code: 'E' }), 'E');
    assert.equal(networkCode({ code: `E${'A'.repeat(39)}` }), `E${'A'.repeat(39)}`, '40 characters');
    assert.equal(networkCode({ code: `E${'A'.repeat(40)}` }), undefined, '41 characters');
    assert.equal(networkCode({ code: 'econnreset' }), undefined);
    assert.equal(networkCode({ code: 'ECONN RESET' }), undefined);
    assert.equal(networkCode({ code: 'xECONNRESET' }), undefined);
    assert.equal(networkCode({ code: 'ECONNRESET!' }), undefined);
    assert.equal(networkCode({ code: 42 }), undefined);
    assert.equal(networkCode({}), undefined);
    assert.equal(networkCode(null), undefined);
    assert.equal(networkCode('ECONNRESET'), undefined);
  });
});
