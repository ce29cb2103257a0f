import { strict as assert } from 'assert';
import * as os from 'os';
import { checkEndpoint, ExchangeClient, InsecureEndpointError, isLoopbackHost, TransportError } from '../../../src/api';
import { JsonRpcTransport } from '../../../src/api/transport';
import { startLocalServer } from './localServer';
import type { LocalServer } from './localServer';
import { testCredentials } from './support';

const OK_ANSWER = (id: unknown): string => JSON.stringify({ jsonrpc: '2.0', id, result: [] });

describe('endpoint policy', () => {
  it('allows https anywhere and plain http only to this machine', () => {
    const allowed: [string, string][] = [
      ['https://api.changelly.com', 'api.changelly.com'],
      ['https://api.example.com:8443/v2/', 'api.example.com'],
      ['http://127.0.0.1:4000', '127.0.0.1'],
      ['http://127.45.6.7', '127.45.6.7'],
      ['http://127.1', '127.0.0.1'],
      ['http://localhost:3000/v2', 'localhost'],
      ['HTTP://LOCALHOST', 'localhost'],
      ['http://[::1]:9000', '[::1]'],
      ['  https://api.changelly.com  ', 'api.changelly.com'],
    ];
    for (const [address, hostname] of allowed) assert.equal(checkEndpoint(address).hostname, hostname, address);
  });

  it('refuses plain http to any other host, with a message that says so and names the host', () => {
    assert.throws(
      () => checkEndpoint('http://api.example.com'),
      (e: unknown) =>
        e instanceof InsecureEndpointError &&
        e.kind === 'insecure-endpoint' &&
        e.reason === 'plain-http' &&
        e.host === 'api.example.com' &&
        !e.transient &&
        e.message ===
          'Refused to send a signed request over plain http to api.example.com: use https (plain http is allowed only to this machine).',
    );
    const refused = [
      'http://api.changelly.com/v2',
      'http://192.0.2.10:8080',
      'http://10.0.0.1',
      'http://0.0.0.0',
      'http://128.0.0.1',
      'http://[::ffff:127.0.0.1]',
      'http://[::2]',
      'http://localhost.example.com',
      'http://127.0.0.1.nip.io',
      'http://my-localhost',
      'http://sub.localhost',
    ];
    for (const address of refused) {
      assert.throws(
        () => checkEndpoint(address),
        (e: unknown) => e instanceof InsecureEndpointError && e.reason === 'plain-http',
        address,
      );
    }
  });

  it('refuses a user name or password in the address, never repeating the password', () => {
    for (const address of [
      'https://alice-id:s3cret-pw@api.example.com',
      'https://alice-id@api.example.com',
      'http://:s3cret-pw@127.0.0.1:4000',
    ]) {
      assert.throws(
        () => checkEndpoint(address),
        (e: unknown) =>
          e instanceof InsecureEndpointError &&
          e.reason === 'credentials' &&
          !e.message.includes('s3cret-pw') &&
          !e.message.includes('alice-id'),
        address,
      );
    }
    const error = (() => {
      try {
        checkEndpoint('https://user:s3cret-pw@api.example.com:8443');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    assert.ok(error instanceof InsecureEndpointError);
    assert.equal(
      error.message,
      'Refused to use a service address with a user name or password in it (api.example.com:8443): remove them from the address.',
    );
  });

  it('refuses what is not an http(s) URL with a transport error that does not repeat the text', () => {
    assert.throws(
      () => checkEndpoint('ftp://example.com'),
      (e: unknown) =>
        e instanceof TransportError && e.message === 'The service address must use http or https, not ftp:',
    );
    assert.throws(
      () => checkEndpoint('not a url s3cret'),
      (e: unknown) => e instanceof TransportError && !e.message.includes('s3cret'),
    );
  });

  it('knows the loopback names as the URL parser writes them', () => {
    for (const host of ['localhost', '127.0.0.1', '127.255.255.254', '[::1]']) assert.ok(isLoopbackHost(host), host);
    for (const host of ['', 'localhost.', 'example.com', '127.0.0.1.example.com', '[::ffff:7f00:1]', '1.2.3.4'])
      assert.ok(!isLoopbackHost(host), host);
  });

  describe('in the transport', () => {
    let server: LocalServer;
    beforeEach(async () => {
      server = await startLocalServer(({ request, res }) => {
        const { id } = JSON.parse(request.body.toString('utf8')) as { id: unknown };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(OK_ANSWER(id));
      }, '0.0.0.0');
    });
    afterEach(() => server.close());

    it('sends to this machine over plain http', async () => {
      const transport = new JsonRpcTransport({
        baseUrl: `http://127.0.0.1:${server.port}`,
        credentials: testCredentials(),
      });
      assert.deepEqual((await transport.call('getTransactions', {})).result, []);
      assert.equal(server.requests.length, 1);
    });

    it("refuses plain http to the same server by this machine's network address: no connection is made", async function () {
      const address = Object.values(os.networkInterfaces())
        .flat()
        .find((i) => i !== undefined && i.family === 'IPv4' && !i.internal)?.address;
      if (address === undefined) this.skip();
      const baseUrl = `http://${address}:${server.port}`;
      assert.throws(() => new JsonRpcTransport({ baseUrl, credentials: testCredentials() }), InsecureEndpointError);
      assert.throws(
        () => new ExchangeClient({ baseUrl, credentials: testCredentials() }),
        (e: unknown) => e instanceof InsecureEndpointError && e.host === `${address}:${server.port}`,
      );
      assert.equal(server.connections, 0);
    });
  });

  describe('redirects', () => {
    let server: LocalServer;
    before(async () => {
      server = await startLocalServer(({ request, res }) => {
        if (request.path === '/v2') {
          res.writeHead(307, { location: '/elsewhere/v2', 'content-type': 'text/plain' });
          res.end('Temporary Redirect');
          return;
        }
        const { id } = JSON.parse(request.body.toString('utf8')) as { id: unknown };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(OK_ANSWER(id));
      });
    });
    after(() => server.close());

    it('a 3xx is an error that says the service redirected, and the redirect is not followed', async () => {
      const client = new ExchangeClient({
        baseUrl: server.url,
        credentials: testCredentials(),
        retry: { baseDelayMs: 1 },
      });
      await assert.rejects(
        client.getTransactions(),
        (e: unknown) =>
          e instanceof TransportError &&
          e.status === 307 &&
          !e.transient &&
          e.message ===
            'The service answered with a redirect (HTTP 307); requests are never sent on to another address.',
      );
      assert.deepEqual(
        server.requests.map((r) => r.path),
        ['/v2'],
      );
      client.dispose();
    });
  });
});
