/**
 * The market tools' answers against a real, seeded sandbox over real HTTP: the text compared whole
 * with a golden file (test/golden/agents/market/), and written out from the data the same call
 * gave (every amount, fee, rate, limit and the quote's id and expiry in it); what was asked of the
 * sandbox (tickers lowercased), and an extra id and a reason when the service gives one.
 */
import { strict as assert } from 'assert';
import type { AgentToolContext, AgentToolResult } from '../../../src/agents';
import { assertGolden } from '../support/golden';
import { agentSandbox, namedTool, okData as ok } from '../support/agentSandbox';

function run(name: string, context: AgentToolContext, input: unknown): Promise<AgentToolResult> {
  return namedTool(name).run(context, input);
}

describe("agent tools: the market tools' answers, line by line", function () {
  const s = agentSandbox();

  it('pair limits: one line a pair, float and fixed bounds in the payin currency; the pairs asked in lower case', async () => {
    const result = await run('exchangeTx_getPairLimits', s.context, {
      pairs: [
        { from: 'BTC', to: 'ETH' },
        { from: 'Ltc', to: 'xmr' },
      ],
    });
    const data = ok(result) as {
      limits: {
        from: string;
        to: string;
        minAmountFloat: string;
        maxAmountFloat: string;
        minAmountFixed: string;
        maxAmountFixed: string;
      }[];
      missing: unknown[];
    };
    assert.deepEqual(s.h.sandbox.requests.at(-1)?.params, [
      { from: 'btc', to: 'eth' },
      { from: 'ltc', to: 'xmr' },
    ]);
    assert.equal(data.limits.length, 2);
    assert.deepEqual(data.missing, []);
    assertGolden('agents/market/pair-limits', result.text);
    data.limits.forEach((l, i) => {
      const line = result.text.split('\n')[i + 1] ?? '';
      for (const amount of [l.minAmountFloat, l.maxAmountFloat, l.minAmountFixed, l.maxAmountFixed])
        assert.ok(line.includes(`${amount}`), `${amount} on ${line}`);
    });
    assert.deepEqual(
      data.limits.map((l) => [l.from, l.to]),
      [
        ['btc', 'eth'],
        ['ltc', 'xmr'],
      ],
    );
  });

  it('an estimate: amounts, fee and rate on one line, then the limits', async () => {
    const result = await run('exchangeTx_getEstimate', s.context, { from: 'BTC', to: 'Eth', amountFrom: 0.5 });
    const e = ok(result).estimate as {
      from: string;
      to: string;
      amountFrom: string;
      amountTo: string;
      networkFee?: string;
      rate?: string;
      min?: string;
      max?: string;
      minFrom?: string;
      maxFrom?: string;
    };
    const params = s.h.sandbox.requests.at(-1)?.params as
      { from: string; to: string; amountFrom: string }[] | { from: string; to: string; amountFrom: string };
    const asked = Array.isArray(params) ? params[0] : params;
    assert.equal(asked?.from, 'btc');
    assert.equal(asked?.to, 'eth');
    assert.equal(asked?.amountFrom, '0.5');
    assert.ok(e.networkFee !== undefined && e.rate !== undefined, JSON.stringify(e));
    const min = e.minFrom ?? e.min;
    const max = e.maxFrom ?? e.max;
    assert.ok(min !== undefined && max !== undefined, JSON.stringify(e));
    assertGolden('agents/market/estimate', result.text);
    for (const value of [e.amountTo, e.networkFee, e.rate, min, max]) assert.ok(result.text.includes(value), value);
  });

  it('a fixed-rate quote: its rate id and expiry, amounts, rate and fee, then the limits; asked in lower case', async () => {
    const result = await run('exchangeTx_getFixedRate', s.context, { from: 'BTC', to: 'ETH', amountFrom: '0.5' });
    const data = ok(result) as {
      quote: {
        id: string;
        from: string;
        to: string;
        amountFrom: string;
        amountTo: string;
        result: string;
        networkFee?: string;
        min?: string;
        max?: string;
        minFrom?: string;
        maxFrom?: string;
        expiredAt: number;
      };
      expiresAt: string;
    };
    const q = data.quote;
    const params = s.h.sandbox.requests.at(-1)?.params as { from: string; to: string }[] | { from: string; to: string };
    const asked = Array.isArray(params) ? params[0] : params;
    assert.equal(asked?.from, 'btc');
    assert.equal(asked?.to, 'eth');
    assert.equal(data.expiresAt, new Date(Math.floor(q.expiredAt / 1000)).toISOString());
    assert.ok(q.networkFee !== undefined);
    const min = q.minFrom ?? q.min;
    const max = q.maxFrom ?? q.max;
    assertGolden('agents/market/fixed-rate-quote', result.text);
    for (const value of [JSON.stringify(q.id), data.expiresAt, q.amountTo, q.result, q.networkFee, min, max])
      assert.ok(result.text.includes(String(value)), String(value));
    const byPayout = await run('exchangeTx_getFixedRate', s.context, { from: 'btc', to: 'eth', amountTo: 2 });
    ok(byPayout);
    const payoutParams = s.h.sandbox.requests.at(-1)?.params as Record<string, unknown>[] | Record<string, unknown>;
    const payout = Array.isArray(payoutParams) ? payoutParams[0] : payoutParams;
    assert.equal(payout?.amountTo, '2');
    assert.equal(payout?.amountFrom, undefined);
  });

  it('refuses the same currency on both sides, in any case, naming the field, before a request', async () => {
    for (const [name, input, field] of [
      ['exchangeTx_getEstimate', { from: 'BTC', to: 'btc', amountFrom: '1' }, 'to'],
      ['exchangeTx_getFixedRate', { from: 'eth', to: 'ETH', amountFrom: '1' }, 'to'],
      [
        'exchangeTx_getPairLimits',
        {
          pairs: [
            { from: 'btc', to: 'eth' },
            { from: 'LTC', to: 'ltc' },
          ],
        },
        'pairs[1].to',
      ],
    ] as const) {
      const result = await run(name, s.context, input);
      assert.equal(result.isError, true);
      const error = (result.data as { error: { field: string; message: string } }).error;
      assert.equal(error.field, field, name);
      assert.equal(error.message, `"${field}" must differ from "from"`, name);
    }
    const both = await run('exchangeTx_getFixedRate', s.context, { from: 'btc', to: 'eth' });
    assert.equal(
      (both.data as { error: { message: string } }).error.message,
      '"amountFrom" give exactly one of amountFrom and amountTo',
    );
    assert.equal(s.h.sandbox.requests.length, 0);
  });

  it("an address: valid, or not valid with the service's reason; the extra id named and asked", async () => {
    const valid = await run('exchangeTx_validateAddress', s.context, {
      currency: 'ETH',
      address: '0x0123456789abcdef0123456789abcdef01234567',
    });
    ok(valid);
    assert.deepEqual(s.h.sandbox.requests.at(-1)?.params, {
      currency: 'eth',
      address: '0x0123456789abcdef0123456789abcdef01234567',
    });
    const invalid = await run('exchangeTx_validateAddress', s.context, {
      currency: 'eth',
      address: 'nope',
      extraId: 'memo 1',
    });
    const verdict = ok(invalid).verdict as { result: boolean; message?: string };
    assert.deepEqual(s.h.sandbox.requests.at(-1)?.params, { currency: 'eth', address: 'nope', extraId: 'memo 1' });
    assert.equal(verdict.result, false);
    const reason = verdict.message ? `: ${JSON.stringify(verdict.message)}` : '.';
    assert.equal(invalid.text, `On the sandbox:\nThe ETH address "nope" with extra id "memo 1" is NOT valid${reason}`);
  });
});
