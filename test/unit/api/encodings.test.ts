/**
 * Answers in every content encoding the client asks for (gzip, deflate, brotli), from the real
 * sandbox through a relay that compresses them, read as the same records; a body that is not what
 * its encoding says is an answer that broke off, never a crash or a wrong record.
 */
import { strict as assert } from 'assert';
import { TransportError } from '../../../src/api';
import { JsonRpcTransport } from '../../../src/api/transport';
import { relayTo, startLocalServer } from './localServer';
import type { LocalServer } from './localServer';
import { startHarness, testCredentials } from './support';
import type { Harness } from './support';

describe('answers in a content encoding', () => {
  let h: Harness;
  let relay: LocalServer | undefined;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h.sandbox.stop();
  });
  afterEach(async () => {
    await relay?.close();
    relay = undefined;
  });

  it('asks for gzip, deflate or brotli, and names itself, beside the signed headers', async () => {
    relay = await startLocalServer(relayTo(h.sandbox.url));
    await h.client({ baseUrl: relay.url }).getTransactions({ limit: 1 });
    const sent = relay.requests.at(-1);
    assert.ok(sent);
    assert.equal(sent.headers['accept-encoding'], 'gzip, deflate, br');
    assert.equal(sent.headers['user-agent'], 'exchange-tx');
    assert.equal(sent.headers['content-type'], 'application/json');
    assert.equal(sent.headers['content-length'], String(sent.body.length));
    assert.ok(sent.headers['x-api-key'] && sent.headers['x-api-signature']);
  });

  for (const encoding of ['gzip', 'deflate', 'br'] as const) {
    it(`reads a ${encoding} answer as the records the sandbox sent`, async () => {
      const plain = await h.client().getTransactions({ limit: 20 });
      relay = await startLocalServer(relayTo(h.sandbox.url, { encoding }));
      const packed = await h.client({ baseUrl: relay.url }).getTransactions({ limit: 20 });
      assert.equal(packed.length, 20);
      assert.deepEqual(packed, plain);
    });
  }

  it('a body that is not the gzip it claims to be is an answer that broke off (with its code), not a record', async () => {
    relay = await startLocalServer(({ res }) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end('{"jsonrpc":"2.0","id":"x","result":[]}');
    });
    const transport = new JsonRpcTransport({ baseUrl: relay.url, credentials: testCredentials() });
    await assert.rejects(transport.call('getTransactions', {}), (e: unknown) => {
      assert.ok(e instanceof TransportError);
      assert.match(e.message, /broke off before its end \(Z_DATA_ERROR\)/);
      return true;
    });
  });
});
