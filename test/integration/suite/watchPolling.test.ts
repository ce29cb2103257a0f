// The status-bar watch's timing in a real extension host, against the extension's own sandbox:
// the interval setting, backoff on a failing service, survival across a reload, environment
// resets and records fetched elsewhere.
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import { shortId } from '../../../src/shared/format';
import { eventually } from '../support/extension';
import { MINUTE, TEST_INTERVAL_SECONDS, setWatchInterval, sleep, useWatchFixture } from '../support/watchFixture';

describe('status-bar watch: polling', () => {
  const f = useWatchFixture();

  it('polls by itself at the interval setting, reacts to a change of it, and stops at a final status', async function () {
    const { api, watch, item, requestsFor, create } = f;
    this.timeout(20_000);
    const id = create(['waiting', 'failed']);
    const watched = Date.now();
    await watch.watch(id);
    const first = requestsFor(id).length;
    // Compared with a time taken before watching, so however slow the machine, it holds.
    assert.ok(
      (watch.backoff.nextPollAt ?? 0) >= watched + TEST_INTERVAL_SECONDS * 1000,
      'the next poll is an interval away',
    );
    await setWatchInterval(2);
    assert.ok(
      (watch.backoff.nextPollAt ?? Infinity) - Date.now() <= 2000,
      'the new interval applies to the pending timer',
    );
    await eventually(() => requestsFor(id).length > first, 'a poll on the 2 s timer');
    api.sandboxHost.clock.advance(MINUTE);
    await eventually(() => !item(id).polling, 'the timer poll that sees failed');
    const asked = requestsFor(id).length;
    assert.equal(watch.backoff.nextPollAt, undefined, 'no timer once nothing is left to poll');
    await sleep(2500);
    assert.equal(requestsFor(id).length, asked, 'a failed transaction is not asked again');
    assert.equal(item(id).text, `$(error) ${shortId(id)} Failed`);
  });

  it('survives a reload: restores the ids from the workspace state and polls on a timer, not at once', async () => {
    const { api, watch, item, requestsFor, create } = f;
    const moving = create(['waiting', 'confirming', 'exchanging']);
    const settled = create(['waiting', 'finished']);
    api.sandboxHost.clock.advance(MINUTE);
    await watch.watch(settled);
    await watch.watch(moving);
    assert.equal(watch.announcements.filter((a) => a.id === settled).length, 1);
    api.sandboxHost.clock.advance(MINUTE);

    const asked = requestsFor(moving).length;
    api.store.clear(); // a reloaded window starts with an empty cache
    watch.reload();
    assert.deepEqual(watch.ids, [settled, moving]);
    assert.equal(item(moving).text, `$(eye) ${shortId(moving)}`, 'shown at once, before any request');
    assert.ok(watch.backoff.nextPollAt !== undefined, 'the first poll is on a timer');
    await sleep(200);
    assert.equal(requestsFor(moving).length, asked, 'no request during the restore');
    await eventually(() => item(moving).text.endsWith('Exchanging'), 'the first poll after the reload, on its timer');
    assert.equal(item(settled).text, `$(pass-filled) ${shortId(settled)} Finished`);
    assert.equal(
      watch.announcements.filter((a) => a.id === settled).length,
      1,
      'a final status is not announced again after a reload',
    );

    // Stopping is saved too.
    watch.stop(settled);
    watch.reload();
    assert.deepEqual(watch.ids, [moving]);
  });

  it('backs off on a failing service, shows the error in the item, and recovers', async () => {
    const { api, sandbox, watch, item, create } = f;
    const id = create(['waiting', 'confirming']);
    await watch.watch(id);
    assert.equal(watch.backoff.failures, 0);
    sandbox.setFaults({ rates: { http500: 1 } });
    await watch.pollNow();
    let shown = item(id);
    assert.equal(
      shown.text,
      `$(warning) ${shortId(id)} Waiting`,
      'the last known status stays in the bar, with a warning icon',
    );
    assert.ok(shown.tooltip.includes('Could not update'), shown.tooltip);
    assert.ok(shown.tooltip.includes('HTTP 500'), shown.tooltip);
    assert.ok(shown.tooltip.includes('Waiting for payment'), 'the last known status stays in the tooltip');
    assert.deepEqual([watch.backoff.failures, watch.backoff.delayMs], [1, 2 * TEST_INTERVAL_SECONDS * 1000]);
    await watch.pollNow();
    assert.deepEqual([watch.backoff.failures, watch.backoff.delayMs], [2, 4 * TEST_INTERVAL_SECONDS * 1000]);
    await watch.pollNow();
    assert.deepEqual([watch.backoff.failures, watch.backoff.delayMs], [3, 5 * MINUTE], 'capped');
    assert.ok(watch.backoff.nextPollAt !== undefined && watch.backoff.nextPollAt - Date.now() > 4 * MINUTE);
    assert.equal(watch.announcements.filter((a) => a.id === id).length, 0);

    sandbox.setFaults({});
    api.sandboxHost.clock.advance(MINUTE);
    await watch.pollNow();
    shown = item(id);
    assert.equal(shown.text, `$(sync~spin) ${shortId(id)} Confirming`);
    assert.ok(!shown.tooltip.includes('Could not update'));
    assert.deepEqual([watch.backoff.failures, watch.backoff.delayMs], [0, TEST_INTERVAL_SECONDS * 1000]);
  });

  it('updates at once from records fetched elsewhere, and fetches again after an environment reset', async () => {
    const { api, watch, item, requestsFor, create } = f;
    const id = create(['waiting', 'confirming', 'exchanging']);
    await watch.watch(id);
    api.sandboxHost.clock.advance(MINUTE);
    await api.store.lookup(id, { maxAgeMs: 0 }); // as the hover or the lookup command does
    assert.equal(item(id).text, `$(sync~spin) ${shortId(id)} Confirming`);

    api.sandboxHost.clock.advance(MINUTE);
    const asked = requestsFor(id).length;
    // A new request timeout is a new connection: the environment resets and the store is cleared.
    const resets: unknown[] = [];
    const listening = api.environment.onDidReset((state) => resets.push(state));
    try {
      await vscode.workspace
        .getConfiguration('exchangeTx')
        .update('requestTimeoutSeconds', 16, vscode.ConfigurationTarget.Global);
      await eventually(() => resets.length > 0, 'the environment reset');
      await eventually(() => item(id).text.endsWith('Exchanging'), 'the fetch after the reset');
    } finally {
      listening.dispose();
      await vscode.workspace
        .getConfiguration('exchangeTx')
        .update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.ok(requestsFor(id).length > asked);
  });
});
