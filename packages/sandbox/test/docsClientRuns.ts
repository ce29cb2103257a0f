/**
 * Runs the clients written only from the service's public documentation (docsClients/: Node with
 * fetch and crypto, Python with PyCryptodome and requests) against a sandbox at `url` with the
 * private key `keyHex`: every method the sandbox serves once, each one's inputs taken from earlier
 * answers. Shared by docsClients.test.ts (the sandbox of this repository) and sandboxPackage.test.ts
 * (the packed `exchange-tx-sandbox` installed alone).
 */
import { strict as assert } from 'assert';
import * as path from 'path';
import { childEnv, quietly, runProcess } from '../../../test/unit/requests/processes';

export const DOCS_CLIENTS = path.resolve(__dirname, '../../../../packages/sandbox/test/docsClients');
const ETH = '0x0123456789abcdef0123456789abcdef01234567';
const BTC = 'bc1qexampleexampleexampleexampleexampleace';

export interface DocsClient {
  readonly command: string;
  readonly script: string;
}

/** The Node client, run by this Node. */
export function nodeClient(): DocsClient {
  return { command: process.execPath, script: path.join(DOCS_CLIENTS, 'client.js') };
}

/** A python3 with PyCryptodome (as Crypto, or Debian's Cryptodome) and requests, or why there is none. */
export function pythonClient(): DocsClient | { readonly reason: string } {
  for (const python of ['python3', '/usr/bin/python3']) {
    const check = quietly(python, [
      '-c',
      'import requests\ntry:\n import Crypto.Signature\nexcept ImportError:\n import Cryptodome.Signature',
    ]);
    if (check.ok) return { command: python, script: path.join(DOCS_CLIENTS, 'client.py') };
  }
  return { reason: 'no python3 with PyCryptodome and requests (Debian: python3-pycryptodome python3-requests)' };
}

interface Answer {
  readonly status: number;
  readonly body: {
    readonly jsonrpc?: unknown;
    readonly id?: unknown;
    readonly result?: unknown;
    readonly error?: unknown;
  };
}

/** One call of `method` by the client; asserts it ran. */
export async function docsCall(
  client: DocsClient,
  url: string,
  keyHex: string,
  method: string,
  params?: unknown,
): Promise<Answer> {
  const args = [client.script, method, ...(params === undefined ? [] : [JSON.stringify(params)])];
  const run = await runProcess(client.command, args, {
    cwd: DOCS_CLIENTS,
    env: childEnv({ DOCS_URL: url, DOCS_PRIVATE_KEY: keyHex }),
  });
  assert.equal(run.code, 0, `${method}: ${run.stderr}`);
  const printed = JSON.parse(run.stdout) as { status: number; body: string };
  return { status: printed.status, body: JSON.parse(printed.body) as Answer['body'] };
}

/** Every served method once, in an order where each one's inputs come from earlier answers; returns the methods called. */
export async function everyMethod(client: DocsClient, url: string, keyHex: string): Promise<string[]> {
  const called: string[] = [];
  const ok = async (method: string, params?: unknown): Promise<unknown> => {
    const answer = await docsCall(client, url, keyHex, method, params);
    assert.equal(answer.status, 200, method);
    assert.equal(answer.body.jsonrpc, '2.0', method);
    assert.equal(answer.body.id, 'test', method);
    assert.equal(answer.body.error, undefined, `${method}: ${JSON.stringify(answer.body.error)}`);
    assert.notEqual(answer.body.result, undefined, method);
    called.push(method);
    return answer.body.result;
  };
  // Addresses unique per run: the sandbox refuses an address another subaccount has.
  const tag = `${process.pid}-${Date.now()}`;
  const tickers = (await ok('getCurrencies')) as string[];
  assert.ok(tickers.includes('btc') && tickers.includes('eth'));
  await ok('getCurrenciesFull');
  await ok('getPairs', { from: 'btc', to: 'eth', txType: 'fixed' });
  await ok('getPairsParams', [{ from: 'btc', to: 'eth' }]);
  await ok('getMinAmount', { from: 'btc', to: 'eth' });
  await ok('getExchangeAmount', { from: 'btc', to: 'eth', amountFrom: '0.1' });
  await ok('getFixRate', { from: 'btc', to: 'eth' });
  const bulk = (await ok('getFixRateBulk')) as { from: string; to: string }[];
  assert.ok(bulk.some((q) => q.from === 'btc' && q.to === 'eth'));
  const [quote] = (await ok('getFixRateForAmount', { from: 'btc', to: 'eth', amountFrom: '0.1' })) as { id: string }[];
  await ok('validateAddress', { currency: 'eth', address: ETH });
  const { subaccountId } = (await ok('createSubaccount', { email: `docs-${tag}@example.com` })) as {
    subaccountId: string;
  };
  assert.deepEqual(await ok('updateSubaccount', { subaccountId, email: `docs-new-${tag}@example.com` }), {
    subaccountId,
  });
  const float = (await ok('createTransaction', {
    from: 'btc',
    to: 'eth',
    amountFrom: '0.1',
    address: ETH,
    subaccountId,
  })) as { id: string; trackUrl?: unknown };
  assert.equal(typeof float.trackUrl, 'string');
  await ok('createFixTransaction', {
    from: 'btc',
    to: 'eth',
    rateId: quote?.id,
    amountFrom: '0.1',
    address: ETH,
    refundAddress: BTC,
  });
  assert.equal(await ok('getStatus', { id: float.id }), 'waiting');
  const records = (await ok('getTransactions', { id: float.id, limit: 1 })) as { id: string }[];
  assert.equal(records[0]?.id, float.id);
  return called;
}
