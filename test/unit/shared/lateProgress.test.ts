/**
 * Interactive progress: a quiet sign at once, a cancellable notification only for work still
 * running after its delay (on a test clock), one signal for the notification's Cancel and the
 * caller's own.
 */
import { strict as assert } from 'assert';
import { NOTIFY_AFTER_MS, withLateProgress } from '../../../src/shared/lateProgress';
import type { LateProgressShell } from '../../../src/shared/lateProgress';
import { FakeTimers, settle } from '../support/fakeTimers';

interface Shown {
  readonly quiet: string[];
  /** The steps the quiet sign showed. */
  readonly quietSteps: string[];
  readonly notified: { title: string; until: Promise<void>; cancel: (() => void) | undefined; steps: string[] }[];
}

function shellOn(timers: FakeTimers): { shell: LateProgressShell; shown: Shown } {
  const shown: Shown = { quiet: [], quietSteps: [], notified: [] };
  const shell: LateProgressShell = {
    quiet: (title, work, follow) => {
      shown.quiet.push(title);
      follow((step) => shown.quietSteps.push(step));
      return work;
    },
    notify: (title, until, cancel, follow) => {
      const steps: string[] = [];
      shown.notified.push({ title, until, cancel, steps });
      follow((step) => steps.push(step));
    },
    setTimer: (callback, ms) => timers.set(callback, ms),
    clearTimer: (handle) => timers.clear(handle),
  };
  return { shell, shown };
}

/** Work that ends when told, or when its signal aborts (as a client's send does). */
function controllable(): {
  work: (signal: AbortSignal) => Promise<string>;
  finish: (value: string) => void;
  signal: () => AbortSignal | undefined;
} {
  let finish: (value: string) => void = () => undefined;
  let given: AbortSignal | undefined;
  const work = (signal: AbortSignal) => {
    given = signal;
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      if (signal.aborted) reject(new Error('stopped'));
      signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
    });
  };
  return { work, finish: (value) => finish(value), signal: () => given };
}

describe('interactive progress (a notification only when slow)', () => {
  it('work done within the delay shows the quiet sign only, and leaves no timer behind', async () => {
    const timers = new FakeTimers();
    const { shell, shown } = shellOn(timers);
    const { work, finish } = controllable();
    const result = withLateProgress(shell, 'Sending getStatus to Sandbox…', work);
    await timers.advance(NOTIFY_AFTER_MS - 1);
    finish('answer');
    assert.equal(await result, 'answer');
    assert.deepEqual(shown.quiet, ['Sending getStatus to Sandbox…']);
    assert.equal(timers.pending.size, 0, 'the notification timer is cleared');
    await timers.advance(10 * NOTIFY_AFTER_MS);
    assert.equal(shown.notified.length, 0);
  });

  it('work still running after the delay gets one notification, open until the work settles', async () => {
    const timers = new FakeTimers();
    const { shell, shown } = shellOn(timers);
    const { work, finish } = controllable();
    const result = withLateProgress(shell, 'Looking up transaction x…', work);
    await timers.advance(NOTIFY_AFTER_MS);
    assert.equal(shown.notified.length, 1);
    assert.equal(shown.notified[0]?.title, 'Looking up transaction x…');
    let closed = false;
    void shown.notified[0]?.until.then(() => (closed = true));
    await settle();
    assert.equal(closed, false, 'open while the work runs');
    finish('late answer');
    assert.equal(await result, 'late answer');
    await settle();
    assert.equal(closed, true, 'closed with the work');
    await timers.advance(10 * NOTIFY_AFTER_MS);
    assert.equal(shown.notified.length, 1, 'never a second one');
  });

  it("the notification's Cancel aborts the work's signal; the failure reaches the caller; the notification closes", async () => {
    const timers = new FakeTimers();
    const { shell, shown } = shellOn(timers);
    const { work, signal } = controllable();
    const result = withLateProgress(shell, 't', work, { notifyAfterMs: 50 });
    await timers.advance(50);
    assert.equal(signal()?.aborted, false);
    shown.notified[0]?.cancel?.();
    assert.equal(signal()?.aborted, true);
    await assert.rejects(result, /stopped/);
    await shown.notified[0]?.until;
  });

  it("the caller's signal aborts the work, also one aborted before the start; a quick failure shows no notification", async () => {
    const timers = new FakeTimers();
    const { shell, shown } = shellOn(timers);
    const caller = new AbortController();
    const first = controllable();
    const result = withLateProgress(shell, 't', first.work, { signal: caller.signal });
    caller.abort();
    assert.equal(first.signal()?.aborted, true);
    await assert.rejects(result, /stopped/);

    const second = controllable();
    await assert.rejects(withLateProgress(shell, 't', second.work, { signal: caller.signal }), /stopped/);
    assert.equal(second.signal()?.aborted, true);
    await timers.advance(10 * NOTIFY_AFTER_MS);
    assert.equal(shown.notified.length, 0);
  });

  it('shows each step the work reports; a notification opened late starts at the latest step', async () => {
    const timers = new FakeTimers();
    const { shell, shown } = shellOn(timers);
    let report: (step: string) => void = () => undefined;
    let finish: () => void = () => undefined;
    const result = withLateProgress(shell, 'Sandbox: new float transaction BTC → ETH', (_signal, given) => {
      report = given;
      given('Checking the addresses…');
      return new Promise<void>((resolve) => (finish = resolve));
    });
    report('Asking for the rate…');
    assert.deepEqual(shown.quietSteps, ['Checking the addresses…', 'Asking for the rate…']);
    await timers.advance(NOTIFY_AFTER_MS);
    report('Creating…');
    assert.deepEqual(shown.notified[0]?.steps, ['Asking for the rate…', 'Creating…']);
    assert.deepEqual(shown.quietSteps, ['Checking the addresses…', 'Asking for the rate…', 'Creating…']);
    finish();
    await result;
  });

  it('work that cannot stop gets a notification without Cancel', async () => {
    const timers = new FakeTimers();
    const { shell, shown } = shellOn(timers);
    const { work, finish } = controllable();
    const result = withLateProgress(shell, "Reading the pair's limits…", work, { cancellable: false });
    await timers.advance(NOTIFY_AFTER_MS);
    assert.equal(shown.notified.length, 1);
    assert.equal(shown.notified[0]?.cancel, undefined);
    finish('limits');
    assert.equal(await result, 'limits');
  });
});
