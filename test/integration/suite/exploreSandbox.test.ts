// Explore the Sandbox, as a user runs it from the status bar: with the living sandbox's traffic on
// (as it is by default), its message names a transaction that is moving right now, and offers to
// look it up. The message is read where the user reads it, in the notifications center of the
// server host's page (the electron host has no page to look at: skipped there).
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import { eventually, extensionApi, resetEnvironment, resetSandbox } from '../support/extension';
import { findInWorkbench, workbenchPage } from '../support/workbench';

const MOVING = ['waiting', 'confirming', 'exchanging', 'sending'];
const item = '.notifications-center .notification-list-item';

describe('Explore the Sandbox', function () {
  this.timeout(120_000);
  let api: ExchangeTxApi;

  before(async function () {
    if (!workbenchPage()) this.skip();
    api = await extensionApi();
    await resetEnvironment(api);
    await vscode.workspace
      .getConfiguration('exchangeTx.sandbox')
      .update('trafficPerHour', 60, vscode.ConfigurationTarget.Global);
    // A new sandbox with the traffic on from its start, as a user's is.
    await api.environment.restartSandbox();
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  after(async () => {
    if (!api) return;
    await vscode.commands.executeCommand('notifications.hideList');
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.workspace
      .getConfiguration('exchangeTx.sandbox')
      .update('trafficPerHour', 0, vscode.ConfigurationTarget.Global);
    await resetSandbox(api);
    await resetEnvironment(api);
  });

  it('names a transaction that is moving right now, and offers to look it up', async () => {
    await vscode.commands.executeCommand('exchangeTx.exploreSandbox');
    const sandbox = (await api.sandboxHost.start()).sandbox;
    assert.equal(sandbox.traffic, 60, 'the traffic setting reached the sandbox');
    await vscode.commands.executeCommand('notifications.showList');
    const said = async () => (await findInWorkbench(item)).texts.find((t) => t.includes('sample transactions'));
    await eventually(async () => (await said()) !== undefined, 'the message in the notifications center');
    const text = (await said()) ?? '';
    const id = /moving right now: ([A-Za-z0-9]+)/.exec(text)?.[1];
    assert.ok(id, `a transaction named: ${text}`);
    assert.ok(
      MOVING.includes(sandbox.ledger.statusOf(id) ?? ''),
      `${id} is ${sandbox.ledger.statusOf(id)}, not moving`,
    );
    assert.match(text, /running with \d+ sample transactions/);
    assert.ok(text.includes('Get Transaction Status'), `the lookup offered: ${text}`);
  });
});
