/**
 * Settings a workspace writes with any JSON value, and the sandbox ledger kept across reloads: a
 * non-numeric `exchangeTx.requestTimeoutSeconds` (and a negative watch interval) in the workspace
 * settings give their defaults with one clear line each in the log; requests still work, and the
 * kept ledger is restored by the next sandbox instead of being deleted. A kept ledger that cannot
 * be restored is set aside, not deleted.
 */
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import { eventually, extensionApi, resetEnvironment, resetSandbox } from '../support/extension';
import { useBuiltInSandbox } from '../support/lookupHelpers';

const LEDGER_KEY = 'exchangeTx.sandbox.ledger';
const SET_ASIDE_KEY = 'exchangeTx.sandbox.ledger.setAside';
const TIMEOUT_LINE =
  'warn [settings] exchangeTx.requestTimeoutSeconds: "abc" from the workspace settings is not a number from 1 to 120; using 15';
const INTERVAL_LINE =
  'warn [settings] exchangeTx.watch.intervalSeconds: -5 from the workspace settings is not a number from 2 to 3600; using 10';

interface KeptLedger {
  readonly version: number;
  readonly transactions: readonly { readonly id: string }[];
}

describe('settings from the workspace, checked; the kept sandbox ledger, never deleted', function () {
  this.timeout(60_000);
  let api: ExchangeTxApi;
  const config = () => vscode.workspace.getConfiguration('exchangeTx');
  const state = () => {
    const globalState = api.testHooks?.globalState;
    if (!globalState) throw new Error('the test hooks are missing');
    return globalState;
  };

  before(async () => {
    api = await extensionApi();
    await resetEnvironment(api);
  });
  after(async () => {
    await config().update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Workspace);
    await config().update('watch.intervalSeconds', undefined, vscode.ConfigurationTarget.Workspace);
    await state().update(SET_ASIDE_KEY, undefined);
    await resetSandbox(api);
    await resetEnvironment(api);
  });

  it('a non-numeric request timeout and a negative watch interval in the workspace: the defaults, said in the log; requests work; the kept ledger is restored', async () => {
    await useBuiltInSandbox(api);
    const created = await (await api.sandboxHost.start()).control.create();
    await api.sandboxHost.saveNow();
    assert.ok(
      state()
        .get<KeptLedger>(LEDGER_KEY)
        ?.transactions.some((t) => t.id === created.id),
      'the ledger is kept with the created transaction',
    );

    const linesBefore = api.log.written;
    await config().update('requestTimeoutSeconds', 'abc', vscode.ConfigurationTarget.Workspace);
    await config().update('watch.intervalSeconds', -5, vscode.ConfigurationTarget.Workspace);
    assert.equal(
      config().inspect('requestTimeoutSeconds')?.workspaceValue,
      'abc',
      'the workspace holds the non-numeric value',
    );

    // A reload: the sandbox stops (its ledger kept) and the next one restores it, with the settings as they are now.
    await api.environment.restartSandbox();
    const next = await useBuiltInSandbox(api);
    assert.equal(next.ledger.get(created.id)?.id, created.id, 'the kept ledger was restored into the new sandbox');
    assert.ok(
      state()
        .get<KeptLedger>(LEDGER_KEY)
        ?.transactions.some((t) => t.id === created.id),
      'the kept ledger is still stored',
    );
    assert.equal(state().get(SET_ASIDE_KEY), undefined, 'nothing had to be set aside');

    const found = await api.store.lookup(created.id, { maxAgeMs: 0 });
    assert.equal(found?.id, created.id);
    assert.equal(found?.status, next.ledger.statusOf(created.id));

    await eventually(() => api.log.since(linesBefore).includes(INTERVAL_LINE), 'the log line about the watch interval');
    const lines = api.log.since(linesBefore);
    assert.equal(
      lines.filter((line) => line === TIMEOUT_LINE).length,
      1,
      `one line about the timeout, however often it was read:\n${lines.join('\n')}`,
    );
    assert.equal(lines.filter((line) => line === INTERVAL_LINE).length, 1);
  });

  it('a kept ledger the sandbox cannot restore is set aside with the time and the reason, not deleted; a new ledger starts', async () => {
    const unrestorable = {
      version: 2,
      seed: 7,
      size: 3,
      startedAtMs: 1,
      transactions: [{ id: 'kept1234abcd', note: 'from a newer release' }],
    };
    // The kept ledger is written while the sandbox still runs (nothing left to save, so its stop
    // keeps what is written): whatever starts the next sandbox after the restart (a view's refresh
    // on the reset event, a watch, this test) finds it. Written after the restart, a start between
    // the two would have restored the previous ledger first (seen on VS Code 1.139).
    await api.sandboxHost.saveNow();
    await state().update(LEDGER_KEY, unrestorable);
    const linesBefore = api.log.written;
    await api.environment.restartSandbox();

    const next = await useBuiltInSandbox(api);

    const aside = state().get<{ version: number; items: { setAsideAt: string; reason: string; snapshot: unknown }[] }>(
      SET_ASIDE_KEY,
    );
    assert.equal(aside?.version, 1);
    assert.equal(aside.items.length, 1);
    assert.deepEqual(aside.items[0]?.snapshot, unrestorable, 'the whole kept ledger, as it was stored');
    assert.equal(aside.items[0]?.reason, "The sandbox refused the action: The snapshot's version is not 1.");
    assert.ok(!Number.isNaN(Date.parse(aside.items[0]?.setAsideAt ?? '')), 'when it was set aside');
    assert.notDeepEqual(state().get(LEDGER_KEY), unrestorable, 'the next start does not try it again');
    assert.equal(next.ledger.get('kept1234abcd'), undefined, 'a new ledger');
    assert.ok(
      api.log
        .since(linesBefore)
        .some((line) =>
          line.startsWith(
            "warn [sandbox] the kept sandbox ledger could not be restored (The sandbox refused the action: The snapshot's version is not 1.): it is set aside, not deleted",
          ),
        ),
      api.log.since(linesBefore).join('\n'),
    );
  });
});
