// A method disabled on purpose is answered like one the sandbox does not serve: JSON-RPC -32601
// `Method not found` with HTTP 200 and the request's id, over real HTTP with real signatures;
// the other methods go on, and the set can change while the sandbox runs.
import { strict as assert } from 'assert';
import type { Sandbox } from '../src';
import { CliError, parseCli } from '../src/cliArgs';
import { rpc, testSandbox } from './helpers';

describe('sandbox: disabled methods', () => {
  let sandbox: Sandbox;
  afterEach(() => sandbox.stop());

  it('answers a disabled method with -32601 Method not found, the others as usual, and logs it', async () => {
    sandbox = await testSandbox({ ledgerSize: 0, disabledMethods: ['getPairsParams'] });
    assert.deepEqual(sandbox.disabledMethods, ['getPairsParams']);
    const refused = await rpc(sandbox, 'getPairsParams', [{ from: 'btc', to: 'eth' }], undefined, 'pp-1');
    assert.deepEqual(refused, { jsonrpc: '2.0', id: 'pp-1', error: { code: -32601, message: 'Method not found' } });
    const estimate = await rpc(sandbox, 'getExchangeAmount', { from: 'btc', to: 'eth', amountFrom: '1' });
    assert.equal(estimate.error, undefined);
    assert.equal((estimate.result as { minFrom: string }[])[0]?.minFrom, '0.000609');
    assert.deepEqual(
      sandbox.requests.map((r) => [r.method, r.outcome, r.errorCode]),
      [
        ['getPairsParams', 'error', -32601],
        ['getExchangeAmount', 'ok', undefined],
      ],
    );
  });

  it('changes the set while running, and refuses a name it does not serve', async () => {
    sandbox = await testSandbox({ ledgerSize: 0 });
    assert.deepEqual(sandbox.disabledMethods, []);
    const pair = [{ from: 'btc', to: 'eth' }];
    assert.equal((await rpc(sandbox, 'getPairsParams', pair)).error, undefined);
    sandbox.setDisabledMethods(['getPairsParams', 'getFixRateForAmount']);
    assert.equal((await rpc(sandbox, 'getPairsParams', pair)).error?.code, -32601);
    assert.equal(
      (await rpc(sandbox, 'getFixRateForAmount', { from: 'btc', to: 'eth', amountFrom: '1' })).error?.code,
      -32601,
    );
    assert.equal(
      (await rpc(sandbox, 'getExchangeAmount', { from: 'btc', to: 'eth', amountFrom: '1' })).error,
      undefined,
    );
    assert.throws(() => sandbox.setDisabledMethods(['getPairParams']), /not a method of the sandbox: getPairParams/);
    assert.deepEqual(
      sandbox.disabledMethods,
      ['getPairsParams', 'getFixRateForAmount'],
      'a refused set changes nothing',
    );
    sandbox.setDisabledMethods([]);
    assert.equal((await rpc(sandbox, 'getPairsParams', pair)).error, undefined);
  });

  it('is the --disable-method flag of the CLI (repeatable, checked against the methods served)', () => {
    assert.deepEqual(parseCli([]).disabledMethods, []);
    assert.deepEqual(
      parseCli(['--disable-method', 'getPairsParams', '--disable-method', 'getStatus']).disabledMethods,
      ['getPairsParams', 'getStatus'],
    );
    assert.throws(() => parseCli(['--disable-method', 'nope']), CliError);
    assert.throws(() => parseCli(['--disable-method']), CliError);
  });
});
