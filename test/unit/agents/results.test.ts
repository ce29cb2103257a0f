/**
 * How the tools answer, exactly: the target's first line and data, each kind of failure as data
 * (its kind, code, message, field, HTTP status, meaning and next step, whether anything was sent)
 * and as text, the refusal of a state-changing tool on an account, and the compact lines of a
 * record and of a sandbox transaction. Errors are the client's own classes, built as it builds them.
 */
import { strict as assert } from 'assert';
import { sandboxOnlyRefusal, fullDescription } from '../../../src/agents/defineTool';
import { controlLine, isoFromMicros, isoFromMillis, recordLine } from '../../../src/agents/lines';
import { failure, failureData, success, targetData, targetLine } from '../../../src/agents/results';
import { AgentInputError } from '../../../src/agents/validation';
import type { AgentTarget } from '../../../src/agents/types';
import {
  AuthenticationError,
  CancelledError,
  InsecureEndpointError,
  InternalServiceError,
  InvalidParameterError,
  KeyFormatError,
  KeyMismatchError,
  RateLimitError,
  TimeoutError,
  TransportError,
} from '../../../src/api/exchangeErrors';
import { httpMeaning } from '../../../src/api/serviceErrorMeaning';
import { ControlError } from '../../../src/api/controlError';
import type { TransactionRecord } from '../../../src/api/types';
import type { ControlTransaction } from '../../../src/shared/controlProtocol';

const SANDBOX: AgentTarget = { kind: 'sandbox', label: 'Sandbox' };
const ACCOUNT: AgentTarget = { kind: 'account', label: 'Prod', host: 'api.example.com' };
const R = '\uFFFD';

