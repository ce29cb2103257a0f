/**
 * Clients written only from the service's public documentation (test/unit/sandbox/docsClients:
 * the documented sign-and-call in Node, with fetch and crypto, and in Python, with PyCryptodome
 * and requests, the libraries the documentation's sample names; our own text, as the published
 * one may not be copied here), run unchanged but for the URL against the sandbox, for every
 * method it serves. Nothing of this project signs or sends these requests.
 */
import { strict as assert } from 'assert';
import * as path from 'path';
import type { Sandbox } from '../../../src/sandbox';
import { METHODS } from '../../../src/sandbox';
import { childEnv, quietly, runProcess } from '../requests/processes';
import { testKeys, testSandbox } from './helpers';

const CLIENTS = path.resolve(__dirname, '../../../../test/unit/sandbox/docsClients');
const ETH = '0x0123456789abcdef0123456789abcdef01234567';
const BTC = 'bc1qexampleexampleexampleexampleexampleace';

interface Client {
  readonly command: string;
  readonly script: string;
}

/** A python3 with PyCryptodome (as Crypto, or Debian's Cryptodome) and requests, or why there is none. */
function pythonClient(): Client | { readonly reason: string } {
  for (const python of ['python3', '/usr/bin/python3']) {
    const check = quietly(python, ['-c', 'import requests\ntry:\n import Crypto.Signature\nexcept ImportError:\n import Cryptodome.Signature']);
    if (check.ok) return { command: python, script: path.join(CLIENTS, 'client.py') };
  }
  return { reason: 'no python3 with PyCryptodome and requests (Debian: python3-pycryptodome python3-requests)' };
}

interface Answer {
  readonly status: number;
  readonly body: { readonly jsonrpc?: unknown; readonly id?: unknown; readonly result?: unknown; readonly error?: unknown };
}

describe('clients written from the service documentation, against the sandbox', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;

  before(async () => {
    sandbox = await testSandbox();
  });
  after(() => sandbox.stop());

  const call = async (client: Client, method: string, params?: unknown): Promise<Answer> => {
    const args = [client.script, method, ...(params === undefined ? [] : [JSON.stringify(params)])];
    const run = await runProcess(client.command, args, { cwd: CLIENTS, env: childEnv({ DOCS_URL: sandbox.url, DOCS_PRIVATE_KEY: testKeys().aHex }) });
    assert.equal(run.code, 0, `${method}: ${run.stderr}`);
    const printed = JSON.parse(run.stdout) as { status: number; body: string };
    return { status: printed.status, body: JSON.parse(printed.body) as Answer['body'] };
  };

  /** Every served method once, in an order where each one's inputs come from earlier answers. */
  const everyMethod = async (client: Client): Promise<string[]> => {
    const called: string[] = [];
    const ok = async (method: string, params?: unknown): Promise<unknown> => {
      const answer = await call(client, method, params);
      assert.equal(answer.status, 200, method);
      assert.equal(answer.body.jsonrpc, '2.0', method);
      assert.equal(answer.body.id, 'test', method);
      assert.equal(answer.body.error, undefined, `${method}: ${JSON.stringify(answer.body.error)}`);
      assert.notEqual(answer.body.result, undefined, method);
      called.push(method);
      return answer.body.result;
    };
    const tickers = (await ok('getCurrencies')) as string[];
    assert.ok(tickers.includes('btc') && tickers.includes('eth'));
    await ok('getCurrenciesFull');
    await ok('getPairs', { from: 'btc', to: 'eth', txType: 'fixed' });
    await ok('getPairsParams', [{ from: 'btc', to: 'eth' }]);
    await ok('getMinAmount', { from: 'btc', to: 'eth' });
    await ok('getExchangeAmount', { from: 'btc', to: 'eth', amountFrom: '0.1' });
    await ok('getFixRate', { from: 'btc', to: 'eth' });
    const [quote] = (await ok('getFixRateForAmount', { from: 'btc', to: 'eth', amountFrom: '0.1' })) as { id: string }[];
    await ok('validateAddress', { currency: 'eth', address: ETH });
    const { subaccountId } = (await ok('createSubaccount', { email: 'docs@example.com' })) as { subaccountId: string };
    const float = (await ok('createTransaction', { from: 'btc', to: 'eth', amountFrom: '0.1', address: ETH, subaccountId })) as { id: string };
    await ok('createFixTransaction', { from: 'btc', to: 'eth', rateId: quote?.id, amountFrom: '0.1', address: ETH, refundAddress: BTC });
    assert.equal(await ok('getStatus', { id: float.id }), 'waiting');
    const records = (await ok('getTransactions', { id: float.id, limit: 1 })) as { id: string }[];
    assert.equal(records[0]?.id, float.id);
    return called;
  };

  it('the Node client (fetch, crypto; no params where there are none) calls every method', async () => {
    const called = await everyMethod({ command: process.execPath, script: path.join(CLIENTS, 'client.js') });
    assert.deepEqual([...new Set(called)].sort(), [...METHODS].sort(), 'every method the sandbox serves');
  });

  it('the Python client (PyCryptodome, requests; {} as params) calls every method', async function () {
    const client = pythonClient();
    if ('reason' in client) {
      console.log(`      skipped: ${client.reason}`);
      this.skip();
    }
    const called = await everyMethod(client);
    assert.deepEqual([...new Set(called)].sort(), [...METHODS].sort(), 'every method the sandbox serves');
  });
});
