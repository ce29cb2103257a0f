// The create operations' local checks and the decoder of a created transaction, value by value:
// what is sent for each request (optional members only when given), which parameter a refusal
// names, and how the answer's optional and loosely typed members are read.
import { strict as assert } from 'assert';
import { InvalidParameterError, ProtocolError } from '../../../src/api';
import {
  createFixTransactionParams,
  createTransactionParams,
  decodeCreatedTransaction,
} from '../../../src/api/creation';

function refusedFor(call: () => unknown, param: string): void {
  assert.throws(call, (e: unknown) => e instanceof InvalidParameterError && e.param === param, `refused for ${param}`);
}

const FLOAT = { from: 'BTC', to: 'eth', amountFrom: '0.5', address: ' 0xabc ' };
const FIXED = { from: 'btc', to: 'eth', rateId: 'r1', amountTo: '10', address: '0xabc', refundAddress: 'bc1q' };
const OPTIONAL = {
  extraId: ' 1 ',
  refundExtraId: '2',
  fromAddress: '3',
  fromExtraId: '4',
  subaccountId: '5',
  userMetadata: '{"a":1}',
};

describe('create operations: params', () => {
  it('sends what was given, checked and trimmed, and nothing that was not', () => {
    assert.deepEqual(createTransactionParams(FLOAT), { from: 'btc', to: 'eth', amountFrom: '0.5', address: '0xabc' });
    assert.deepEqual(createTransactionParams({ ...FLOAT, refundAddress: 'bc1q', ...OPTIONAL }), {
      from: 'btc',
      to: 'eth',
      amountFrom: '0.5',
      address: '0xabc',
      refundAddress: 'bc1q',
      extraId: '1',
      refundExtraId: '2',
      fromAddress: '3',
      fromExtraId: '4',
      subaccountId: '5',
      userMetadata: '{"a":1}',
    });
    assert.deepEqual(createFixTransactionParams(FIXED), {
      from: 'btc',
      to: 'eth',
      rateId: 'r1',
      amountTo: '10',
      address: '0xabc',
      refundAddress: 'bc1q',
    });
    assert.deepEqual(createFixTransactionParams({ ...FIXED, ...OPTIONAL }).subaccountId, '5');
  });

  it('names the parameter it refuses', () => {
    refusedFor(() => createTransactionParams(null as never), 'params');
    refusedFor(() => createTransactionParams({ ...FLOAT, address: ' ' }), 'address');
    refusedFor(() => createTransactionParams({ ...FLOAT, amountFrom: '1e3' }), 'amountFrom');
    refusedFor(() => createTransactionParams({ ...FLOAT, to: 'btc' }), 'to');
    for (const [key] of Object.entries(OPTIONAL))
      refusedFor(() => createTransactionParams({ ...FLOAT, [key]: '' }), key);
    refusedFor(() => createTransactionParams({ ...FLOAT, refundAddress: '' }), 'refundAddress');
    refusedFor(() => createFixTransactionParams([] as never), 'params');
    refusedFor(() => createFixTransactionParams({ ...FIXED, rateId: '' }), 'rateId');
    refusedFor(() => createFixTransactionParams({ ...FIXED, address: '' }), 'address');
    refusedFor(() => createFixTransactionParams({ ...FIXED, refundAddress: undefined as never }), 'refundAddress');
    refusedFor(() => createFixTransactionParams({ ...FIXED, amountFrom: '1' }), 'amountFrom');
  });
});

describe('create operations: the created transaction', () => {
  const answer = {
    id: 'abc123',
    type: 'fixed',
    status: 'new',
    payinAddress: 'bc1qpayin',
    payinExtraId: null,
    payoutAddress: '0xabc',
    payoutExtraId: null,
    refundAddress: 'bc1q',
    refundExtraId: null,
    amountExpectedFrom: '0.5',
    amountExpectedTo: 10.25,
    currencyFrom: 'btc',
    currencyTo: 'eth',
  };

  it('reads the members the answer has, and leaves out the optional ones it lacks', () => {
    assert.deepEqual(decodeCreatedTransaction(answer), { ...answer, amountExpectedTo: '10.25' });
    assert.deepEqual(
      decodeCreatedTransaction({
        ...answer,
        networkFee: '0.001',
        payTill: '2026-11-23T10:00:00.000Z',
        trackUrl: 'https://example.com/t',
      }),
      {
        ...answer,
        amountExpectedTo: '10.25',
        networkFee: '0.001',
        payTill: '2026-11-23T10:00:00.000Z',
        trackUrl: 'https://example.com/t',
      },
    );
    const unreadableFee = decodeCreatedTransaction({ ...answer, networkFee: 'n/a' });
    assert.equal('networkFee' in unreadableFee, false, 'a fee that is no decimal is left out, not kept as undefined');
  });

  it('reads createdAt as Unix time in any unit, or as an ISO string (v1), else leaves it out', () => {
    const at = (createdAt: unknown) => decodeCreatedTransaction({ ...answer, createdAt }).createdAt;
    assert.equal(at(1_700_000_000), 1_700_000_000_000_000);
    assert.equal(at(1_700_000_000_000_000), 1_700_000_000_000_000);
    assert.equal(at('2023-11-14T22:13:20.000Z'), 1_700_000_000_000_000);
    assert.equal(at('1970-01-01T00:00:00.001Z'), 1000, 'one millisecond after the epoch');
    assert.equal(at('1970-01-01T00:00:00.000Z'), undefined, 'the epoch itself is no time');
    assert.equal(at('not a date'), undefined);
    // A date Date.parse reads with a comment of any length: read up to 64 characters, not beyond.
    const dated = (length: number): string => `Tue, 14 Nov 2023 22:13:20 GMT (${'x'.repeat(length - 32)})`;
    assert.equal(dated(64).length, 64);
    assert.equal(at(dated(64)), 1_700_000_000_000_000, '64 characters are read');
    assert.equal(at(dated(65)), undefined, 'longer is not');
    assert.equal(at({ seconds: 1 }), undefined);
    assert.equal('createdAt' in decodeCreatedTransaction(answer), false);
  });

  it('refuses an answer without what a client needs, naming the field', () => {
    assert.throws(
      () => decodeCreatedTransaction({ ...answer, id: '' }),
      (e: unknown) => e instanceof ProtocolError && e.field === 'result.id',
    );
    assert.throws(
      () => decodeCreatedTransaction({ ...answer, type: 'spot' }),
      (e: unknown) => e instanceof ProtocolError && e.field === 'result.type',
    );
    assert.throws(
      () => decodeCreatedTransaction({ ...answer, amountExpectedFrom: 'x' }),
      (e: unknown) => e instanceof ProtocolError && e.field === 'result.amountExpectedFrom',
    );
  });
});
