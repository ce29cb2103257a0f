// Linked signals: one signal that aborts when any source does, listeners removed when a call
// ends, and a lifetime signal that any number of calls in flight may link to without Node's
// listener-leak warning (the benchmark's 50 concurrent lookups printed it before).
import { strict as assert } from 'assert';
import { getEventListeners } from 'events';
import { lifetimeController, linkSignals } from '../../../src/api/abort';

/**
 * The warnings Node emits while `body` runs and one turn after (warnings are emitted on the next
 * tick), caught instead of printed (Node prints them through its own 'warning' listener).
 */
async function warningsDuring(body: () => void): Promise<string[]> {
  const seen: string[] = [];
  const printers = process.listeners('warning');
  process.removeAllListeners('warning');
  const onWarning = (warning: Error): void => {
    seen.push(`${warning.name}: ${warning.message}`);
  };
  process.on('warning', onWarning);
  try {
    body();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', onWarning);
    for (const printer of printers) process.on('warning', printer);
  }
  return seen;
}

describe('linked signals', () => {
  it('aborts when any source aborts, and then leaves no listener on the others', () => {
    const a = new AbortController();
    const b = new AbortController();
    const linked = linkSignals(a.signal, undefined, b.signal);
    assert.equal(linked.signal.aborted, false);
    assert.equal(getEventListeners(a.signal, 'abort').length, 1);
    assert.equal(getEventListeners(b.signal, 'abort').length, 1);
    b.abort();
    assert.equal(linked.signal.aborted, true);
    assert.equal(getEventListeners(a.signal, 'abort').length, 0, 'the listener on the other source is removed');
  });

  it('unlink removes its listeners from every source, and the linked signal stays unaborted', () => {
    const a = new AbortController();
    const b = new AbortController();
    const linked = linkSignals(a.signal, b.signal);
    linked.unlink();
    assert.equal(getEventListeners(a.signal, 'abort').length, 0);
    assert.equal(getEventListeners(b.signal, 'abort').length, 0);
    a.abort();
    assert.equal(linked.signal.aborted, false);
  });

  it('is aborted at once when a source already is, adding no listener', () => {
    const a = new AbortController();
    const b = new AbortController();
    b.abort();
    const linked = linkSignals(a.signal, b.signal);
    assert.equal(linked.signal.aborted, true);
    assert.equal(getEventListeners(a.signal, 'abort').length, 0);
  });

  it('a lifetime signal takes 50 calls in flight without a leak warning; each unlink removes its listener', async () => {
    const lifetime = lifetimeController();
    const links: ReturnType<typeof linkSignals>[] = [];
    const warnings = await warningsDuring(() => {
      for (let i = 0; i < 50; i++) links.push(linkSignals(undefined, lifetime.signal));
    });
    assert.deepEqual(warnings, []);
    assert.equal(getEventListeners(lifetime.signal, 'abort').length, 50);
    for (const link of links) link.unlink();
    assert.equal(getEventListeners(lifetime.signal, 'abort').length, 0);
  });

  it('a plain signal with as many calls makes Node warn (what the lifetime controller avoids)', async () => {
    const plain = new AbortController();
    const warnings = await warningsDuring(() => {
      for (let i = 0; i < 11; i++) linkSignals(plain.signal);
    });
    assert.equal(warnings.length, 1);
    assert.match(
      warnings[0],
      /^MaxListenersExceededWarning: Possible EventTarget memory leak detected\. 11 abort listeners/,
    );
  });
});
