import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import { eventually, extensionApi, resetEnvironment, resetSandbox } from '../support/extension';
import { useBuiltInSandbox } from '../support/lookupHelpers';
import { findInWorkbench, workbenchPage } from '../support/workbench';

describe('driving the built-in sandbox: faults and reset', function () {
  this.timeout(30_000);
  let api: ExchangeTxApi;

  before(async () => {
    api = await extensionApi();
    await resetEnvironment(api);
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('exchangeTx.sandbox.clearFaults');
    await vscode.workspace
      .getConfiguration('exchangeTx')
      .update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
  });
  after(() => resetEnvironment(api));

  const tooltip = (): string => {
    const value = api.environmentItem.tooltip;
    return typeof value === 'string' ? value : (value?.value ?? '');
  };

  it('turns faults on from the command, shows them in the status item, and clears them in one step', async () => {
    const sandbox = await useBuiltInSandbox(api);
    const id = sandbox.ledger.visible()[0]?.id ?? '';
    sandbox.clearRequests();
    const words = await vscode.commands.executeCommand<string[]>('exchangeTx.sandbox.faults', ['internal', 'latency']);
    assert.deepEqual(words, ['latency 800 ms (+ up to 400 ms)', '20% -32603']);
    assert.deepEqual(
      // The Transactions view may refresh meanwhile (/v2); of the control endpoint, only this call.
      sandbox.requests.filter((r) => r.path === '/sandbox/control').map((r) => [r.path, r.method, r.outcome]),
      [['/sandbox/control', 'setFaults', 'ok']],
      'set through the signed control endpoint',
    );
    assert.equal(sandbox.faults.rates?.internalError, 0.2);
    assert.match(
      tooltip(),
      /Sandbox faults: latency 800 ms \(\+ up to 400 ms\), 20% -32603\. "Sandbox: Stop Fault Injection" turns them off\./,
    );
    assert.match(api.environmentItem.text, /\$\(debug-disconnect\)/);
    // The Transactions view says so too: its failures and gaps are the faults'.
    await eventually(
      () =>
        (api.transactions.view.view.message ?? '').startsWith(
          'Sandbox faults on: latency 800 ms (+ up to 400 ms), 20% -32603.',
        ),
      'the view message naming the faults',
    );
    await vscode.commands.executeCommand('exchangeTx.sandbox.faults', ['errors5xx']);
    await eventually(
      () => (api.transactions.view.view.message ?? '').startsWith('Sandbox faults on: 20% HTTP 5xx.'),
      'the view message naming the 5xx faults',
    );

    await vscode.commands.executeCommand('exchangeTx.sandbox.faults', ['down']);
    await vscode.workspace
      .getConfiguration('exchangeTx')
      .update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global);
    await api.environment.refresh();
    sandbox.clearRequests();
    const failed = await vscode.commands.executeCommand<{ error?: string }>('exchangeTx.getStatus', id, {
      silent: true,
    });
    assert.equal(failed.error, 'timeout', 'the service is down');

    assert.deepEqual(await vscode.commands.executeCommand('exchangeTx.sandbox.clearFaults'), []);
    assert.doesNotMatch(tooltip(), /Sandbox faults/);
    await eventually(
      () => !(api.transactions.view.view.message ?? '').includes('Sandbox faults'),
      'the view message without faults',
    );
    const answered = await vscode.commands.executeCommand<{ status?: string }>('exchangeTx.getStatus', id, {
      silent: true,
    });
    assert.equal(answered.status, sandbox.ledger.statusOf(id));
  });

  it('says what Stop Fault Injection did: cleared the faults that were on, or that none were', async () => {
    const sandbox = await useBuiltInSandbox(api);
    const commands = api.sandbox;
    await vscode.commands.executeCommand('exchangeTx.sandbox.faults', ['internal']);
    assert.deepEqual(await vscode.commands.executeCommand('exchangeTx.sandbox.clearFaults'), []);
    assert.equal(commands.lastNotice, 'Sandbox faults cleared.');
    assert.deepEqual(sandbox.faults.rates ?? {}, {});
    assert.deepEqual(await vscode.commands.executeCommand('exchangeTx.sandbox.clearFaults'), []);
    assert.equal(commands.lastNotice, 'No sandbox faults were on.');
  });

  it('ignores presets it does not know from another caller', async () => {
    await useBuiltInSandbox(api);
    assert.deepEqual(await vscode.commands.executeCommand('exchangeTx.sandbox.faults', ['rm -rf', { hang: 1 }]), []);
    assert.deepEqual(api.sandboxHost.sandbox?.faults.rates ?? {}, {});
  });

  it('resets the sandbox through its control endpoint: a new ledger, no faults, the records of the old one dropped', async () => {
    const sandbox = await useBuiltInSandbox(api);
    const created = await vscode.commands.executeCommand<{ id?: string }>('exchangeTx.sandbox.newTransaction', {
      from: 'btc',
      to: 'eth',
      amount: '0.01',
      address: '0x0123456789abcdef0123456789abcdef01234567',
    });
    const id = created.id ?? '';
    await api.store.lookup(id);
    assert.ok(api.store.peek(id));
    await vscode.commands.executeCommand('exchangeTx.sandbox.faults', ['internal']);
    // The creation's snapshot is kept in the background; it is not part of what Reset sends.
    await api.sandboxHost.saveNow();
    sandbox.clearRequests();
    assert.equal(await resetSandbox(api), true);
    assert.deepEqual(
      sandbox.requests.map((r) => [r.path, r.method, r.outcome]),
      [
        ['/sandbox/control', 'reset', 'ok'],
        ['/sandbox/control', 'clearFaults', 'ok'],
      ],
      'signed control requests',
    );
    assert.equal(api.store.peek(id), undefined, 'records of the old ledger are dropped');
    assert.equal(sandbox.ledger.get(id), undefined, 'the created transaction is gone');
    assert.deepEqual(sandbox.faults.rates ?? {}, {});
    assert.equal(api.sandboxHost.sandbox, sandbox, 'the same sandbox (same address and key) goes on');
    await eventually(() => !/Sandbox faults/.test(tooltip()), 'the tooltip without faults');
  });

  it('"Sandbox: Faults" typed in the Command Palette finds the Faults… pick first and never the clearing command', async function () {
    if (!workbenchPage()) this.skip();
    const rows = '.quick-input-widget .quick-input-list .monaco-list-row';
    try {
      await vscode.commands.executeCommand('workbench.action.quickOpen', '>Sandbox: Faults');
      await eventually(
        async () => (await findInWorkbench(rows, 'aria-label')).count > 0,
        'the palette with its matches',
      );
      const labels = (await findInWorkbench(rows, 'aria-label')).attributes.map((label) => label ?? '');
      assert.match(labels[0] ?? '', /^Exchange Tx: Sandbox: Faults…/, labels.join(' | '));
      assert.ok(!labels.some((label) => /Stop Fault Injection|Clear All Faults/.test(label)), labels.join(' | '));
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    }
  });

  it("Reset keeps the user's own transactions when asked, in the ledger and in the kept snapshot; Reset Everything drops them", async () => {
    const sandbox = await useBuiltInSandbox(api);
    const commands = api.sandbox;
    const created = await vscode.commands.executeCommand<{ id?: string }>('exchangeTx.sandbox.newTransaction', {
      from: 'btc',
      to: 'eth',
      amount: '0.01',
      address: '0x0123456789abcdef0123456789abcdef01234567',
    });
    const id = created.id ?? '';
    const moved = sandbox.ledger.visible().find((tx) => !sandbox.ledger.isOwn(tx))?.id ?? '';
    await (await api.sandboxHost.start()).control.move(moved, 'hold');
    await api.sandboxHost.saveNow();

    assert.equal(await resetSandbox(api, true), true);
    assert.equal(commands.lastNotice, 'Sandbox reset: a new ledger; your own transactions kept: 1.');
    assert.equal(sandbox.ledger.statusOf(id), 'waiting', 'the own transaction is kept as it was');
    assert.deepEqual(
      sandbox.ledger.ownTransactions().map((tx) => tx.id),
      [id],
      'only the own one is kept, not the moved seeded one',
    );
    const kept = api.testHooks?.globalState.get<{ transactions: { id: string }[] }>('exchangeTx.sandbox.ledger');
    assert.deepEqual(
      kept?.transactions.map((t) => t.id),
      [id],
      'the kept snapshot holds it for the next start',
    );

    assert.equal(await resetSandbox(api), true);
    assert.equal(commands.lastNotice, 'Sandbox reset: a new ledger.');
    assert.equal(sandbox.ledger.get(id), undefined, 'Reset Everything drops it');
    assert.equal(api.testHooks?.globalState.get('exchangeTx.sandbox.ledger'), undefined);
    api.watch.stopAll();
  });
});
