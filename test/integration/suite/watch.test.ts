// The status-bar watch in a real extension host, against the extension's own sandbox: what the
// items show through a lifecycle, batching, not found, hostile text and the commands. The items
// are read back from the real StatusBarItem objects, the requests from the sandbox's own log.
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import { HOSTILE_VALUES } from '../../../packages/sandbox/src';
import { shortId } from '../../../src/shared/format';
import { eventually } from '../support/extension';
import { MINUTE, sleep, useWatchFixture } from '../support/watchFixture';
import { findInWorkbench, workbenchPage } from '../support/workbench';

describe('status-bar watch', () => {
  const f = useWatchFixture();

  it('follows a transaction through its lifecycle, stops polling at finished and says so once', async () => {
    const { api, watch, item, requestsFor, create } = f;
    const id = create(['waiting', 'confirming', 'exchanging', 'sending', 'finished']);
    const short = shortId(id);
    assert.equal(await vscode.commands.executeCommand('exchangeTx.watch', id), id);
    assert.deepEqual(watch.ids, [id]);

    const expected: [string, string][] = [
      [`$(clock~spin) ${short} Waiting`, 'Waiting for payment'],
      [`$(sync~spin) ${short} Confirming`, 'Confirming payment'],
      [`$(arrow-swap~spin) ${short} Exchanging`, 'Exchanging'],
      [`$(rocket~spin) ${short} Sending`, 'Sending payout'],
      [`$(pass-filled) ${short} Finished`, 'Finished'],
    ];
    for (const [i, [text, label]] of expected.entries()) {
      if (i > 0) {
        api.sandboxHost.clock.advance(MINUTE);
        await watch.pollNow();
      }
      const shown = item(id);
      assert.equal(shown.text, text);
      assert.equal(shown.backgroundColor, undefined);
      assert.equal(shown.command, 'exchangeTx.watchActions');
      assert.ok(shown.tooltip.includes(`**${label}**`), `the tooltip names the status: ${shown.tooltip}`);
      assert.ok(shown.tooltip.includes(id), 'the tooltip shows the whole id');
      assert.ok(shown.tooltip.includes('](command:exchangeTx.showDetails?'), 'the tooltip links to the details');
    }
    assert.equal(item(id).polling, false);
    assert.deepEqual(
      watch.announcements.filter((a) => a.id === id),
      [{ id, status: 'finished' }],
    );

    // Settled: no more requests for it, however often the watch polls.
    const asked = requestsFor(id).length;
    api.sandboxHost.clock.advance(MINUTE);
    await watch.pollNow();
    await watch.pollNow();
    assert.equal(requestsFor(id).length, asked);
    assert.equal(watch.announcements.filter((a) => a.id === id).length, 1, 'told once');
    // The item stays, showing the outcome, until the user stops watching.
    assert.equal(item(id).text, `$(pass-filled) ${short} Finished`);
    assert.deepEqual(await vscode.commands.executeCommand('exchangeTx.stopWatching', id), [id]);
    assert.deepEqual(watch.ids, []);
  });

  it('shows hold and overdue on the warning background, failed and expired on the error background', async () => {
    const { api, watch, item, create } = f;
    const hold = create(['waiting', 'confirming', 'hold']);
    const failed = create(['waiting', 'confirming', 'failed']);
    const overdue = create(['waiting', 'overdue']);
    const expired = create(['waiting', 'expired'], 'fixed');
    await Promise.all([hold, failed, overdue, expired].map((id) => watch.watch(id)));
    api.sandboxHost.clock.advance(2 * MINUTE);
    await watch.pollNow();

    const cases: [string, string, string, boolean][] = [
      [hold, `$(warning) ${shortId(hold)} On hold`, 'statusBarItem.warningBackground', true],
      [failed, `$(error) ${shortId(failed)} Failed`, 'statusBarItem.errorBackground', false],
      [overdue, `$(watch) ${shortId(overdue)} Overdue`, 'statusBarItem.warningBackground', false],
      [expired, `$(history) ${shortId(expired)} Expired`, 'statusBarItem.errorBackground', false],
    ];
    for (const [id, text, background, polling] of cases) {
      const shown = item(id);
      assert.equal(shown.text, text);
      assert.equal(shown.backgroundColor, background, text);
      assert.equal(shown.polling, polling, `${text} polling`);
    }
    // Nothing was paid out of an unpaid one (`amountTo` "0"): its tooltip claims no payout, as the view's does not.
    const unpaid = f.sandbox.ledger.record(overdue, api.sandboxHost.clock.now());
    assert.equal(unpaid?.amountTo, '0');
    assert.ok(!((unpaid?.moneySent ?? 0) > 0), 'no money sent');
    assert.doesNotMatch(item(overdue).tooltip, /(^|\n)Payout: /m, item(overdue).tooltip);
    assert.ok(item(overdue).tooltip.includes('Expected payout (not paid out): '), item(overdue).tooltip);
    const told = watch.announcements
      .filter((a) => [hold, failed, overdue, expired].includes(a.id))
      .map((a) => a.status);
    assert.deepEqual(told.sort(), ['expired', 'failed', 'overdue'], 'hold is not final: no notification for it');
  });

  it('asks with one getTransactions per 10 watched ids per poll', async () => {
    const { sandbox, watch, create } = f;
    const ids = Array.from({ length: 23 }, () => create(['waiting']));
    await Promise.all(ids.map((id) => watch.watch(id)));
    assert.equal(watch.ids.length, 23);
    const mine = () =>
      sandbox.requests.filter(
        (r) =>
          r.method === 'getTransactions' &&
          Array.isArray((r.params as { id?: unknown }).id) &&
          ids.includes((r.params as { id: string[] }).id[0] ?? ''),
      );
    const before = mine().length;
    await watch.pollNow();
    const poll = mine().slice(before);
    assert.equal(poll.length, 3, 'three requests for 23 ids');
    const asked = poll.flatMap((r) => (r.params as { id: string[] }).id);
    assert.ok(poll.every((r) => (r.params as { id: string[] }).id.length <= 10));
    assert.deepEqual([...asked].sort(), [...ids].sort(), 'each id once');
    assert.ok(watch.items().every((i) => i.text.endsWith('Waiting')));
  });

  it('shows an unknown id as not found and stops asking for it', async () => {
    const { watch, item, requestsFor } = f;
    const id = 'nosuchtx0000zz';
    await vscode.commands.executeCommand('exchangeTx.watch', { id });
    const shown = item(id);
    assert.equal(shown.text, `$(question) ${shortId(id)} Not found`);
    assert.equal(shown.polling, false);
    const asked = requestsFor(id).length;
    assert.ok(asked >= 1);
    await watch.pollNow();
    assert.equal(requestsFor(id).length, asked);
  });

  it('shows hostile service text inert in the tooltip', async () => {
    const { sandbox, watch, item, create } = f;
    sandbox.setFaults({ hostile: 1 });
    const id = create(['waiting']);
    await watch.watch(id);
    const { tooltip } = item(id);
    assert.ok(tooltip.includes('Pay in to'), tooltip);
    for (const raw of [
      '<img',
      '<script',
      '](command:workbench',
      'command:workbench',
      'javascript:',
      '\u202e',
      '\u0000',
    ]) {
      assert.ok(!tooltip.includes(raw), `the tooltip carries ${JSON.stringify(raw)}`);
    }
    assert.ok(!tooltip.includes(HOSTILE_VALUES.long.slice(0, 200)), 'long values are cut');
    assert.equal(tooltip.match(/\]\(command:/g)?.length, 3, 'only our own three links');
  });

  it('commands: watch takes an object, refuses a non-id, stop without an argument stops the only one', async () => {
    const { watch, create } = f;
    const id = create(['waiting']);
    assert.equal(await vscode.commands.executeCommand('exchangeTx.watch', { id, status: 'waiting' }), id);
    assert.equal(await vscode.commands.executeCommand('exchangeTx.watch', 'not an id'), undefined);
    assert.deepEqual(watch.ids, [id]);
    assert.deepEqual(await vscode.commands.executeCommand('exchangeTx.stopWatching'), [id]);
    assert.deepEqual(watch.ids, []);
  });

  it('the item click menu offers Stop Watching', async () => {
    const { watch, create } = f;
    const id = create(['waiting']);
    await watch.watch(id);
    const menu = vscode.commands.executeCommand('exchangeTx.watchActions', id);
    if (workbenchPage()) {
      // The quick pick has no API event: the page says when its rows are there.
      await eventually(
        async () =>
          (await findInWorkbench('.quick-input-widget .monaco-list-row')).texts.some((t) =>
            t.includes('Stop Watching'),
          ),
        'the menu open',
      );
    } else {
      await sleep(500);
    }
    for (let i = 0; i < 3; i++) await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await menu;
    assert.deepEqual(watch.ids, []);
  });

  it('Watch without an id offers the one under the cursor in the editor first: Enter watches it', async () => {
    const { watch, create } = f;
    const id = create(['waiting']);
    const document = await vscode.workspace.openTextDocument({
      language: 'plaintext',
      content: `created ${id} for the test\n`,
    });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 10, 0, 10);
    try {
      let settled = false;
      const watching = vscode.commands.executeCommand<string | undefined>('exchangeTx.watch').then((value) => {
        settled = true;
        return value;
      });
      // Accepting the pick as it opened (Enter) watches its first item.
      await eventually(async () => {
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        return settled;
      }, 'the pick accepted');
      assert.equal(await watching, id);
      assert.deepEqual(f.api.choices.lastOffered?.[0], { id, source: 'editor' });
      assert.deepEqual(watch.ids, [id]);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});
