import { strict as assert } from 'assert';
import type { Sandbox } from '../src';
import { MAX_BODY_BYTES } from '../src/server';
import { postSigned, rpc, testKeys, testSandbox } from './helpers';

/** getTransactions params of 1 000 022 bytes as JSON: 100 000 times the status `waiting`, limit 1. */
const LARGE_PARAMS = { status: Array.from({ length: 100_000 }, () => 'waiting'), limit: 1 };

/** getTransactions params of `size` bytes as JSON (`{"extraId":"xx…x"}`: 14 bytes and the x's). */
const paramsOf = (size: number): { extraId: string } => ({ extraId: 'x'.repeat(size - 14) });

describe('sandbox request log: sizes and methods, not whole params', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await testSandbox({ ledgerSize: 5 });
  });
  afterEach(() => sandbox.stop());

  it('keeps the method and the size of calls near the 1 MiB body limit, not their params', async () => {
    for (const id of ['big1', 'big2', 'big3']) {
      const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'getTransactions', params: LARGE_PARAMS });
      assert.ok(body.length <= MAX_BODY_BYTES, 'the call is within the body limit');
      const answer = await postSigned(sandbox, testKeys().a, body);
      assert.equal((JSON.parse(answer.text) as { result: unknown[] }).result.length, 1, 'the call was run');
    }
    assert.deepEqual(
      sandbox.requests.map((e) => [e.id, e.method, e.outcome, e.bodyBytes, e.paramsBytes, e.params]),
      [
        ['big1', 'getTransactions', 'ok', 1_000_088, 1_000_022, undefined],
        ['big2', 'getTransactions', 'ok', 1_000_088, 1_000_022, undefined],
        ['big3', 'getTransactions', 'ok', 1_000_088, 1_000_022, undefined],
      ],
    );
    for (const entry of sandbox.requests) {
      const kept = Buffer.byteLength(JSON.stringify(entry));
      assert.ok(kept < 1024, `the entry holds ${kept} bytes of JSON, not the params`);
    }
  });

  it('keeps params of at most 1 KiB of JSON whole, and larger ones as their size only', async () => {
    await rpc(sandbox, 'getTransactions', paramsOf(1024), testKeys().a, 'at');
    await rpc(sandbox, 'getTransactions', paramsOf(1025), testKeys().a, 'over');
    await rpc(sandbox, 'getTransactions', { limit: 2 }, testKeys().a, 'small');
    await rpc(sandbox, 'getTransactions', { extraId: 'é'.repeat(505) }, testKeys().a, 'utf8');
    assert.deepEqual(
      sandbox.requests.map((e) => [e.id, e.method, e.paramsBytes, e.params]),
      [
        ['at', 'getTransactions', 1024, { extraId: 'x'.repeat(1010) }],
        ['over', 'getTransactions', 1025, undefined],
        ['small', 'getTransactions', 11, { limit: 2 }],
        ['utf8', 'getTransactions', 1024, { extraId: 'é'.repeat(505) }],
      ],
    );
  });

  it('hands each reader its own copy of the params kept', async () => {
    await rpc(sandbox, 'getTransactions', { currency: ['btc'], limit: 1 });
    const [entry] = sandbox.requests;
    (entry.params as { currency: string[] }).currency.push('eth');
    assert.deepEqual(entry.params, { currency: ['btc'], limit: 1 });
  });
});
