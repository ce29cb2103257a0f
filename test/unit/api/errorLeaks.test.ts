import { strict as assert } from 'assert';
import { inspect } from 'util';
import { AxiosError, CanceledError } from 'axios';
import { ExchangeClient, ExchangeError, TransportError } from '../../../src/api';
import { JsonRpcTransport, networkCode } from '../../../src/api/transport';
import { endless, stalled, startLocalServer } from './localServer';
import type { Handler, LocalServer, ReceivedRequest } from './localServer';
import { testCredentials } from './support';

/** A value sent in every request's body: it must not show in any error. */
const BODY_MARKER = 'bodymarker7f3a9c';

/** Every way an error can be written out: inspected deeply with hidden fields, its JSON, its own properties and its cause. */
function everyRendering(error: unknown): string {
  assert.ok(error instanceof ExchangeError);
  const own = Object.fromEntries(
    Object.getOwnPropertyNames(error).map((name) => [name, (error as unknown as Record<string, unknown>)[name]]),
  );
  return [
    inspect(error, { depth: 20, showHidden: true, getters: true }),
    JSON.stringify(error),
    JSON.stringify(own),
    inspect(own, { depth: 20, showHidden: true }),
    String(error.stack),
  ].join('\n');
}

async function thrown(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  assert.fail('the call succeeded');
}

function assertHoldsNothingOf(error: unknown, request: ReceivedRequest | undefined): void {
  const { apiKey } = testCredentials();
  assert.equal((error as { cause?: unknown }).cause, undefined, 'no cause');
  assert.ok(!('cause' in (error as object)), 'no cause property at all');
  const text = everyRendering(error);
  for (const secret of [
    apiKey,
    'X-Api-Signature',
    'x-api-signature',
    'X-Api-Key',
    'jsonrpc',
    BODY_MARKER,
    'AxiosError',
    'ERR_CANCELED',
  ]) {
    assert.ok(!text.includes(secret), `the error shows ${secret}: ${text.slice(0, 400)}`);
  }
  if (request) {
    const signature = String(request.headers['x-api-signature']);
    assert.ok(signature.length > 100, 'the server saw the signature');
    assert.ok(!text.includes(signature), 'the error shows the signature');
    assert.ok(!text.includes(signature.slice(0, 24)), 'the error shows part of the signature');
    assert.ok(!text.includes(request.body.toString('utf8')), 'the error shows the body');
  }
}

describe('errors carry no request: no signature, key or body in any rendering', () => {
  let server: LocalServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function failureFrom(
    handler: Handler,
    extra: { timeoutMs?: number; maxResponseBytes?: number } = {},
  ): Promise<{ error: unknown; request: ReceivedRequest | undefined }> {
    server = await startLocalServer(handler);
    const transport = new JsonRpcTransport({ baseUrl: server.url, credentials: testCredentials(), ...extra });
    const error = await thrown(transport.call('getStatus', { id: BODY_MARKER }));
    return { error, request: server.requests[0] };
  }

  it('a refused connection (ECONNREFUSED), through the client with its retries', async () => {
    const client = new ExchangeClient({
      baseUrl: 'http://127.0.0.1:1',
      credentials: testCredentials(),
      retry: { retries: 0 },
    });
    const error = await thrown(client.getStatus(BODY_MARKER));
    assert.ok(error instanceof TransportError && error.code === 'ECONNREFUSED');
    assertHoldsNothingOf(error, undefined);
  });

  it('a connection reset before any answer (ECONNRESET)', async () => {
    const { error, request } = await failureFrom(({ res }) => res.socket?.destroy());
    assert.ok(error instanceof TransportError && error.code === 'ECONNRESET', String(error));
    assertHoldsNothingOf(error, request);
  });

  it('a connection reset in the middle of the body', async () => {
    const { error, request } = await failureFrom(({ res }) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 500 });
      res.write('{"jsonrpc":"2.0"', () => res.destroy());
    });
    assert.ok(error instanceof TransportError && error.code === 'ECONNRESET', String(error));
    assertHoldsNothingOf(error, request);
  });

  it('no answer in time, an answer that stalled, an answer too large, an HTTP error', async () => {
    const cases: [Handler, { timeoutMs?: number; maxResponseBytes?: number }, string][] = [
      [() => undefined, { timeoutMs: 100 }, 'timeout'],
      [stalled(), { timeoutMs: 1000 }, 'incomplete-answer'],
      [endless(), { maxResponseBytes: 1024 }, 'answer-too-large'],
      [
        ({ res }) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>502 Bad Gateway</h1>'),
        {},
        'transport',
      ],
    ];
    for (const [handler, options, kind] of cases) {
      const { error, request } = await failureFrom(handler, options);
      assert.ok(error instanceof ExchangeError && error.kind === kind, `${kind}: ${String(error)}`);
      assertHoldsNothingOf(error, request);
      await server?.close();
      server = undefined;
    }
  });
});

describe('networkCode', () => {
  it('keeps only a network code of an error', () => {
    assert.equal(networkCode(Object.assign(new Error('x'), { code: 'ECONNRESET' })), 'ECONNRESET');
    assert.equal(networkCode({ code: 'E' }), 'E');
    assert.equal(networkCode({ code: `E${'A'.repeat(39)}` }), `E${'A'.repeat(39)}`, '40 characters');
    assert.equal(networkCode({ code: `E${'A'.repeat(40)}` }), undefined, '41 characters');
    assert.equal(networkCode({ code: 'econnreset' }), undefined);
    assert.equal(networkCode({ code: 'ECONN RESET' }), undefined);
    assert.equal(networkCode({ code: 'xECONNRESET' }), undefined);
    assert.equal(networkCode({ code: 'ECONNRESET!' }), undefined);
    assert.equal(networkCode({ code: 42 }), undefined);
    assert.equal(networkCode({}), undefined);
    assert.equal(networkCode(null), undefined);
    assert.equal(networkCode('ECONNRESET'), undefined);
  });

  it("of an axios error, keeps the code of Node's error it wraps, never axios's own", () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    assert.equal(networkCode(AxiosError.from(reset)), 'ECONNRESET');
    assert.equal(networkCode(new AxiosError('stream has been aborted', 'ERR_BAD_RESPONSE')), undefined);
    assert.equal(networkCode(new CanceledError()), undefined);
  });
});
