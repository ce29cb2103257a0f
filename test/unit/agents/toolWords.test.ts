/**
 * The other tools' words, exactly, against a real sandbox over real HTTP: explainError's refusals
 * and answers, the sandbox create/pay/move lines and what they ask of the control endpoint (the
 * answers and the lines compared whole with golden files, test/golden/agents/words/),
 * the lookup's "not found" line, the diagnosis of an unknown id on each target, and every tool
 * cancelled by its caller's signal (the signal reaches each request).
 */
import { strict as assert } from 'assert';
import { AGENT_TOOLS } from '../../../src/agents';
import type { AgentToolContext, AgentToolResult } from '../../../src/agents';
import { controlLine } from '../../../src/agents/lines';
import { httpMeaning } from '../../../src/api/serviceErrorMeaning';
import type { ControlTransaction } from '../../../src/shared/controlProtocol';
import { assertGolden } from '../support/golden';
import { agentSandbox, namedTool as tool, okData as ok } from '../support/agentSandbox';

function refused(result: AgentToolResult): { field?: string; message: string; kind: string; sent?: boolean } {
  assert.equal(result.isError, true, result.text);
  return (result.data as { error: { field?: string; message: string; kind: string; sent?: boolean } }).error;
}

/** A valid input of each tool, for the cancellation test. */
const INPUTS: Record<string, Record<string, unknown>> = {
  exchangeTx_getTransactions: { ids: ['abcd1234'] },
  exchangeTx_listTransactions: {},
  exchangeTx_diagnoseTransaction: { id: 'abcd1234' },
  exchangeTx_getPairLimits: { pairs: [{ from: 'btc', to: 'eth' }] },
  exchangeTx_getEstimate: { from: 'btc', to: 'eth', amountFrom: '0.5' },
  exchangeTx_getFixedRate: { from: 'btc', to: 'eth', amountFrom: '0.5' },
  exchangeTx_validateAddress: { currency: 'eth', address: '0x0123456789abcdef0123456789abcdef01234567' },
  exchangeTx_listSandboxRequests: {},
  exchangeTx_createSandboxTransaction: {},
  exchangeTx_createSandboxFixedTransaction: {
    from: 'btc',
    to: 'eth',
    rateId: 'r',
    amountFrom: '0.5',
    address: 'a',
    refundAddress: 'b',
  },
  exchangeTx_paySandboxTransaction: { id: 'abcd1234' },
  exchangeTx_moveSandboxTransaction: { id: 'abcd1234', status: 'hold' },
  exchangeTx_advanceSandbox: { skip: '1h' },
};

