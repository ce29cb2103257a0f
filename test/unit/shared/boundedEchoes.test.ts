/**
 * Error texts repeat at most a bounded part of what they were given (ours: MAX_ECHO characters and
 * how long the whole was), so a 100,000-character method, parameter name or value cannot fill a
 * notification, a diagnostic, the log or an answer. Each place that echoes input, with the attack.
 */
import { strict as assert } from 'assert';
import { decodeStatus, decodeTransactions } from '../../../src/api/decode';
import { transactionParams } from '../../../src/api/params';
import type { Sandbox } from '../../../packages/sandbox/src';
import { ControlClient } from '../../../src/api';
import { templateFor } from '../../../src/documents/operations';
import { parseRequests } from '../../../src/documents/document';
import { echo, MAX_ECHO } from '../../../src/shared/echo';
import { refusal } from '../support/controlRefusal';
import { rpcError, testKeys, testSandbox } from '../../../packages/sandbox/test/helpers';
import { errorText } from '../../../src/shared/errorText';

const HUGE = 'x'.repeat(100_000);
/** The most an error text may be long once it repeats HUGE: its own words and a bounded echo. */
const BOUND = 600;

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return errorText(error);
  }
  throw new Error('expected an error');
}

describe('error texts bound what they repeat', () => {
  it(`echo() keeps ${MAX_ECHO} characters and says how long the whole was`, () => {
    assert.equal(MAX_ECHO, 80);
    assert.equal(echo('getStatus'), 'getStatus');
    assert.equal(echo('a'.repeat(80)), 'a'.repeat(80));
    assert.equal(echo('a'.repeat(81)), `${'a'.repeat(80)}… (81 characters)`);
    assert.equal(
      echo('\u{1F600}'.repeat(81)),
      `${'\u{1F600}'.repeat(80)}… (81 characters)`,
      'never cuts a character in half',
    );
    assert.equal(echo(HUGE).length, 80 + '… (100000 characters)'.length);
  });

  it('the extension: a New Request hint, a member written twice, a status of the local checks', () => {
    assert.ok(templateFor(HUGE).hints.every((hint) => hint.length < BOUND));
    const twice = parseRequests(`{"method":"getStatus","params":{"${HUGE}":1,"${HUGE}":2}}`).requests[0]?.problem ?? '';
    assert.ok(twice.length < BOUND && twice.startsWith('"xxx'), `${twice.length} characters`);
    const status = messageOf(() => transactionParams({ status: HUGE as 'finished' }));
    assert.ok(status.length < BOUND, `${status.length} characters`);
  });

  it("the client: a value of the service's answer it does not accept", () => {
    const text = messageOf(() => decodeStatus(12345));
    assert.ok(text.length < BOUND);
    const record = messageOf(() => decodeTransactions([{ id: 'a', createdAt: HUGE }]));
    assert.ok(record.length < BOUND, `${record.length} characters`);
  });

  describe('the sandbox, over real HTTP', () => {
    let sandbox: Sandbox;
    beforeEach(async () => {
      sandbox = await testSandbox({ ledgerSize: 0 });
    });
    afterEach(() => sandbox.stop());

    it('an unknown currency', async () => {
      const error = await rpcError(sandbox, 'validateAddress', { currency: HUGE, address: 'a' });
      assert.equal(error.code, -32602);
      assert.ok(error.message.length < BOUND, `${error.message.length} characters`);
      assert.match(error.message, /^Invalid currency: x{80}… \(100000 characters\) not found$/);
    });

    it('an unknown field of a control request: message and field', async () => {
      const control = new ControlClient({ baseUrl: sandbox.url, credentials: testKeys().a });
      try {
        const error = await refusal(control.run({ action: 'clock', [HUGE]: 1 } as unknown as { action: 'clock' }));
        assert.equal(error.code, 'invalid');
        assert.ok(error.message.length < BOUND, `${error.message.length} characters`);
        assert.ok((error.field ?? '').length <= 100, `field of ${(error.field ?? '').length} characters`);
      } finally {
        control.dispose();
      }
    });
  });
});
