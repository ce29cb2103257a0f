import { strict as assert } from 'assert';
import type { ExchangeTxApi } from '../../../src/extension';
import { STABLE_KEY_SECRET } from '../../../src/features/builtInSandbox/sandboxKeyPair';
import { extensionApi, resetEnvironment } from '../support/extension';
import { useBuiltInSandbox } from '../support/lookupHelpers';

describe("the built-in sandbox's key pairs", function () {
  this.timeout(60_000);
  let api: ExchangeTxApi;

  before(async () => {
    api = await extensionApi();
    await resetEnvironment(api);
  });
  after(async () => {
    await resetEnvironment(api);
  });

  it('keeps its pair while the window runs, and makes a new one after a reload (no stable key)', async () => {
    await useBuiltInSandbox(api);
    const first = (await api.sandboxHost.start()).keyText;
    assert.match(first, /^[0-9a-f]{64,}$/);
    await api.sandboxHost.stop();
    assert.equal((await api.sandboxHost.start()).keyText, first, 'stopped and started again: the same pair');
    await api.environment.restartSandbox();
    await useBuiltInSandbox(api);
    assert.notEqual((await api.sandboxHost.start()).keyText, first, 'after a reload: a new pair');
    assert.equal(await api.testHooks?.secrets.get(STABLE_KEY_SECRET), undefined, 'no pair is kept');
  });
});