describe('agent tools: results and failures', () => {
  it('names the target first, in text and data, its label and host made safe and bounded', () => {
    assert.equal(targetLine(SANDBOX), 'On the sandbox:');
    assert.equal(targetLine(ACCOUNT), "On account 'Prod' (api.example.com):");
    assert.equal(
      targetLine({ kind: 'account', label: `a\u202e${'l'.repeat(100)}`, host: 'h'.repeat(130) }),
      `On account 'a${R}${'l'.repeat(78)}…' (${'h'.repeat(120)}…):`,
    );
    assert.deepEqual(targetData(SANDBOX), { kind: 'sandbox', label: 'Sandbox' });
    assert.deepEqual(targetData(ACCOUNT), { kind: 'account', label: 'Prod', host: 'api.example.com' });
    assert.deepEqual(success({ target: ACCOUNT }, ['one', 'two'], { x: 'a\u2028b' }), {
      text: "On account 'Prod' (api.example.com):\none\ntwo",
      data: { target: { kind: 'account', label: 'Prod', host: 'api.example.com' }, x: `a${R}b` },
    });
  });

  it('reads an input refusal: invalid input, its field when it has one, nothing sent', () => {
    assert.deepEqual(failureData(new AgentInputError('ids[1]', 'is required')), {
      kind: 'invalid-input',
      message: '"ids[1]" is required',
      field: 'ids[1]',
      sent: false,
    });
    assert.deepEqual(failureData(new AgentInputError('', 'must be an object')), {
      kind: 'invalid-input',
      message: 'must be an object',
      sent: false,
    });
    const local = new InvalidParameterError(
      'amountFrom',
      'Parameter amountFrom is invalid',
      'must be a decimal\u202e number',
    );
    assert.deepEqual(failureData(local), {
      kind: 'invalid-input',
      message: `Parameter amountFrom is invalid: must be a decimal${R} number`,
      field: 'amountFrom',
      sent: false,
    });
  });

  it("reads the service's refusal of a parameter as a service error with its code and meaning", () => {
    const answered = new InvalidParameterError('amountFrom', 'Invalid amount');
    const data = failureData(answered);
    assert.equal(data.kind, answered.kind);
    assert.equal(data.code, -32602);
    assert.equal(data.message, 'Invalid amount');
    assert.equal(data.sent, undefined);
    assert.equal(typeof data.meaning, 'string');
    assert.equal(typeof data.action, 'string');
    assert.equal('httpStatus' in data, false);
  });

  it('reads a control refusal: its code, message, field and HTTP status', () => {
    assert.deepEqual(failureData(new ControlError('not-found', 'No transaction "x\u2066"', 404, 'id')), {
      kind: 'sandbox-control',
      code: 'not-found',
      message: `No transaction "x${R}"`,
      field: 'id',
      httpStatus: 404,
    });
    assert.deepEqual(failureData(new ControlError('invalid', 'bad', 400)), {
      kind: 'sandbox-control',
      code: 'invalid',
      message: 'bad',
      httpStatus: 400,
    });
  });

  it('reads HTTP failures with their meaning; a refused key on an account means the account is not allowed', () => {
    const gateway = failureData(new TransportError('HTTP 502', 502), ACCOUNT);
    assert.deepEqual(gateway, { kind: 'transport', message: 'HTTP 502', httpStatus: 502, ...httpMeaning(502) });
    for (const status of [401, 403]) {
      const refused = failureData(new TransportError(`HTTP ${status}`, status), ACCOUNT);
      assert.equal(
        refused.meaning,
        'The account is not allowed: the service refused its key or signature (Unauthorized).',
      );
      assert.equal(
        refused.action,
        'Check the account\'s API key and private key ("Diagnose Keys…" in VS Code); the key may be revoked or not yet enabled for this API.',
      );
      assert.equal(refused.httpStatus, status);
      assert.equal(
        failureData(new TransportError(`HTTP ${status}`, status), SANDBOX).meaning,
        httpMeaning(status)?.meaning,
      );
      assert.equal(failureData(new TransportError(`HTTP ${status}`, status)).meaning, httpMeaning(status)?.meaning);
    }
    assert.deepEqual(failureData(new TransportError('HTTP 200', 200)), {
      kind: 'transport',
      message: 'HTTP 200',
      httpStatus: 200,
    });
  });

  it("says a sandbox that is gone, or an account's address that does not answer, in words, for each unreachable code", () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']) {
      const gone = failureData(new TransportError('connect failed', undefined, { code }), SANDBOX);
      assert.match(gone.meaning ?? '', /^The sandbox is gone: nothing answers at its address/, code);
      assert.match(gone.action ?? '', /^Start the sandbox again .* then call again\.$/, code);
      assert.match(
        failureData(new TransportError('connect failed', undefined, { code })).meaning ?? '',
        /^The sandbox is gone/,
        'no target: the sandbox',
      );
      const account = failureData(new TransportError('connect failed', undefined, { code }), {
        ...ACCOUNT,
        host: 'h\u202e',
      });
      assert.equal(
        account.meaning,
        `Nothing answered at the account's address (h${R}): the service is unreachable from here (network, proxy or address).`,
      );
      assert.equal(
        account.action,
        "Check the network and the account's address, then call again; nothing was changed on the service.",
      );
    }
    assert.deepEqual(failureData(new TransportError('reset', undefined, { code: 'ECONNRESET' }), SANDBOX), {
      kind: 'transport',
      message: 'reset',
    });
    assert.deepEqual(failureData(new TransportError('no code'), SANDBOX), { kind: 'transport', message: 'no code' });
    const timeout = failureData(new TimeoutError(1000), SANDBOX);
    assert.deepEqual(timeout, { kind: 'timeout', message: 'The service did not answer within 1000 ms.' });
  });

  it('reads the other errors of the client: authentication, rate limit, nothing sent for a refused address or key', () => {
    const auth = failureData(new AuthenticationError(401));
    assert.equal(auth.kind, 'authentication');
    assert.equal(auth.meaning, httpMeaning(401)?.meaning);
    assert.equal(auth.action, httpMeaning(401)?.action);
    const limited = failureData(new RateLimitError(10, 'Too many requests'));
    assert.equal(limited.kind, 'rate-limit');
    assert.equal(limited.code, -32600);
    assert.equal(limited.message, 'Too many requests');
    assert.deepEqual(failureData(new InsecureEndpointError('example.com', 'plain-http')).sent, false);
    assert.deepEqual(failureData(new KeyFormatError('unreadable')), {
      kind: 'key-format',
      message: 'unreadable',
      sent: false,
    });
    assert.equal(failureData(new KeyMismatchError('x')).sent, false);
    assert.deepEqual(failureData(new CancelledError()), { kind: 'cancelled', message: 'The request was cancelled.' });
    const internal = failureData(new InternalServiceError(-32603, 'oops'));
    assert.equal(internal.code, -32603);
    assert.equal(internal.sent, undefined);
  });

  it('reads anything else by its message only, made safe and bounded', () => {
    assert.deepEqual(failureData(new TypeError('x is not a function')), {
      kind: 'error',
      message: 'x is not a function',
    });
    assert.deepEqual(failureData('plain\u2028text'), { kind: 'error', message: `plain${R}text` });
    assert.equal(failureData(new Error('e'.repeat(400))).message, `${'e'.repeat(300)}…`);
  });

  it('writes a failure as text: what failed with the code, meaning and next step, and whether nothing was sent', () => {
    const input = failure({ target: SANDBOX }, 'Listing', new AgentInputError('limit', 'must be at most 100'));
    assert.equal(input.isError, true);
    assert.equal(input.text, 'On the sandbox:\nListing failed: "limit" must be at most 100\nNothing was sent.');
    assert.deepEqual(input.data, {
      target: { kind: 'sandbox', label: 'Sandbox' },
      error: { kind: 'invalid-input', message: '"limit" must be at most 100', field: 'limit', sent: false },
    });
    const service = failure({ target: ACCOUNT }, 'Quoting', new InternalServiceError(-32603, 'oops'));
    const lines = service.text.split('\n');
    assert.equal(lines[0], "On account 'Prod' (api.example.com):");
    assert.equal(lines[1], 'Quoting failed: error -32603: oops');
    assert.match(lines[2] ?? '', /^Meaning: ./);
    assert.match(lines[3] ?? '', /^What to do: ./);
    assert.equal(lines.length, 4);
    const plain = failure({ target: SANDBOX }, 'Reading', new Error('broken'));
    assert.equal(plain.text, 'On the sandbox:\nReading failed: broken');
  });

  it('refuses a state-changing tool on an account in words and data, nothing sent', () => {
    const refusal = sandboxOnlyRefusal({ target: ACCOUNT }, 'Pay');
    const message =
      'Pay works on the sandbox only: it changes state, and nothing is created or moved on an account. Switch to the sandbox to use it.';
    assert.deepEqual(refusal, {
      text: `On account 'Prod' (api.example.com):\n${message}\nNothing was sent.`,
      data: {
        target: { kind: 'account', label: 'Prod', host: 'api.example.com' },
        error: { kind: 'sandbox-only', message, sent: false },
      },
      isError: true,
    });
    assert.equal(
      fullDescription({ description: 'Does.', notFor: 'That.', example: '{}' }),
      'Does. Not for: That. Example: {}',
    );
  });
});

