import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import { eventually, extensionApi, resetEnvironment } from '../support/extension';
import { useBuiltInSandbox } from '../support/lookupHelpers';

describe('driving the built-in sandbox: faults and reset', function () {
  this.timeout(30_000);
  let api: ExchangeTxApi;

  before(async () => {
    api = await extensionApi();
    await resetEnvironment(api);
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('exchangeTx.sandbox.clearFaults');
    await vscode.workspace.getConfiguration('exchangeTx').update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
  });
  after(() => resetEnvironment(api));

  const tooltip = (): string => {
    const value = api.environmentItem.tooltip;
    return typeof value === 'string' ? value : (value?.value ?? '');
  };

  it('turns faults on from the command, shows them in the status item, and clears them in one step', async () => {
    const sandbox = await useBuiltInSandbox(api);
    const id = sandbox.ledger.visible()[0]?.id ?? '';
    const words = await vscode.commands.executeCommand<string[]>('exchangeTx.sandbox.faults', ['internal', 'latency']);
    assert.deepEqual(words, ['latency 800 ms (+ up to 400 ms)', '20% -32603']);
    assert.equal(sandbox.faults.rates?.internalError, 0.2);
    assert.match(tooltip(), /Sandbox faults: latency 800 ms \(\+ up to 400 ms\), 20% -32603\. "Sandbox: Clear Faults" turns them off\./);
    assert.match(api.environmentItem.text, /\$\(debug-disconnect\)/);

    await vscode.commands.executeCommand('exchangeTx.sandbox.faults', ['down']);
    await vscode.workspace.getConfiguration('exchangeTx').update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global);
    await api.environment.refresh();
    sandbox.clearRequests();
    const failed = await vscode.commands.executeCommand<{ error?: string }>('exchangeTx.getStatus', id, { silent: true });
    assert.equal(failed.error, 'timeout', 'the service is down');

    assert.deepEqual(await vscode.commands.executeCommand('exchangeTx.sandbox.clearFaults'), []);
    assert.doesNotMatch(tooltip(), /Sandbox faults/);
    const answered = await vscode.commands.executeCommand<{ status?: string }>('exchangeTx.getStatus', id, { silent: true });
    assert.equal(answered.status, sandbox.ledger.statusOf(id));
  });

  it('ignores presets it does not know from another caller', async () => {
    await useBuiltInSandbox(api);
    assert.deepEqual(await vscode.commands.executeCommand('exchangeTx.sandbox.faults', ['rm -rf', { hang: 1 }]), []);
    assert.deepEqual(api.environment.sandbox?.faults.rates ?? {}, {});
  });

  it('resets the sandbox: a new one (new key, no faults) on next use, and the records of the old one dropped', async () => {
    const old = await useBuiltInSandbox(api);
    const id = old.ledger.visible()[0]?.id ?? '';
    await api.store.lookup(id);
    assert.ok(api.store.peek(id));
    await vscode.commands.executeCommand('exchangeTx.sandbox.faults', ['internal']);
    assert.equal(await vscode.commands.executeCommand('exchangeTx.sandbox.reset'), true);
    assert.equal(api.store.peek(id), undefined, 'records of the old sandbox are dropped');
    const fresh = await api.environment.ensureSandbox();
    assert.notEqual(fresh, old);
    assert.deepEqual(fresh.faults.rates ?? {}, {});
    const client = await api.environment.client();
    assert.equal(client.url, `${fresh.url}/v2`);
    await eventually(() => !/Sandbox faults/.test(tooltip()), 'the tooltip without faults');
  });
});
