// Commands that take a transaction, run from the palette with none: they offer the one selected in
// the Transactions view first, then the known ones (watched, looked up, loaded in the view), in a
// quick pick accepted here with VS Code's own command, as Enter would, before any free-text id.
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { PayAndMoveResult } from '../../../src/features/builtInSandbox/payAndMove';
import { answering, eventually } from '../support/extension';
import { sleep } from '../support/lookupHelpers';
import { useTransactionsFixture } from '../support/transactionsFixture';

describe('palette commands that take a transaction: the selected one and the known ones first', function () {
  this.timeout(60_000);
  const f = useTransactionsFixture();

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    f.api.watch.stopAll();
  });

  /** Runs a command with no argument, waits for its pick, and accepts the item `down` below the first, as Enter would. */
  async function runAndAccept<T>(command: string, down = 0): Promise<T | undefined> {
    const choices = f.api.choices;
    choices.lastOffered = undefined;
    const running = vscode.commands.executeCommand<T>(command);
    await eventually(() => choices.lastOffered !== undefined, `the pick of ${command}`);
    // The quick pick opens in the workbench a moment after the extension asks for it.
    await sleep(400);
    for (let i = 0; i < down; i++) await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    return running;
  }

  async function selectInView(id: string): Promise<void> {
    await f.show();
    await f.refresh();
    assert.equal(await f.api.transactions.reveal(id), 'revealed');
    await eventually(
      () => f.tx.view.view.selection.some((node) => node.kind === 'transaction' && node.record.id === id),
      'the transaction selected in the view',
    );
  }

  it('Watch… offers the transaction selected in the view first, then the watched and the loaded ones', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const watched = f.create('exchanging');
    const selected = f.create('waiting');
    await f.api.watch.watch(watched);
    await selectInView(selected);
    assert.equal(await runAndAccept<string>('exchangeTx.watch'), selected, 'Enter watches the selected one');
    const offered = f.api.choices.lastOffered ?? [];
    assert.deepEqual(offered[0], { id: selected, source: 'selected' });
    assert.ok(
      offered.some((c) => c.id === watched && c.source === 'watched'),
      JSON.stringify(offered),
    );
    assert.ok(
      offered.some((c) => c.source === 'view'),
      'the loaded ones',
    );
    assert.equal(new Set(offered.map((c) => c.id)).size, offered.length, 'each once');
    assert.ok(f.api.watch.ids.includes(selected));
  });

  it('Show Transaction Details and Move to Status… take the selected one too; a lookup is offered afterwards', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const selected = f.create('confirming');
    await selectInView(selected);
    await runAndAccept('exchangeTx.showDetails');
    await eventually(
      () => vscode.window.activeTextEditor?.document.getText().includes(`"id": "${selected}"`) === true,
      'the details of the selected one',
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    const moved = await answering({ picks: ['$(warning) On hold (AML/KYC check)'] }, () =>
      runAndAccept<PayAndMoveResult>('exchangeTx.sandbox.moveToStatus'),
    );
    assert.deepEqual(moved, { id: selected, status: 'hold' });

    const looked = f.create('sending');
    await vscode.commands.executeCommand('exchangeTx.getStatus', looked, { silent: true });
    f.tx.list.reset();
    const offered = f.api.choices.known();
    assert.ok(
      offered.some((c) => c.id === looked && c.source === 'recent'),
      JSON.stringify(offered),
    );
  });
});
