/**
 * Clients written only from the service's public documentation (packages/sandbox/test/docsClients:
 * the documented sign-and-call in Node, with fetch and crypto, and in Python, with PyCryptodome
 * and requests, the libraries the documentation's sample names; our own text, as the published
 * one may not be copied here), run unchanged but for the URL against the sandbox, for every
 * method it serves. Nothing of this project signs or sends these requests.
 */
import { strict as assert } from 'assert';
import type { Sandbox } from '../src';
import { METHODS } from '../src';
import { everyMethod, nodeClient, pythonClient } from './docsClientRuns';
import { testKeys, testSandbox } from './helpers';

describe('clients written from the service documentation, against the sandbox', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;

  before(async () => {
    sandbox = await testSandbox();
  });
  after(() => sandbox.stop());
  beforeEach(() => sandbox.clearRequests());

  /** Asserts the journal holds the calls, in order, each accepted with no diagnosis, from `client`. */
  function assertJournaled(called: readonly string[], client: RegExp): void {
    assert.deepEqual(
      sandbox.requests.map((e) => [e.method, e.outcome, e.diagnosis?.code]),
      called.map((method) => [method, 'ok', undefined]),
    );
    for (const entry of sandbox.requests) assert.match(entry.client ?? '', client);
  }

  it('the Node client (fetch, crypto; no params where there are none) calls every method', async () => {
    const called = await everyMethod(nodeClient(), sandbox.url, testKeys().aHex);
    assert.deepEqual([...new Set(called)].sort(), [...METHODS].sort(), 'every method the sandbox serves');
    assertJournaled(called, /^node$/);
  });

  it('the Python client (PyCryptodome, requests; {} as params) calls every method', async function () {
    const client = pythonClient();
    if ('reason' in client) {
      console.log(`      skipped: ${client.reason}`);
      this.skip();
    }
    const called = await everyMethod(client, sandbox.url, testKeys().aHex);
    assert.deepEqual([...new Set(called)].sort(), [...METHODS].sort(), 'every method the sandbox serves');
    assertJournaled(called, /^python-requests\//);
  });
});
