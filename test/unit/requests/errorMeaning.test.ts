/**
 * What an error code or an HTTP status means, word for word: the amount errors with the limits
 * they name (any of min and max, or none), limits under another message of the amount codes, the
 * generic -32602, and each HTTP status class (401/403, 413, 429, 5xx, other non-2xx, 2xx).
 */
import { strict as assert } from 'assert';
import { errorMeaning, httpMeaning } from '../../../src/api/errorMeaning';

const AMOUNT_ACTION =
  'Send an amount within the limits; getExchangeAmount or getFixRateForAmount give them for a pair.';

describe('error meanings', () => {
  it('names the limits an amount error carries: both, one of them, or none', () => {
    assert.deepEqual(errorMeaning(-32600, 'Invalid amount: minimal amount is 0.5'), {
      meaning: "The amount is outside the pair's limits.",
      action: AMOUNT_ACTION,
    });
    const pair = 'Invalid amount for pair btc->eth. Minimum amount is 0.001 btc';
    assert.equal(
      errorMeaning(-32602, pair, { limits: { min: { from: '0.001', to: '0.03' }, max: { from: '5', to: '150' } } })
        .meaning,
      "The amount is outside the pair's limits (minimum 0.001, maximum 5 in the payin currency).",
    );
    assert.equal(
      errorMeaning(-32602, pair, { limits: { max: { from: '5', to: '150' } } }).meaning,
      "The amount is outside the pair's limits (maximum 5 in the payin currency).",
    );
    assert.equal(
      errorMeaning(-32602, pair, { limits: { min: { from: '0.001' } } }).meaning,
      "The amount is outside the pair's limits (minimum 0.001 in the payin currency).",
    );
    assert.equal(
      errorMeaning(-32602, pair, { limits: { min: { to: '0.03' } } }).meaning,
      "The amount is outside the pair's limits.",
    );
  });

  it('reads limits under another message of -32602 or -32600 as an amount error, not under other codes', () => {
    const data = { limits: { min: { from: '1' } } };
    const amount = {
      meaning: "The amount is outside the pair's limits (minimum 1 in the payin currency).",
      action: AMOUNT_ACTION,
    };
    assert.deepEqual(errorMeaning(-32602, 'Parameter amount is invalid', data), amount);
    assert.deepEqual(errorMeaning(-32600, 'Invalid Request', data), amount);
    assert.equal(errorMeaning(-32601, 'Method not found', data).meaning, 'The service does not know this method.');
  });

  it('gives -32602 with a message of no known pattern its own meaning', () => {
    assert.deepEqual(errorMeaning(-32602, 'Something odd'), {
      meaning: "The service refused the request's parameters.",
      action: "Check them against the operation's rules.",
    });
  });
});

describe('HTTP status meanings', () => {
  it('reads 401 and 403 as a refused key or signature', () => {
    for (const status of [401, 403])
      assert.equal(
        httpMeaning(status)?.meaning,
        'The service refused the key or the signature (Unauthorized).',
        String(status),
      );
  });

  it('reads 413, 429 and 5xx each its own way', () => {
    assert.deepEqual(httpMeaning(413), {
      meaning: 'The body is too large for the service.',
      action: 'Send fewer requests at once or smaller params.',
    });
    assert.deepEqual(httpMeaning(429), { meaning: 'Too many requests.', action: 'Wait a second and send again.' });
    assert.deepEqual(httpMeaning(500), { meaning: 'The service failed (HTTP 500).', action: 'Send again later.' });
    assert.deepEqual(httpMeaning(502), { meaning: 'The service failed (HTTP 502).', action: 'Send again later.' });
  });

  it('reads any other status outside 200-299 as a wrong address, and 200-299 as nothing to say', () => {
    assert.deepEqual(httpMeaning(404), {
      meaning: 'The service answered HTTP 404.',
      action: 'Check the address of the account.',
    });
    assert.deepEqual(httpMeaning(199), {
      meaning: 'The service answered HTTP 199.',
      action: 'Check the address of the account.',
    });
    assert.deepEqual(httpMeaning(300), {
      meaning: 'The service answered HTTP 300.',
      action: 'Check the address of the account.',
    });
    assert.equal(httpMeaning(200), undefined);
    assert.equal(httpMeaning(299), undefined);
  });

  it("points an unknown code to what the user can open: the method's page of the service's documentation", () => {
    assert.deepEqual(errorMeaning(-32099, 'Something new'), {
      meaning: 'An error this extension does not know (code -32099).',
      action:
        "Read the service's message; the method's page of the service's documentation (https://docs.changelly.com) lists its errors.",
    });
  });
});
