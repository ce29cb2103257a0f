/**
 * The sandbox tools' words, exactly: each confirmation from the input as given (values shown short
 * and made safe, their fallbacks), the fixed-rate create with a quote's rate id against a real
 * sandbox (its line written out from the record, what was sent), and the advance tool's skips,
 * runs and refusals.
 */
import { strict as assert } from 'assert';
import type { AgentToolResult } from '../../../src/agents';
import { durationText } from '../../../src/agents/duration';
import { controlLine } from '../../../src/agents/lines';
import type { ControlTransaction } from '../../../src/shared/controlProtocol';
import { assertGolden } from '../support/golden';
import { agentSandbox, namedTool as tool, okData as ok } from '../support/agentSandbox';

function confirm(name: string, input: unknown): { title: string; message: string } {
  const c = tool(name).confirmation?.(input);
  assert.ok(c, name);
  return c;
}

function refusal(result: AgentToolResult): { field?: string; message: string } {
  assert.equal(result.isError, true, result.text);
  return (result.data as { error: { field?: string; message: string } }).error;
}

describe("agent tools: the sandbox tools' words", function () {
  it('confirms each change from the input as given, with its fallbacks', () => {
    assert.deepEqual(confirm('exchangeTx_createSandboxFixedTransaction', { from: 'btc', to: 'eth', amountFrom: 0.1 }), {
      title: 'Create a fixed-rate sandbox transaction?',
      message:
        "Creates a fixed-rate transaction of 0.1 BTC in the local sandbox with the quote's rate id. Nothing is sent to a real account.",
    });
    assert.equal(
      confirm('exchangeTx_createSandboxFixedTransaction', { from: 'btc', to: 'eth', amountTo: '3' }).message,
      "Creates a fixed-rate transaction of 3 ETH in the local sandbox with the quote's rate id. Nothing is sent to a real account.",
    );
    assert.equal(
      confirm('exchangeTx_createSandboxFixedTransaction', { amountFrom: ['x'] }).message,
      "Creates a fixed-rate transaction of ? ? in the local sandbox with the quote's rate id. Nothing is sent to a real account.",
    );
    assert.equal(
      confirm('exchangeTx_createSandboxFixedTransaction', undefined).message,
      "Creates a fixed-rate transaction of ? ? in the local sandbox with the quote's rate id. Nothing is sent to a real account.",
    );
    assert.equal(
      confirm('exchangeTx_createSandboxFixedTransaction', {
        amountFrom: 'x'.repeat(70),
        from: 'b\u202e',
      }).message.split(' in the local')[0],
      `Creates a fixed-rate transaction of ${'x'.repeat(64)}… B\uFFFD`,
    );
    assert.deepEqual(confirm('exchangeTx_advanceSandbox', { id: 'abcd1234', toStatus: 'finished' }), {
      title: 'Run a sandbox transaction on?',
      message:
        'Runs the sandbox transaction abcd1234 to "finished" through its steps (skipping the sandbox clock). Nothing is sent to a real account.',
    });
    assert.equal(
      confirm('exchangeTx_advanceSandbox', { id: 5 }).message,
      'Runs the sandbox transaction 5 to "?" through its steps (skipping the sandbox clock). Nothing is sent to a real account.',
    );
    assert.deepEqual(confirm('exchangeTx_advanceSandbox', { skip: '1h' }), {
      title: 'Skip the sandbox clock?',
      message:
        'Moves the sandbox clock ahead by 1h: every sandbox transaction moves on its schedule. Nothing is sent to a real account.',
    });
    assert.equal(
      confirm('exchangeTx_advanceSandbox', {}).message,
      'Moves the sandbox clock ahead by ?: every sandbox transaction moves on its schedule. Nothing is sent to a real account.',
    );
    assert.deepEqual(confirm('exchangeTx_createSandboxTransaction', {}), {
      title: 'Create a sandbox transaction?',
      message:
        'Creates a floating-rate BTC → ETH transaction in the local sandbox, in status "waiting". Nothing is sent to a real account.',
    });
    assert.equal(
      confirm('exchangeTx_createSandboxTransaction', { from: ' ', to: 7, amountFrom: 2, status: '' }).message,
      'Creates a floating-rate 2 BTC → 7 transaction in the local sandbox, in status "waiting". Nothing is sent to a real account.',
    );
    assert.deepEqual(confirm('exchangeTx_paySandboxTransaction', { id: 'abcd1234' }), {
      title: 'Pay a sandbox transaction?',
      message: 'Pays the expected amount into the sandbox transaction abcd1234. Nothing is sent to a real account.',
    });
    assert.equal(
      confirm('exchangeTx_paySandboxTransaction', {}).message,
      'Pays the expected amount into the sandbox transaction ?. Nothing is sent to a real account.',
    );
    assert.deepEqual(confirm('exchangeTx_moveSandboxTransaction', {}), {
      title: 'Move a sandbox transaction?',
      message: 'Moves the sandbox transaction ? to status "?". Nothing is sent to a real account.',
    });
  });

  describe('against a real sandbox', () => {
    const s = agentSandbox();

    it("creates a fixed-rate transaction with a quote's rate id: what it sends, its line from the record", async () => {
      const quote = ok(
        await tool('exchangeTx_getFixedRate').run(s.context, { from: 'btc', to: 'eth', amountFrom: '0.5' }),
      ).quote as { id: string };
      s.h.sandbox.clearRequests();
      const address = '0x0123456789abcdef0123456789abcdef01234567';
      const refund = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
      const result = await tool('exchangeTx_createSandboxFixedTransaction').run(s.context, {
        from: 'BTC',
        to: 'Eth',
        rateId: quote.id,
        amountFrom: 0.5,
        address,
        refundAddress: refund,
        refundExtraId: 'r1',
      });
      const tx = ok(result).transaction as {
        id: string;
        amountExpectedFrom: string;
        amountExpectedTo: string;
        payinAddress: string;
        payinExtraId: string | null;
        payTill: string | null;
      };
      const params = s.h.sandbox.requests.at(-1)?.params as Record<string, unknown>;
      assert.deepEqual(params, {
        from: 'btc',
        to: 'eth',
        rateId: quote.id,
        address,
        refundAddress: refund,
        amountFrom: '0.5',
        refundExtraId: 'r1',
      });
      assert.ok(tx.payTill, 'a fixed-rate transaction has a payTill');
      assertGolden('agents/sandbox/fixed-create', result.text);
      for (const value of [tx.id, tx.amountExpectedFrom, tx.payinAddress, tx.payTill, tx.amountExpectedTo])
        assert.ok(result.text.includes(value), `${value} in the text`);
    });

    it('refuses a fixed-rate create without exactly one amount, or with one currency twice, sending nothing', async () => {
      const t = tool('exchangeTx_createSandboxFixedTransaction');
      const base = { from: 'btc', to: 'eth', rateId: 'r', address: 'a', refundAddress: 'b' };
      assert.deepEqual(refusal(await t.run(s.context, base)), {
        kind: 'invalid-input',
        field: 'amountFrom',
        message: '"amountFrom" give exactly one of amountFrom and amountTo (the one the quote was for)',
        sent: false,
      });
      assert.equal(refusal(await t.run(s.context, { ...base, amountFrom: '1', amountTo: '2' })).field, 'amountFrom');
      assert.deepEqual(refusal(await t.run(s.context, { ...base, to: 'BTC', amountFrom: '1' })), {
        kind: 'invalid-input',
        field: 'to',
        message: '"to" must differ from "from"',
        sent: false,
      });
      assert.equal(s.h.sandbox.requests.length, 0);
    });

    it('sends the payout amount and the extra ids when given', async () => {
      const quote = ok(await tool('exchangeTx_getFixedRate').run(s.context, { from: 'btc', to: 'eth', amountTo: '2' }))
        .quote as { id: string };
      s.h.sandbox.clearRequests();
      await tool('exchangeTx_createSandboxFixedTransaction').run(s.context, {
        from: 'btc',
        to: 'eth',
        rateId: quote.id,
        amountTo: 2,
        address: '0x0123456789abcdef0123456789abcdef01234567',
        extraId: 'x1',
        refundAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      });
      const params = s.h.sandbox.requests.at(-1)?.params as Record<string, unknown>;
      assert.equal(params.amountTo, '2');
      assert.equal(params.extraId, 'x1');
      assert.equal('amountFrom' in params, false);
      assert.equal('refundExtraId' in params, false);
    });

    it('skips the clock and says by how much and where it now is', async () => {
      const before = await s.control.clock();
      const result = await tool('exchangeTx_advanceSandbox').run(s.context, { skip: '90m' });
      const data = ok(result) as { steps: string[]; clock: { now: string; skippedMs: number } };
      assert.deepEqual(data.steps, ['skipped 1 h 30 min']);
      assert.equal(data.clock.skippedMs, before.skippedMs + 5_400_000);
      assert.equal(
        result.text,
        `On the sandbox:\nSkipped the sandbox clock 1 h 30 min: it is now ${data.clock.now} (${durationText(data.clock.skippedMs)} ahead of real time).`,
      );
    });

    it('runs a transaction to a status: paying it, skipping the clock step by step; says when it was there already', async () => {
      const tx = ok(await tool('exchangeTx_createSandboxTransaction').run(s.context, {}))
        .transaction as ControlTransaction;
      const result = await tool('exchangeTx_advanceSandbox').run(s.context, { id: tx.id, toStatus: 'exchanging' });
      const data = ok(result) as { transaction: ControlTransaction; steps: string[] };
      assert.equal(data.transaction.status, 'exchanging');
      assert.equal(data.steps[0], 'paid the expected amount (now confirming)');
      assert.ok(
        data.steps.slice(1).every((step) => /^skipped the clock .+ \(now (confirming|exchanging)\)$/.test(step)),
        data.steps.join('; '),
      );
      assert.equal(
        result.text,
        `On the sandbox:\nReached exchanging: ${data.steps.join('; ')}.\n${controlLine(data.transaction)}`,
      );
      const again = await tool('exchangeTx_advanceSandbox').run(s.context, { id: tx.id, toStatus: 'exchanging' });
      assert.match(again.text, /^On the sandbox:\nReached exchanging: it was there already\.\n/);
      assert.deepEqual((ok(again) as { steps: string[] }).steps, []);
    });

    it('moves a transaction to a status its schedule does not reach, saying so', async () => {
      const tx = ok(await tool('exchangeTx_createSandboxTransaction').run(s.context, { status: 'confirming' }))
        .transaction as ControlTransaction;
      const result = await tool('exchangeTx_advanceSandbox').run(s.context, { id: tx.id, toStatus: 'hold' });
      const data = ok(result) as { transaction: ControlTransaction; steps: string[] };
      assert.equal(data.transaction.status, 'hold');
      assert.equal(
        data.steps.at(-1),
        data.steps.length === 1
          ? 'moved it to hold (its schedule does not reach it from where it was)'
          : 'moved it to hold (its schedule does not reach it from there)',
      );
      const waiting = ok(await tool('exchangeTx_createSandboxTransaction').run(s.context, {}))
        .transaction as ControlTransaction;
      const overdue = ok(
        await tool('exchangeTx_advanceSandbox').run(s.context, { id: waiting.id, toStatus: 'overdue' }),
      ) as { transaction: ControlTransaction; steps: string[] };
      assert.equal(overdue.transaction.status, 'overdue');
      assert.ok(!overdue.steps.some((step) => step.startsWith('paid')), 'a transaction run to overdue is not paid');
    });

    it('refuses skip with an id, an id without a status and a status without an id, naming the field', async () => {
      const t = tool('exchangeTx_advanceSandbox');
      assert.deepEqual(refusal(await t.run(s.context, { skip: '1h', id: 'abcd1234' })), {
        kind: 'invalid-input',
        field: 'skip',
        message: '"skip" goes alone: give skip, or id and toStatus',
        sent: false,
      });
      assert.equal(refusal(await t.run(s.context, { skip: '1h', toStatus: 'hold' })).field, 'skip');
      assert.deepEqual(refusal(await t.run(s.context, { id: 'abcd1234' })), {
        kind: 'invalid-input',
        field: 'toStatus',
        message: '"toStatus" is required: give id and toStatus, or skip',
        sent: false,
      });
      assert.equal(refusal(await t.run(s.context, { toStatus: 'hold' })).field, 'id');
      assert.equal(refusal(await t.run(s.context, {})).field, 'id');
      assert.equal(refusal(await t.run(s.context, { skip: 'soon' })).field, 'skip');
    });
  });
});
