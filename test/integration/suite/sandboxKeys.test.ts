import { strict as assert } from 'assert';
import type { ExchangeTxApi } from '../../../src/extension';
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

  it('starts with a pair of its own when the one made ahead cannot be read', async () => {
    await secrets().store(SPARE_KEY_SECRET, 'not a key');
    const key = await keyOfNewStart();
    assert.notEqual(key, 'not a key');
    assert.match(key, /^[0-9a-f]{64,}$/);
  });
});