describe("agent tools: the other tools' words", function () {
  const s = agentSandbox();
  const account = (): AgentToolContext => ({
    client: s.client,
    target: { kind: 'account', label: 'Prod', host: 'api.example.com' },
  });

  it('explainError refuses what it cannot read, each with its field and words', async () => {
    const t = tool('exchangeTx_explainError');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ errorJson: 'nope' }, 'errorJson', 'is not JSON: give the answer\'s body, or its "error" object'],
      [{ errorJson: `${'['.repeat(17)}${']'.repeat(17)}` }, 'errorJson', 'nests too deeply'],
      [{ errorJson: '[1]' }, 'errorJson', 'has no error object with an integer "code" and a string "message"'],
      [
        { errorJson: '{"error":{"code":"1","message":"m"}}' },
        'errorJson',
        'has no error object with an integer "code" and a string "message"',
      ],
      [
        { errorJson: '{"error":{"code":1.5,"message":"m"}}' },
        'errorJson',
        'has no error object with an integer "code" and a string "message"',
      ],
      [
        { errorJson: '{"error":{"code":1,"message":2}}' },
        'errorJson',
        'has no error object with an integer "code" and a string "message"',
      ],
      [{ errorJson: '{"code":1}' }, 'errorJson', 'has no error object with an integer "code" and a string "message"'],
      [
        { errorJson: '{"code":1,"message":"m"}', code: 1 },
        'errorJson',
        'goes alone: give errorJson, or code and message, or httpStatus',
      ],
      [
        { errorJson: '{"code":1,"message":"m"}', httpStatus: 500 },
        'errorJson',
        'goes alone: give errorJson, or code and message, or httpStatus',
      ],
      [
        { httpStatus: 500, message: 'm' },
        'httpStatus',
        'goes alone: give errorJson, or code and message, or httpStatus',
      ],
      [{ code: 1 }, 'message', 'is required: give errorJson, or code and message, or httpStatus'],
      [{ message: 'm' }, 'code', 'is required: give errorJson, or code and message, or httpStatus'],
      [{}, 'code', 'is required: give errorJson, or code and message, or httpStatus'],
    ];
    for (const [input, field, words] of cases) {
      const error = refused(await t.run(s.context, input));
      assert.equal(error.field, field, JSON.stringify(input));
      assert.equal(error.message, `"${field}" ${words}`, JSON.stringify(input));
    }
    assert.equal(s.h.sandbox.requests.length, 0);
  });

  it('explainError answers an HTTP status, a JSON-RPC error object alone and with its data', async () => {
    const t = tool('exchangeTx_explainError');
    const meaning = httpMeaning(503);
    assert.ok(meaning);
    const http = await t.run(s.context, { httpStatus: 503 });
    assert.deepEqual(ok(http), { target: { kind: 'sandbox', label: 'Sandbox' }, httpStatus: 503, ...meaning });
    const fine = await t.run(s.context, { httpStatus: 200 });
    const bare = await t.run(s.context, { errorJson: '{"code":-32601,"message":"Method not found"}' });
    const data = ok(bare) as { code: number; message: string; kind: string; meaning: string; action: string };
    assertGolden('agents/words/explain-error', [http.text, fine.text, bare.text].join('\n\n'));
    for (const [result, told] of [
      [http, meaning],
      [bare, data],
    ] as const) {
      assert.ok(result.text.includes(`Meaning: ${told.meaning}\nWhat to do: ${told.action}`), result.text);
    }
    assert.equal(data.code, -32601);
    assert.equal(data.message, 'Method not found');
    const long = await t.run(s.context, { errorJson: JSON.stringify({ code: -32603, message: 'm'.repeat(3000) }) });
    assert.equal((ok(long) as { message: string }).message.length < 3000, true, 'the message is cut to its bound');
    const limits = await t.run(s.context, {
      errorJson: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32602,
          message: 'Invalid amount for pair btc->eth. Maximum amount is 10',
          data: { limits: { max: { from: '10' } } },
        },
      }),
    });
    const withData = ok(limits) as { kind: string; meaning: string };
    assert.equal(withData.kind, 'amount-out-of-range');
    assert.match(withData.meaning, /10/);
  });

  it('creates, pays and moves on the sandbox: what each asks of the control endpoint, its lines', async () => {
    const created = await tool('exchangeTx_createSandboxTransaction').run(s.context, {
      from: 'LTC',
      to: 'XMR',
      status: 'waiting',
    });
    const tx = ok(created).transaction as ControlTransaction;
    assert.equal(tx.currencyFrom, 'ltc');
    assert.equal(tx.currencyTo, 'xmr');
    assert.equal(tx.type, 'float');
    const paid = await tool('exchangeTx_paySandboxTransaction').run(s.context, { id: tx.id, amount: 1.5 });
    const after = ok(paid).transaction as ControlTransaction;
    assert.equal(after.amountFrom, '1.5');
    const moved = await tool('exchangeTx_moveSandboxTransaction').run(s.context, { id: tx.id, status: 'hold' });
    const held = ok(moved).transaction as ControlTransaction;
    assert.equal(held.status, 'hold');
    assertGolden('agents/words/create-pay-move', [created.text, paid.text, moved.text].join('\n\n'));
    for (const [result, record] of [
      [created, tx],
      [paid, after],
      [moved, held],
    ] as const) {
      assert.ok(result.text.endsWith(`\n${controlLine(record)}`), 'its line from the record');
    }
    const expired = ok(await tool('exchangeTx_createSandboxTransaction').run(s.context, { status: 'expired' }))
      .transaction as ControlTransaction;
    assert.equal(expired.type, 'fixed', 'expired is a fixed-rate status');
    const fixed = ok(await tool('exchangeTx_createSandboxTransaction').run(s.context, { type: 'fixed' }))
      .transaction as ControlTransaction;
    assert.equal(fixed.type, 'fixed');
  });

  it('refuses a create with one currency twice (its defaults too) or a status its type cannot be in', async () => {
    const t = tool('exchangeTx_createSandboxTransaction');
    assert.deepEqual(refused(await t.run(s.context, { from: 'ETH' })), {
      kind: 'invalid-input',
      field: 'to',
      message: '"to" must differ from "from" (defaults: btc → eth)',
      sent: false,
    });
    assert.equal(refused(await t.run(s.context, { to: 'btc' })).field, 'to');
    const status = refused(await t.run(s.context, { type: 'float', status: 'expired' }));
    assert.equal(status.field, 'status');
    assert.match(status.message, /^"status" is not a status a float transaction can be in$/);
    assert.equal(s.h.sandbox.requests.length, 0);
  });

  it('says which ids were not found', async () => {
    const tx = ok(await tool('exchangeTx_createSandboxTransaction').run(s.context, {}))
      .transaction as ControlTransaction;
    const result = await tool('exchangeTx_getTransactions').run(s.context, { ids: [tx.id, 'zzzz9999', 'yyyy8888'] });
    const data = ok(result) as { notFound: string[]; omitted?: unknown };
    assert.deepEqual(data.notFound, ['zzzz9999', 'yyyy8888']);
    assert.equal('omitted' in data, false);
    const lines = result.text.split('\n');
    assert.equal(lines[1], '1 of 3 found.');
    assert.equal(lines.at(-1), 'Not found: zzzz9999, yyyy8888');
    const all = await tool('exchangeTx_getTransactions').run(s.context, { ids: [tx.id] });
    assert.ok(!all.text.includes('Not found'));
    assert.equal(all.text.split('\n').length, 3);
  });

  it('diagnoses an unknown id on each target in words', async () => {
    const onSandbox = await tool('exchangeTx_diagnoseTransaction').run(s.context, { id: 'zzzz9999' });
    assert.deepEqual(ok(onSandbox), { target: { kind: 'sandbox', label: 'Sandbox' }, found: false });
    const what =
      'What to do: check the id, and that it was created with this target (a sandbox id is unknown to an account and the other way round; a restarted sandbox forgets what was created in it).';
    assert.equal(onSandbox.text, `On the sandbox:\nNo transaction "zzzz9999" on the sandbox.\n${what}`);
    const onAccount = await tool('exchangeTx_diagnoseTransaction').run(account(), { id: 'zzzz9999' });
    assert.equal(
      onAccount.text,
      `On account 'Prod' (api.example.com):\nNo transaction "zzzz9999" on this account.\n${what}`,
    );
    const tx = ok(await tool('exchangeTx_createSandboxTransaction').run(s.context, { status: 'finished' }))
      .transaction as ControlTransaction;
    const found = ok(await tool('exchangeTx_diagnoseTransaction').run(s.context, { id: tx.id })) as { found: boolean };
    assert.equal(found.found, true);
  });

  it('stops every tool that sends when its caller has cancelled, as an error result', async () => {
    const aborted = AbortSignal.abort();
    for (const t of AGENT_TOOLS) {
      if (t.name === 'exchangeTx_explainError') continue;
      const input = INPUTS[t.name];
      assert.ok(input, `an input for ${t.name}`);
      s.h.sandbox.clearRequests();
      const result = await t.run({ ...s.context, signal: aborted }, input);
      assert.equal(result.isError, true, `${t.name}: ${result.text}`);
      assert.equal(refused(result).kind, 'cancelled', t.name);
      assert.equal(s.h.sandbox.requests.length, 0, t.name);
    }
  });
});
