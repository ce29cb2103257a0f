/**
 * The client as the extension ships it (dist/lazy/client.js of the production build, with axios
 * bundled) keeps the transport's promises: redirects are refused, proxy variables of the
 * environment are not read, answers are capped, a broken-off answer is told apart, and a call ends
 * at its deadline or when aborted.
 */
import { strict as assert } from 'assert';
import type { ExchangeClient as ExchangeClientClass } from '../../../src/api';
import type { LocalServer } from '../api/localServer';
import { startLocalServer } from '../api/localServer';
import { testCredentials } from '../api/support';
import { productionBuild } from './productionBuild';

type ClientModule = { readonly ExchangeClient: typeof ExchangeClientClass };

const answer = (id: unknown): string => JSON.stringify({ jsonrpc: '2.0', id, result: [] });
const idOf = (body: Buffer): unknown => (JSON.parse(body.toString('utf8')) as { id: unknown }).id;

/** The error a call rejected with, by its kind and message (the bundle has its own classes, their names minified). */
async function failure(call: Promise<unknown>): Promise<{ kind: unknown; message: string }> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof Error);
    return { kind: 'kind' in error ? error.kind : undefined, message: error.message };
  }
  throw new Error('the call did not fail');
}

describe('the bundled client (dist/lazy/client.js)', function () {
  this.timeout(120_000);
  let ExchangeClient: ClientModule['ExchangeClient'];
  let server: LocalServer;
  before(async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built file, loaded as the extension loads it
    ({ ExchangeClient } = require(productionBuild().file('dist/lazy/client.js')) as ClientModule);
    server = await startLocalServer(({ request, res, write }) => {
      switch (request.path) {
        case '/redirect/v2':
          res.writeHead(307, { location: '/v2', 'content-type': 'text/plain' });
          res.end('Temporary Redirect');
          return;
        case '/large/v2':
          res.writeHead(200, { 'content-type': 'application/json' });
          write(`{"jsonrpc":"2.0","id":${JSON.stringify(idOf(request.body))},"result":"${'x'.repeat(4096)}"}`);
          res.end();
          return;
        case '/cut/v2':
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
          write('{"jsonrpc":"2.0","result":[');
          setImmediate(() => res.destroy());
          return;
        case '/silent/v2':
          return; // never answers
        default:
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(answer(idOf(request.body)));
      }
    });
  });
  after(() => server.close());

  const client = (prefix: string, extra: Record<string, unknown> = {}) =>
    new ExchangeClient({
      baseUrl: `${server.url}/${prefix}`,
      credentials: testCredentials(),
      retry: { retries: 0 },
      ...extra,
    });

  it('answers a call', async () => {
    const c = client('ok');
    assert.deepEqual(await c.getTransactions(), []);
    c.dispose();
  });

  it('refuses a redirect and does not follow it', async () => {
    const before = server.requests.length;
    const c = client('redirect');
    assert.deepEqual(await failure(c.getTransactions()), {
      kind: 'transport',
      message: 'The service answered with a redirect (HTTP 307); requests are never sent on to another address.',
    });
    assert.deepEqual(
      server.requests.slice(before).map((r) => r.path),
      ['/redirect/v2'],
    );
    c.dispose();
  });

  it('does not read proxy variables: with HTTP_PROXY set, the request still goes straight to the service', async () => {
    const proxy = await startLocalServer(({ res }) => res.destroy());
    const saved = {
      HTTP_PROXY: process.env.HTTP_PROXY,
      http_proxy: process.env.http_proxy,
      NO_PROXY: process.env.NO_PROXY,
      no_proxy: process.env.no_proxy,
    };
    process.env.HTTP_PROXY = proxy.url;
    process.env.http_proxy = proxy.url;
    delete process.env.NO_PROXY;
    delete process.env.no_proxy;
    const before = server.requests.length;
    const c = client('ok');
    try {
      assert.deepEqual(await c.getTransactions(), []);
    } finally {
      c.dispose();
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await proxy.close();
    }
    assert.equal(proxy.connections, 0, 'the proxy saw no connection');
    assert.equal(server.requests.length, before + 1);
  });

  it('cuts an answer larger than its cap', async () => {
    const c = client('large', { maxResponseBytes: 1024 });
    const error = await failure(c.getTransactions());
    assert.equal(error.kind, 'answer-too-large');
    c.dispose();
  });

  it('tells an answer that broke off from no answer', async () => {
    const c = client('cut');
    const error = await failure(c.getTransactions());
    assert.equal(error.kind, 'transport');
    assert.match(error.message, /^The service's answer broke off before its end \(/);
    c.dispose();
  });

  it('ends a call at its deadline, and when aborted', async () => {
    const timed = client('silent', { timeoutMs: 300 });
    assert.equal((await failure(timed.getTransactions())).kind, 'timeout');
    timed.dispose();
    const aborted = client('silent');
    const controller = new AbortController();
    const call = aborted.getTransactions({}, { signal: controller.signal });
    setImmediate(() => controller.abort());
    assert.equal((await failure(call)).kind, 'cancelled');
    aborted.dispose();
  });
});
