/**
 * "Why is my transaction stuck?" against a real sandbox over real HTTP: the diagnosis of a
 * transaction in each status (since when, exact from the sandbox's schedule; meaning, next step,
 * advice with its source), the stuck filter finding exactly the transactions seeded stuck, amounts
 * sent as JSON numbers, bounded results with a cursor, and the fixed-rate flow (a quote's rate id,
 * then the sandbox run to finished by skipping its clock).
 */
import { strict as assert } from 'assert';
import Ajv from 'ajv';
import { AGENT_TOOLS, SANDBOX_TARGET, Sightings } from '../../../src/agents';
import type { AgentToolContext, AgentToolResult } from '../../../src/agents';
import { MAX_RESULT_CHARS, resultSize } from '../../../src/agents/bounded';
import { STATUS_FACTS } from '../../../src/agents/statusGuide';
import type { ControlTransaction } from '../../../src/shared/controlProtocol';
import { movableStatuses } from '../../../src/shared/controlProtocol';
import type { KnownStatus } from '../../../src/shared/status';
import { startHarness } from '../api/support';
import { agentSandbox, namedTool as tool, okData as ok } from '../support/agentSandbox';

const HOUR = 3_600_000;

describe('agent tools: diagnosis, stuck transactions, amounts as numbers, bounds, the fixed-rate flow', function () {
  const s = agentSandbox();
  const ajv = new Ajv({ strict: false, allErrors: true });

  /** Runs a tool and checks its data against its output schema. */
  async function run(name: string, input: unknown, context: AgentToolContext = s.context): Promise<AgentToolResult> {
    const t = tool(name);
    const result = await t.run(context, input);
    const validate = ajv.compile(t.outputSchema);
    assert.ok(
      validate(result.data),
      `${name}: ${JSON.stringify(validate.errors)} for ${JSON.stringify(result.data).slice(0, 400)}`,
    );
    assert.ok(resultSize(result) <= MAX_RESULT_CHARS, `${name}: ${resultSize(result)} characters`);
    return result;
  }

  async function created(input: Record<string, unknown>): Promise<ControlTransaction> {
    return ok(await run('exchangeTx_createSandboxTransaction', input)).transaction as ControlTransaction;
  }

  it('diagnoses a transaction in each status: since when (the schedule, exact), meaning, next step, usual time, advice with its source, ids for support', async () => {
    const statuses = new Set<KnownStatus>([...movableStatuses('float'), ...movableStatuses('fixed')]);
    for (const status of statuses) {
      const type = status === 'expired' ? 'fixed' : 'float';
      const tx = await created({ status, type, from: 'btc', to: 'eth' });
      await s.control.skip(5_000);
      const result = await run('exchangeTx_diagnoseTransaction', { id: tx.id });
      const d = ok(result).diagnosis as Record<string, unknown> & {
        since: Record<string, unknown>;
        advice: { source: string; text: string }[];
        support: Record<string, unknown>;
      };
      const entered = [...tx.schedule].reverse().find((step) => step.status === status);
      assert.ok(entered, status);
      assert.equal(d.status, status);
      assert.equal(d.since.at, new Date(entered.atMs).toISOString(), status);
      assert.equal(d.since.exact, true);
      assert.equal(d.inStatusMs, 5_000, status);
      assert.equal(d.meaning, STATUS_FACTS[status].meaning);
      assert.equal(d.next, STATUS_FACTS[status].next);
      assert.ok(d.advice.length > 0 && d.advice.every((a) => a.source === 'docs' || a.source === 'ours'));
      assert.equal(d.support.transactionId, tx.id);
      const text = result.text;
      assert.ok(
        text.includes(
          `is ${status} since ${new Date(entered.atMs).toISOString()} (5 s; the sandbox's schedule, exact)`,
        ),
        text,
      );
      assert.ok(text.includes(`Meaning: ${STATUS_FACTS[status].meaning}`), text);
      assert.match(
        text,
        /What to do: .*\((our advice, not the service's|the service's documentation: https:\/\/docs\.changelly\.com\/[a-z/-]+)\)/,
      );
      assert.match(text, new RegExp(`For a support request: transaction id "${tx.id}"`));
      if (status === 'hold') assert.match(text, /security team.*kyc-aml/);
      if (status === 'confirming') assert.match(text, /The catalogue says \d+ confirmations? of BTC/);
      if (!STATUS_FACTS[status].final && status !== 'hold')
        assert.match(text, /The sandbox's schedule: [a-z]+ at \d{4}-/);
    }
    const missing = ok(await run('exchangeTx_diagnoseTransaction', { id: 'nosuchid0000' }));
    assert.equal(missing.found, false);
  });

  it('diagnoses on an account from the first sighting kept for it: unknown at first, then "at least since"', async () => {
    const tx = await created({ status: 'confirming' });
    let now = Date.parse('2030-01-01T00:00:00Z');
    const account: AgentToolContext = {
      client: s.client,
      target: { kind: 'account', label: 'Prod', host: 'api.example.com' },
      sightings: new Sightings(),
      now: () => now,
    };
    const first = ok(await run('exchangeTx_diagnoseTransaction', { id: tx.id }, account)).diagnosis as {
      since: Record<string, unknown>;
    };
    // The first look is the first sighting: at least since now.
    assert.deepEqual(first.since, {
      at: '2030-01-01T00:00:00.000Z',
      exact: false,
      source: 'sighting',
      text: 'at least since 2030-01-01T00:00:00.000Z (0 s; first seen in this status then)',
    });
    // Without sightings kept: unknown.
    const unkept = ok(await run('exchangeTx_diagnoseTransaction', { id: tx.id }, { ...account, sightings: undefined }))
      .diagnosis as { since: Record<string, unknown> };
    assert.deepEqual(unkept.since, {
      at: null,
      exact: false,
      source: 'unknown',
      text: 'since an unknown time (not seen in this status before)',
    });
    now += 2 * HOUR;
    const later = await run('exchangeTx_diagnoseTransaction', { id: tx.id }, account);
    const since = (ok(later).diagnosis as { since: Record<string, unknown> }).since;
    assert.equal(since.at, '2030-01-01T00:00:00.000Z');
    assert.equal(since.source, 'sighting');
    assert.match(
      later.text,
      /is confirming at least since 2030-01-01T00:00:00\.000Z \(2 h; first seen in this status then\)/,
    );
  });

  it("hands on every record a tool fetched (the extension's store notes the sightings from it)", async () => {
    const tx = await created({ status: 'hold' });
    const heard: string[][] = [];
    const context: AgentToolContext = { ...s.context, onRecords: (records) => heard.push(records.map((r) => r.id)) };
    const listed = (await s.client.getTransactions({ limit: 3 })).map((r) => r.id);
    ok(await run('exchangeTx_getTransactions', { ids: [tx.id, 'nosuchid0000'] }, context));
    ok(await run('exchangeTx_diagnoseTransaction', { id: tx.id }, context));
    ok(await run('exchangeTx_listTransactions', { limit: 3 }, context));
    ok(await run('exchangeTx_listTransactions', { status: ['hold'], inStatusLongerThan: '1h', limit: 1 }, context));
    assert.deepEqual(heard.slice(0, 3), [[tx.id], [tx.id], listed]);
    assert.ok(heard.slice(3).flat().includes(tx.id), 'the stuck list hands on the pages it scanned');
  });

  it("finds exactly the transactions seeded stuck: in their status for longer than the duration, on the sandbox's clock", async () => {
    s.h.sandbox.control({ action: 'reset' });
    // hold stays until moved: two seeded stuck, and a confirming one that moves on by itself within the skip.
    const stuck = [
      await created({ status: 'hold' }),
      await created({ status: 'hold' }),
      await created({ status: 'confirming' }),
    ];
    await s.control.skip(2 * HOUR);
    const fresh = [await created({ status: 'hold' }), await created({ status: 'waiting', type: 'fixed' })];
    const progress: string[] = [];
    const result = await run(
      'exchangeTx_listTransactions',
      { status: ['hold'], inStatusLongerThan: '1h' },
      { ...s.context, progress: (_d, _t, message) => progress.push(message) },
    );
    const records = ok(result).records as { id: string; inStatusSince: string; inStatusSinceExact: boolean }[];
    assert.deepEqual(
      records.map((r) => r.id).sort(),
      stuck
        .filter((t) => t.status === 'hold')
        .map((t) => t.id)
        .sort(),
    );
    assert.ok(records.every((r) => r.inStatusSinceExact));
    assert.ok(!records.some((r) => fresh.some((f) => f.id === r.id)));
    assert.ok(progress.length > 0, 'progress reported');
    assert.match(result.text, /in status for more than 1 h/);
    assert.match(result.text, /· 2 h in hold/);
    // Without a status: every status that is not final.
    const any = ok(await run('exchangeTx_listTransactions', { inStatusLongerThan: 'PT90M' })).records as {
      id: string;
      status: string;
    }[];
    assert.ok(any.every((r) => !STATUS_FACTS[r.status as KnownStatus].final));
    assert.ok(!any.some((r) => fresh.some((f) => f.id === r.id)));
    for (const bad of ['soon', '0s', '400d', 'PT'])
      assert.equal(
        ((await run('exchangeTx_listTransactions', { inStatusLongerThan: bad })).data as { error: { field: string } })
          .error.field,
        'inStatusLongerThan',
        bad,
      );
  });

  it('takes amounts as JSON numbers: the decimal text they were written as, or a clear refusal', async () => {
    const estimate = ok(await run('exchangeTx_getEstimate', { from: 'BTC', to: 'ETH', amountFrom: 0.1 }));
    assert.equal((estimate.estimate as { amountFrom: string }).amountFrom, '0.1');
    assert.match(JSON.stringify(s.h.sandbox.requests.at(-1)?.params), /"amountFrom":"0\.1"/);
    ok(await run('exchangeTx_getFixedRate', { from: 'btc', to: 'eth', amountFrom: 1e-3 }));
    assert.match(JSON.stringify(s.h.sandbox.requests.at(-1)?.params), /"amountFrom":"0\.001"/);
    const refused = await run('exchangeTx_getEstimate', {
      from: 'btc',
      to: 'eth',
      amountFrom: Number('0.12345678901234567'),
    });
    assert.equal(refused.isError, true);
    assert.match(
      refused.text,
      /"amountFrom" has more than 15 significant digits .* send it as a string such as "0\.1"/,
    );
    assert.match(
      (await run('exchangeTx_getEstimate', { from: 'btc', to: 'eth', amountFrom: -1 })).text,
      /"amountFrom" must not be negative/,
    );
  });

  it('keeps every result within the bound: compact records by default, the full ones cut to fit with a cursor', async () => {
    const seeded = await startHarness({ ledgerSize: 150 });
    const c = seeded.client({ retry: { retries: 0 } });
    try {
      const context: AgentToolContext = { client: c, target: SANDBOX_TARGET };
      for (const full of [false, true]) {
        const result = await tool('exchangeTx_listTransactions').run(context, { limit: 100, full });
        assert.ok(resultSize(result) <= MAX_RESULT_CHARS, `${resultSize(result)} characters (full ${String(full)})`);
        const data = ok(result);
        assert.ok((data.records as unknown[]).length > 5);
        if ((data.records as unknown[]).length < 100) assert.match(result.text, /shown \(the result's size bound\)/);
      }
      const ids = (await c.getTransactions({ limit: 20 })).map((r) => r.id);
      const lookup = await tool('exchangeTx_getTransactions').run(context, { ids, full: true });
      assert.ok(resultSize(lookup) <= MAX_RESULT_CHARS);
    } finally {
      c.dispose();
      await seeded.sandbox.stop();
    }
  });

  it("runs the fixed-rate flow as documented: a quote's rate id creates the transaction, the sandbox runs it to finished", async () => {
    const quote = ok(await run('exchangeTx_getFixedRate', { from: 'btc', to: 'eth', amountFrom: '0.1' })).quote as {
      id: string;
    };
    const address =
      (await s.client.getTransactions({ limit: 1 }))[0]?.payoutAddress ?? '0x4c2f03db328eee7a13599bda435b25b18f33c249';
    const refund = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const createdFixed = await run('exchangeTx_createSandboxFixedTransaction', {
      from: 'btc',
      to: 'eth',
      rateId: quote.id,
      amountFrom: 0.1,
      address,
      refundAddress: refund,
    });
    const tx = ok(createdFixed).transaction as { id: string; payTill: string };
    assert.equal((s.h.sandbox.requests.at(-1) as { method?: string } | undefined)?.method, 'createFixTransaction');
    assert.ok(tx.payTill);
    const advanced = await run('exchangeTx_advanceSandbox', { id: tx.id, toStatus: 'finished' });
    const moved = ok(advanced).transaction as ControlTransaction;
    assert.equal(moved.status, 'finished');
    assert.match(
      advanced.text,
      /^On the sandbox:\nReached finished: paid the expected amount \(now confirming\); skipped the clock/,
    );
    assert.ok(!advanced.text.includes('moved it'), 'through its normal steps, not a move');
    // A rate id is single-use.
    const again = await run('exchangeTx_createSandboxFixedTransaction', {
      from: 'btc',
      to: 'eth',
      rateId: quote.id,
      amountFrom: 0.1,
      address,
      refundAddress: refund,
    });
    assert.equal(again.isError, true);
    // Off its schedule: refunded is entered from exchanging.
    const other = await created({ status: 'waiting' });
    const refunded = await run('exchangeTx_advanceSandbox', { id: other.id, toStatus: 'refunded' });
    assert.equal((ok(refunded).transaction as ControlTransaction).status, 'refunded');
    assert.match(refunded.text, /now exchanging.*moved it to refunded/);
    // Skip the clock.
    const skipped = ok(await run('exchangeTx_advanceSandbox', { skip: '2h' }));
    assert.ok((skipped.clock as { skippedMs: number }).skippedMs >= 2 * HOUR);
    assert.equal((await run('exchangeTx_advanceSandbox', { skip: '1h', id: other.id })).isError, true);
  });

  it('declares an output schema for every tool, which ajv compiles', () => {
    for (const t of AGENT_TOOLS) {
      ajv.compile(t.outputSchema);
      assert.match(t.description, / Not for: .+ Example: \{.+\}/s, t.name);
    }
  });
});
