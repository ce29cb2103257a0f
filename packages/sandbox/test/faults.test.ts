import { strict as assert } from 'assert';
import type { FaultKind, PairLimitsRecord, Sandbox, WireRecord } from '../src';
import { rateLimitOf } from '../../../src/api';
import { CURRENCIES, FAULT_KINDS, HOSTILE_VALUES } from '../src';
import type { RawAnswer } from './helpers';
import { post, postSigned, result, rpc, rpcError, testKeys, testSandbox } from './helpers';
import { until } from '../../../test/unit/support/until';

const call = (sandbox: Sandbox, id = 'f1', timeoutMs?: number): Promise<RawAnswer> =>
  postSigned(
    sandbox,
    testKeys().a,
    JSON.stringify({ jsonrpc: '2.0', id, method: 'getTransactions', params: { limit: 3 } }),
    { timeoutMs },
  );

describe('sandbox fault injection', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await testSandbox({ ledgerSize: 30 });
  });
  afterEach(() => sandbox.stop());

  const once = async (fault: FaultKind): Promise<RawAnswer> => {
    sandbox.setFaults({ next: [fault] });
    return call(sandbox);
  };

  it('answers HTTP 500, 502 and 503 with non-JSON bodies', async () => {
    const a500 = await once('http500');
    assert.equal(a500.status, 500);
    assert.equal(a500.text, 'Internal Server Error');
    const a502 = await once('http502');
    assert.equal(a502.status, 502);
    assert.match(a502.contentType, /text\/html/);
    assert.match(a502.text, /502 Bad Gateway/);
    const a503 = await once('http503');
    assert.equal(a503.status, 503);
    assert.equal(a503.headers['retry-after'], '1');
  });

  it('answers HTTP 200 with an HTML page, or with JSON cut in half', async () => {
    const html = await once('nonJson');
    assert.equal(html.status, 200);
    assert.match(html.contentType, /text\/html/);
    assert.throws(() => JSON.parse(html.text) as unknown);
    const proper = await call(sandbox);
    const cut = await once('truncated');
    assert.equal(cut.status, 200);
    assert.match(cut.contentType, /application\/json/);
    assert.throws(() => JSON.parse(cut.text) as unknown);
    assert.ok(proper.text.startsWith(cut.text) && cut.text.length < proper.text.length);
  });

  it('answers -32603 Internal Error, or the proper answer under another id', async () => {
    assert.deepEqual(JSON.parse((await once('internalError')).text), {
      jsonrpc: '2.0',
      id: 'f1',
      error: { code: -32603, message: 'Internal Error' },
    });
    const proper = JSON.parse((await call(sandbox)).text) as { id: string; result: unknown };
    const wrong = JSON.parse((await once('wrongId')).text) as { id: string; result: unknown };
    assert.notEqual(wrong.id, 'f1');
    assert.deepEqual(wrong.result, proper.result);
  });

  it("answers the service's rate-limit error, which the client reads as one", async () => {
    const body = JSON.parse((await once('rateLimited')).text) as {
      id: string;
      error: { code: number; message: string };
    };
    assert.deepEqual(body, {
      jsonrpc: '2.0',
      id: 'f1',
      error: { code: -32600, message: 'Error: You reached requests limit 10 rps' },
    });
    assert.equal(rateLimitOf(body.error.message), 10);
  });

  it('hangs: never answers, past a client timeout; stop() still ends at once', async () => {
    sandbox.setFaults({ next: ['hang'] });
    const started = performance.now();
    await assert.rejects(call(sandbox, 'h1', 300), (error: Error) => error.name === 'AbortError');
    assert.ok(performance.now() - started >= 290);
    assert.deepEqual(
      [sandbox.requests.at(-1)?.outcome, sandbox.requests.at(-1)?.fault, sandbox.requests.at(-1)?.httpStatus],
      ['fault', 'hang', undefined],
    );
    sandbox.setFaults({ next: ['hang', 'slow'] });
    const arrived = sandbox.requests.length + 2;
    const pending = [call(sandbox, 'h2'), call(sandbox, 'h3')];
    // Both requests are in (the sandbox logs a request as it takes it): one hangs, one is due in 60 s.
    await until(() => sandbox.requests.length >= arrived);
    const events: string[] = [];
    const settled = pending.map((p) =>
      p.then(
        () => events.push('answered'),
        () => events.push('closed'),
      ),
    );
    await sandbox.stop();
    events.push('stopped');
    await Promise.all(settled);
    // stop() ended though neither answer ever came (the slow one would take 60 s, past this test's
    // timeout): both connections were closed, none answered.
    assert.deepEqual(events.filter((e) => e !== 'stopped').sort(), ['closed', 'closed']);
    assert.ok(events.includes('stopped'));
  });

  it('answers slowly: the proper answer after slowMs', async () => {
    sandbox.setFaults({ next: ['slow'], slowMs: 300 });
    const started = performance.now();
    const answer = await call(sandbox);
    assert.ok(performance.now() - started >= 290);
    assert.equal((JSON.parse(answer.text) as { result: unknown[] }).result.length, 3);
    assert.equal(sandbox.requests.at(-1)?.delayMs, 300);
  });

  it('adds latency to every answer', async () => {
    sandbox.setFaults({ latencyMs: 120, latencyJitterMs: 30 });
    const started = performance.now();
    await call(sandbox);
    const took = performance.now() - started;
    assert.ok(took >= 115, `${took}`);
    const delay = sandbox.requests.at(-1)?.delayMs ?? 0;
    assert.ok(delay >= 120 && delay <= 150);
  });

  it('puts hostile strings into a stable share of otherwise valid records', async () => {
    sandbox.setFaults({ hostile: 1 });
    const records = await result<WireRecord[]>(sandbox, 'getTransactions', { limit: 30 });
    assert.equal(records.length, 30);
    for (const r of records) {
      assert.equal(r.payinAddress, HOSTILE_VALUES.markup);
      assert.equal(r.payoutAddress, HOSTILE_VALUES.script);
      assert.equal(r.payinExtraIdName, HOSTILE_VALUES.commandLink);
      assert.equal(r.payinExtraId, HOSTILE_VALUES.control);
      assert.ok(r.refundAddress.length >= 10_000);
      assert.match(r.id, /^[a-z0-9]{12,16}$/, 'ids stay valid');
      assert.equal(r.status, sandbox.ledger.statusOf(r.id));
    }
    const values = records
      .flatMap((r) => Object.values(r).filter((v): v is string => typeof v === 'string'))
      .join('\n');
    for (const s of [
      '<img src=x onerror=alert(1)>',
      '<script>',
      '](command:',
      'javascript:',
      '\u0000',
      '\u001b',
      '\u202e',
    ]) {
      assert.ok(values.includes(s), JSON.stringify(s));
    }
    sandbox.setFaults({ hostile: 0.3 });
    const first = await result<WireRecord[]>(sandbox, 'getTransactions', { limit: 30 });
    const again = await result<WireRecord[]>(sandbox, 'getTransactions', { limit: 30 });
    assert.deepEqual(first, again, 'the same records are hostile every time');
    const hostile = first.filter((r) => r.payinAddress === HOSTILE_VALUES.markup).length;
    assert.ok(hostile > 0 && hostile < 30, `${hostile} of 30`);
    sandbox.setFaults({});
    assert.ok(
      (await result<WireRecord[]>(sandbox, 'getTransactions', { limit: 30 })).every(
        (r) => r.payinAddress !== HOSTILE_VALUES.markup,
      ),
    );
  });

  it('puts hostile strings into the amounts of a stable share of pair limits, tickers kept', async () => {
    const pairs = CURRENCIES.filter((c) => c.availability === 'enabled').flatMap((a, i, all) =>
      all
        .filter((b) => b !== a)
        .slice(i % 3, (i % 3) + 3)
        .map((b) => ({ from: a.ticker, to: b.ticker })),
    );
    assert.ok(pairs.length >= 20, `${pairs.length} pairs`);
    const proper = await result<PairLimitsRecord[]>(sandbox, 'getPairsParams', pairs);
    sandbox.setFaults({ hostile: 1 });
    const hostile = await result<PairLimitsRecord[]>(sandbox, 'getPairsParams', pairs);
    assert.deepEqual(
      hostile.map((r) => [r.from, r.to]),
      pairs.map((p) => [p.from, p.to]),
      'one record per pair, in order, tickers as asked',
    );
    for (const r of hostile) {
      assert.deepEqual(
        [r.minAmountFloat, r.maxAmountFloat, r.minAmountFixed],
        [HOSTILE_VALUES.markup, HOSTILE_VALUES.script, HOSTILE_VALUES.control],
      );
      assert.equal(r.maxAmountFixed, HOSTILE_VALUES.long);
      assert.ok(r.maxAmountFixed.length >= 10_000);
    }
    const refused = await rpcError(sandbox, 'getPairsParams', [{ from: 'btc', to: 'nope' }]);
    assert.equal(refused.message, 'Invalid currency: nope not found', 'refusals stay as they were');

    sandbox.setFaults({ hostile: 0.4 });
    const first = await result<PairLimitsRecord[]>(sandbox, 'getPairsParams', pairs);
    assert.deepEqual(
      await result<PairLimitsRecord[]>(sandbox, 'getPairsParams', [...pairs].reverse()),
      [...first].reverse(),
      'the same pairs are hostile every time, whatever the order',
    );
    const isHostile = (r: PairLimitsRecord): boolean => r.minAmountFloat === HOSTILE_VALUES.markup;
    const count = first.filter(isHostile).length;
    assert.ok(count > 0 && count < pairs.length, `${count} of ${pairs.length}`);
    first.forEach((r, i) =>
      assert.deepEqual(
        r,
        isHostile(r)
          ? {
              ...proper[i],
              minAmountFloat: r.minAmountFloat,
              maxAmountFloat: r.maxAmountFloat,
              minAmountFixed: r.minAmountFixed,
              maxAmountFixed: r.maxAmountFixed,
            }
          : proper[i],
      ),
    );
    sandbox.setFaults({});
    assert.deepEqual(await result<PairLimitsRecord[]>(sandbox, 'getPairsParams', pairs), proper);
  });

  it('draws faults by their shares, reproducibly for the same seed', async () => {
    const rates = { http503: 0.25, internalError: 0.25 };
    const run = async (): Promise<string[]> => {
      sandbox.setFaults({ rates, seed: 1234 });
      sandbox.clearRequests();
      for (let i = 0; i < 40; i++) await call(sandbox, `s${i}`);
      return sandbox.requests.map((e) => e.fault ?? e.outcome);
    };
    const first = await run();
    assert.deepEqual(await run(), first);
    const count = (k: string): number => first.filter((x) => x === k).length;
    assert.ok(count('http503') >= 4 && count('internalError') >= 4 && count('ok') >= 10, first.join(','));
    sandbox.setFaults({ rates: { http500: 1 } });
    assert.equal((await call(sandbox)).status, 500);
  });

  it('applies faults only to authenticated, well-formed requests, after the rate limit', async () => {
    const limited = await testSandbox({ ledgerSize: 0, rateLimit: 1, faults: { rates: { http500: 1 } } });
    try {
      assert.equal((await post(limited.url, '{}')).status, 401);
      const bad = await postSigned(limited, testKeys().a, 'not json');
      assert.equal(bad.status, 200);
      const limitedAnswer = await rpc(limited, 'getStatus', { id: 'x' });
      assert.equal(limitedAnswer.error?.code, -32600, 'rate limited before any fault');
    } finally {
      await limited.stop();
    }
    sandbox.setFaults({ rates: { http500: 1 } });
    assert.equal((await postSigned(sandbox, testKeys().a, '{"jsonrpc":"2.0"}')).status, 200);
    assert.equal((await rpc(sandbox, 'noSuchMethod', {})).error?.code, -32601);
    assert.equal((await call(sandbox)).status, 500);
  });

  it('lists every kind, reports the configuration, and refuses a bad one', () => {
    assert.deepEqual(
      [...FAULT_KINDS],
      [
        'http500',
        'http502',
        'http503',
        'nonJson',
        'truncated',
        'internalError',
        'wrongId',
        'hang',
        'slow',
        'rateLimited',
      ],
    );
    sandbox.setFaults({ latencyMs: 5, next: ['hang', 'slow'], rates: { nonJson: 0.5 } });
    assert.deepEqual(sandbox.faults.next, ['hang', 'slow']);
    assert.equal(sandbox.faults.rates?.nonJson, 0.5);
    assert.throws(() => sandbox.setFaults({ rates: { http500: 1.5 } }), RangeError);
    assert.throws(() => sandbox.setFaults({ latencyMs: -1 }), RangeError);
    assert.throws(() => sandbox.setFaults({ hostile: Number.NaN }), RangeError);
    assert.throws(() => sandbox.setFaults({ next: ['explode' as FaultKind] }), RangeError);
  });
});
