// How one HTTP answer is read against JSON-RPC 2.0 and the request it answers: every outcome,
// with the error's class, message and field written out.
import { strict as assert } from 'assert';
import { AuthenticationError, InvalidParameterError, ProtocolError, TransportError } from '../../../src/api';
import { interpretAnswer, JsonRpcTransport } from '../../../src/api/transport';
import { testCredentials } from './support';

const ID = 'req-1';
const JSON_TYPE = 'application/json';

/** The error `interpretAnswer` throws, as [class, message, field]. */
function thrown(status: number, text: string, contentType = JSON_TYPE): [string, string, string | undefined] {
  try {
    interpretAnswer(ID, status, contentType, text);
  } catch (error) {
    assert.ok(error instanceof Error);
    return [error.constructor.name, error.message, (error as { field?: string }).field];
  }
  assert.fail('no error');
}

describe('interpretAnswer', () => {
  it('returns the result of an answer to this request, with its status', () => {
    assert.deepEqual(interpretAnswer(ID, 200, JSON_TYPE, ` {"jsonrpc":"2.0","id":"${ID}","result":[1]} `), {
      result: [1],
      status: 200,
    });
    assert.deepEqual(interpretAnswer(ID, 299, JSON_TYPE, `{"jsonrpc":"2.0","id":"${ID}","result":null}`), {
      result: null,
      status: 299,
    });
  });

  it('tells every way an answer can fail apart', () => {
    const rows: [number, string, [string, string, string | undefined]][] = [
      [
        401,
        'Unauthorized',
        [
          AuthenticationError.name,
          'The service refused the request (HTTP 401, Unauthorized). Check the API keys.',
          undefined,
        ],
      ],
      [
        403,
        '{}',
        [
          AuthenticationError.name,
          'The service refused the request (HTTP 403, Forbidden). Check the API keys.',
          undefined,
        ],
      ],
      [199, '', [TransportError.name, 'The service answered HTTP 199.', undefined]],
      [300, '', [TransportError.name, 'The service answered HTTP 300.', undefined]],
      [500, '<html>', [TransportError.name, 'The service answered HTTP 500.', undefined]],
      [
        200,
        '{"jsonrpc":"2.0",',
        [ProtocolError.name, 'The service answered with a truncated or malformed JSON body (HTTP 200)', undefined],
      ],
      [
        200,
        '[1,',
        [ProtocolError.name, 'The service answered with a truncated or malformed JSON body (HTTP 200)', undefined],
      ],
      [
        200,
        '<html>ok</html>',
        [ProtocolError.name, 'The service answered with a body that is not JSON (HTTP 200)', undefined],
      ],
      [200, '[]', [ProtocolError.name, 'The answer is not a JSON-RPC object (HTTP 200)', undefined]],
      [200, 'null', [ProtocolError.name, 'The answer is not a JSON-RPC object (HTTP 200)', undefined]],
      [
        200,
        `{"jsonrpc":"1.0","id":"${ID}","result":1}`,
        [ProtocolError.name, 'The answer has no "jsonrpc": "2.0" (HTTP 200)', 'jsonrpc'],
      ],
      [
        200,
        `{"jsonrpc":"2.0","id":"other","result":1}`,
        [ProtocolError.name, 'The answer is for another request (its "id" differs) (HTTP 200)', 'id'],
      ],
      [
        200,
        `{"jsonrpc":"2.0","id":"other","error":{"code":-32603,"message":"x"}}`,
        [ProtocolError.name, 'The answer is for another request (its "id" differs) (HTTP 200)', 'id'],
      ],
      [
        200,
        `{"jsonrpc":"2.0","id":"${ID}","error":"bad"}`,
        [ProtocolError.name, 'The answer has a malformed "error" object (HTTP 200)', 'error'],
      ],
      [
        200,
        `{"jsonrpc":"2.0","id":"${ID}","error":{"code":"1","message":"x"}}`,
        [ProtocolError.name, 'The answer has a malformed "error" object (HTTP 200)', 'error'],
      ],
      [
        200,
        `{"jsonrpc":"2.0","id":"${ID}","error":{"code":1.5,"message":"x"}}`,
        [ProtocolError.name, 'The answer has a malformed "error" object (HTTP 200)', 'error'],
      ],
      [
        200,
        `{"jsonrpc":"2.0","id":"${ID}","error":{"code":1}}`,
        [ProtocolError.name, 'The answer has a malformed "error" object (HTTP 200)', 'error'],
      ],
      [
        200,
        `{"jsonrpc":"2.0","id":"${ID}"}`,
        [ProtocolError.name, 'The answer has neither "result" nor "error" (HTTP 200)', 'result'],
      ],
      [
        200,
        `{"jsonrpc":"2.0","id":null,"error":{"code":-32602,"message":"Parameter id is invalid"}}`,
        [InvalidParameterError.name, 'Parameter id is invalid', undefined],
      ],
      [200, `{"jsonrpc":"2.0","id":"${ID}","error":null,"result":2}`, ['none', '', undefined]],
    ];
    for (const [status, text, expected] of rows) {
      const got = expected[0] === 'none' ? ['none', '', undefined] : thrown(status, text);
      assert.deepEqual(got, expected, `${status} ${text}`);
    }
  });

  it('reads a bare "Unauthorized" text as refused keys, whatever the status, unless it is JSON', () => {
    assert.equal(thrown(200, 'Unauthorized', 'text/plain')[0], AuthenticationError.name);
    assert.equal(thrown(200, 'Unauthorized', 'application/json; charset=utf-8')[0], ProtocolError.name);
  });
});

describe('JsonRpcTransport options', () => {
  it('refuses an answer cap that is no positive whole number, naming it', () => {
    const credentials = testCredentials();
    const make = (extra: object) => new JsonRpcTransport({ baseUrl: 'http://127.0.0.1:1', credentials, ...extra });
    for (const maxResponseBytes of [0, -1, 1.5]) {
      assert.throws(
        () => make({ maxResponseBytes }),
        (e: unknown) => e instanceof RangeError && e.message === 'maxResponseBytes must be a positive whole number',
      );
    }
    assert.doesNotThrow(() => make({ maxResponseBytes: 1 }));
  });
});