describe('agent tools: compact lines', () => {
  const record = {
    id: 'abcd1234',
    createdAt: 1_795_623_885_000_000,
    type: 'float',
    status: 'waiting',
    rawStatus: 'waiting',
    currencyFrom: 'btc',
    currencyTo: 'eth',
    payinAddress: 'bc1qaddress',
    payinExtraId: null,
    amountExpectedFrom: '0.5',
    amountFrom: '',
    payTill: null,
  } as unknown as TransactionRecord;

  it('writes times from microseconds and milliseconds, none for 0 or unreadable ones', () => {
    assert.equal(isoFromMicros(1_795_623_885_000_000), '2026-11-25T16:24:45.000Z');
    assert.equal(isoFromMicros(1_500), '1970-01-01T00:00:00.001Z');
    assert.equal(isoFromMicros(999), '1970-01-01T00:00:00.000Z');
    for (const bad of [undefined, 0, -1, Number.NaN, Infinity, 1e30])
      assert.equal(isoFromMicros(bad), undefined, String(bad));
    assert.equal(isoFromMillis(1_000), '1970-01-01T00:00:01.000Z');
    assert.equal(isoFromMillis(null), undefined);
    assert.equal(isoFromMillis(undefined), undefined);
    assert.equal(isoFromMillis(0), undefined);
  });

  it('writes a record on one line: expected or received amount, status, pair, creation, payin, pay-till', () => {
    assert.equal(
      recordLine(record),
      'abcd1234 · waiting · 0.5 BTC expected → ETH (float) · created 2026-11-25T16:24:45.000Z · payin address "bc1qaddress"',
    );
    assert.equal(recordLine({ ...record, amountFrom: '0' }), recordLine(record), 'nothing received yet');
    assert.equal(
      recordLine({
        ...record,
        amountFrom: '0.4',
        status: 'unknown',
        rawStatus: 'paused\u202e',
        createdAt: 0,
        payinExtraId: 'memo',
        payTill: '2026-11-25T17:00:00Z',
        type: 'fixed',
      }),
      `abcd1234 · unknown ("paused${R}") · 0.4 BTC received → ETH (fixed) · created ? · payin address "bc1qaddress" (extra id "memo") · pay till "2026-11-25T17:00:00Z"`,
    );
    assert.equal(
      recordLine({ ...record, id: 'i'.repeat(70), currencyFrom: 'c'.repeat(30) }).split(' · ')[0],
      `${'i'.repeat(64)}…`,
    );
    assert.match(
      recordLine({ ...record, currencyFrom: 'c'.repeat(30) }),
      new RegExp(`0\\.5 ${'C'.repeat(20)}… expected`),
    );
  });

  it('writes a sandbox transaction on one line with what arrived, its pay-till and its next step', () => {
    const tx = {
      id: 'abcd1234',
      type: 'float',
      status: 'waiting',
      currencyFrom: 'btc',
      currencyTo: 'eth',
      payinAddress: 'bc1qaddress',
      payinExtraId: null,
      amountExpectedFrom: '0.5',
      amountExpectedTo: '10',
      amountFrom: '',
      payTillMs: null,
      next: { status: 'confirming', atMs: 0, at: '2026-11-25T16:30:00.000Z' },
    } as unknown as ControlTransaction;
    assert.equal(
      controlLine(tx),
      'abcd1234 · waiting · 0.5 BTC → 10 ETH (float) · payin address "bc1qaddress" · next: confirming at 2026-11-25T16:30:00.000Z',
    );
    assert.equal(
      controlLine({ ...tx, type: 'fixed', payinExtraId: 'memo', amountFrom: '0.5', payTillMs: 1_000, next: null }),
      'abcd1234 · waiting · 0.5 BTC → 10 ETH (fixed) · payin address "bc1qaddress" (extra id "memo") · received 0.5 · pay till 1970-01-01T00:00:01.000Z · stays in this status',
    );
  });
});
