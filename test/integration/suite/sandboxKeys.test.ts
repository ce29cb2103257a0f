import { strict as assert } from 'assert';
import type * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import { SandboxHost } from '../../../src/features/builtInSandbox/sandboxHost';
import { MapMemento } from '../../unit/support/mapMemento';
import { generateKeysAsync } from '../../../src/api';
import { SPARE_KEY_SECRET, STABLE_KEY_SECRET } from '../../../src/features/builtInSandbox/sandboxKey';
import { eventually, extensionApi, resetEnvironment } from '../support/extension';
import { useBuiltInSandbox } from '../support/lookupHelpers';

describe("the built-in sandbox's key pairs", function () {
  this.timeout(60_000);
  let api: ExchangeTxApi;

  before(async () => {
    api = await extensionApi();
    await resetEnvironment(api);
  });
  after(async () => {
    await api.testHooks?.secrets.delete(SPARE_KEY_SECRET);
    await resetEnvironment(api);
  });

  const secrets = () => {
    const hooks = api.testHooks;
    assert.ok(hooks, 'the test hooks');
    return hooks.secrets;
  };
  /** The key pair of the sandbox a new start (as after a reload) runs with. */
  const keyOfNewStart = async (): Promise<string> => {
    await api.environment.restartSandbox();
    await useBuiltInSandbox(api);
    return (await api.sandboxHost.start()).keyText;
  };

  /** SecretStorage itself, its reads of the spare pair counted, its change events from `onDidChange`. */
  const countingReads = (real: vscode.SecretStorage, onDidChange: vscode.SecretStorage['onDidChange']) => {
    const counted = {
      reads: 0,
      get: (key: string) => {
        if (key === SPARE_KEY_SECRET) counted.reads++;
        return real.get(key);
      },
      store: (key: string, value: string) => real.store(key, value),
      delete: (key: string) => real.delete(key),
      onDidChange,
    };
    return counted;
  };
  /** A sandbox host of its own (a second window's) over `secrets`. */
  const hostOver = (secrets: vscode.SecretStorage) =>
    new SandboxHost({ secrets, state: new MapMemento(), log: api.log, timeoutMs: () => 10_000 });

  it('starts with the pair made ahead (taken, never used twice) and makes the next one once started', async () => {
    const ahead = (await generateKeysAsync()).privateKeyHex;
    await secrets().store(SPARE_KEY_SECRET, ahead);

    const first = await keyOfNewStart();
    assert.equal(first, ahead, 'the pair made ahead is the one in use');
    // Taken: the next pair is a new one, made a moment after the start (off the first answers' way).
    let next: string | undefined;
    await eventually(
      async () => {
        next = await secrets().get(SPARE_KEY_SECRET);
        return next !== undefined && next !== ahead;
      },
      'a new pair made ahead',
      30_000,
    );

    const second = await keyOfNewStart();
    assert.equal(second, next, 'the next start takes the new pair');
    assert.notEqual(second, first);
    assert.equal(await secrets().get(STABLE_KEY_SECRET), undefined, 'no pair is kept as the stable one');
  });

  it('reads the spare pair ahead, follows its changes, and starts without asking SecretStorage again', async () => {
    const real = secrets();
    const counted = countingReads(real, real.onDidChange);
    await real.delete(SPARE_KEY_SECRET);
    const host = hostOver(counted);
    try {
      host.readKeyAhead();
      assert.equal(counted.reads, 1, 'read at once');
      // Made after the read (by another window): read again when SecretStorage says it changed.
      const made = (await generateKeysAsync()).privateKeyHex;
      await real.store(SPARE_KEY_SECRET, made);
      await eventually(() => counted.reads === 2, 'the spare pair read again once stored', 10_000);
      const running = await host.start();
      assert.equal(running.keyText, made, 'the pair read ahead is the one in use');
      assert.equal(counted.reads, 2, 'no read at the start');
      await eventually(async () => (await real.get(SPARE_KEY_SECRET)) !== made, 'the pair taken', 10_000);
      // Taken: no longer followed (the next window's pair, made a moment later, is not read here).
      const later = counted.reads;
      await real.store(SPARE_KEY_SECRET, (await generateKeysAsync()).privateKeyHex);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(counted.reads, later, 'not read again once taken');
    } finally {
      await host.shutdown();
      await real.delete(SPARE_KEY_SECRET);
    }
  });

  it('reads the spare pair at the start when the read ahead found none', async () => {
    const real = secrets();
    await real.delete(SPARE_KEY_SECRET);
    // A change this window was not told of: the spare pair stored past the counting wrapper's events.
    const counted = countingReads(real, () => ({ dispose: () => undefined }));
    const host = hostOver(counted);
    try {
      host.readKeyAhead();
      const made = (await generateKeysAsync()).privateKeyHex;
      await real.store(SPARE_KEY_SECRET, made);
      const running = await host.start();
      assert.equal(running.keyText, made);
      assert.equal(counted.reads, 2, 'read ahead, then again at the start');
    } finally {
      await host.shutdown();
      await real.delete(SPARE_KEY_SECRET);
    }
  });

  it('starts with a pair of its own when the one made ahead cannot be read', async () => {
    await secrets().store(SPARE_KEY_SECRET, 'not a key');
    const key = await keyOfNewStart();
    assert.notEqual(key, 'not a key');
    assert.match(key, /^[0-9a-f]{64,}$/);
  });
});
