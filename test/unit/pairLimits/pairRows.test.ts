/**
 * The rows and cells of the Pair Limits panel (pairRows) made of each source's outcome: the words
 * of each refusal by the error's class and direction, bounds the service left out, an answer that
 * could not be read, and what a row or cell shows while its outcome is still to come.
 */
import { strict as assert } from 'assert';
import {
  CurrencyDisabledError,
  CurrencyNotFoundError,
  InvalidParameterError,
  JsonRpcError,
  ProtocolError,
} from '../../../src/api';
import type { EstimateOutcome } from '../../../src/features/pairLimits/fetchLimits';
import { estimateCell, pairRow, pendingRow, refusedEverywhere } from '../../../src/features/pairLimits/pairRows';
import type { EstimateCell, PairRow } from '../../../src/shared/pairLimitsRows';
import { englishL10n } from '../../browser/english';

const BTC_ETH = { from: 'btc', to: 'eth' } as const;
const PENDING = { state: 'pending' } as const;
const cell = (outcome: EstimateOutcome | undefined, before?: EstimateCell): EstimateCell =>
  estimateCell(outcome, before, englishL10n);
const FLOAT: EstimateCell = {
  state: 'limits',
  via: 'result',
  minFrom: '0.000609',
  maxFrom: '10.4',
  minTo: '0.0124',
  maxTo: '212.9',
};
const FIXED: EstimateCell = {
  state: 'limits',
  via: 'amount-error',
  minFrom: '0.000764',
  maxFrom: '3.75',
  minTo: '0.0154',
  maxTo: '76',
};

describe('pair limits rows', () => {
  describe('the words of a refusal', () => {
    it('names the direction a currency is disabled in: input, output, or both', () => {
      assert.deepEqual(
        cell({ error: new CurrencyDisabledError('xmr', 'input', 'Invalid currency: xmr temporary disabled as input') }),
        {
          state: 'failed',
          kind: 'currency-disabled',
          reason: 'xmr is temporarily disabled as an input currency (it cannot be sent).',
          detail: 'Invalid currency: xmr temporary disabled as input',
        },
      );
      assert.deepEqual(
        cell({
          error: new CurrencyDisabledError('xmr', 'output', 'Invalid currency: xmr temporary disabled as output'),
        }),
        {
          state: 'failed',
          kind: 'currency-disabled',
          reason: 'xmr is temporarily disabled as an output currency (it cannot be received).',
          detail: 'Invalid currency: xmr temporary disabled as output',
        },
      );
      assert.deepEqual(
        cell({ error: new CurrencyDisabledError('xmr', 'both', 'Invalid currency: xmr temporary disabled') }),
        {
          state: 'failed',
          kind: 'currency-disabled',
          reason: 'xmr is temporarily disabled.',
          detail: 'Invalid currency: xmr temporary disabled',
        },
      );
    });

    it('names an unknown currency and a refused parameter, their names made harmless', () => {
      assert.deepEqual(cell({ error: new CurrencyNotFoundError('fo\u202eo', 'Invalid currency: foo not found') }), {
        state: 'failed',
        kind: 'currency-not-found',
        reason: 'fo\uFFFDo is not a currency the service knows.',
        detail: 'Invalid currency: foo not found',
      });
      assert.deepEqual(cell({ error: new InvalidParameterError('amountFrom') }), {
        state: 'failed',
        kind: 'invalid-parameter',
        reason: 'The service refused the parameter "amountFrom" of this pair.',
        detail: 'Parameter amountFrom is invalid',
      });
      assert.deepEqual(cell({ error: new JsonRpcError(-32602, 'Invalid pair') }), {
        state: 'failed',
        kind: 'refused',
        reason: 'The service does not accept this pair; its answer is below.',
        detail: 'Invalid pair',
      });
    });

    it('gives a row the same words as a cell, beside its estimates', () => {
      const row = pairRow(
        BTC_ETH,
        {
          pairsParams: { error: new CurrencyNotFoundError('eth', 'Invalid currency: eth not found') },
          float: undefined,
          fixed: undefined,
        },
        undefined,
        englishL10n,
      );
      assert.deepEqual(row, {
        from: 'btc',
        to: 'eth',
        state: 'failed',
        kind: 'currency-not-found',
        reason: 'eth is not a currency the service knows.',
        detail: 'Invalid currency: eth not found',
        float: PENDING,
        fixed: PENDING,
      });
    });
  });

  describe('an estimate cell', () => {
    it('writes a bound the service left out as an empty text', () => {
      assert.deepEqual(cell({ limits: { minFrom: '0.5', maxTo: '900' }, via: 'amount-error' }), {
        state: 'limits',
        via: 'amount-error',
        minFrom: '0.5',
        maxFrom: '',
        minTo: '',
        maxTo: '900',
      });
    });

    it('names the malformed field of an unreadable answer, "result" when the error names none', () => {
      assert.deepEqual(cell({ unreadable: new ProtocolError('minAmount is not a decimal', undefined, 'minAmount') }), {
        state: 'failed',
        kind: 'unreadable',
        reason: 'The service\'s answer for this pair could not be read ("minAmount" is malformed).',
        detail: 'minAmount is not a decimal',
      });
      assert.deepEqual(cell({ unreadable: new ProtocolError('the result is not an array') }), {
        state: 'failed',
        kind: 'unreadable',
        reason: 'The service\'s answer for this pair could not be read ("result" is malformed).',
        detail: 'the result is not an array',
      });
    });

    it('keeps what it showed before while its outcome is still to come, pending at first', () => {
      assert.deepEqual(cell(undefined), { state: 'pending' });
      assert.deepEqual(cell(undefined, FIXED), {
        state: 'limits',
        via: 'amount-error',
        minFrom: '0.000764',
        maxFrom: '3.75',
        minTo: '0.0154',
        maxTo: '76',
      });
    });
  });

  describe('a row', () => {
    it('is pending, estimates included, before anything came', () => {
      assert.deepEqual(pendingRow(BTC_ETH), {
        from: 'btc',
        to: 'eth',
        state: 'pending',
        float: PENDING,
        fixed: PENDING,
      });
      assert.deepEqual(
        pairRow(BTC_ETH, { pairsParams: undefined, float: undefined, fixed: undefined }, undefined, englishL10n),
        {
          from: 'btc',
          to: 'eth',
          state: 'pending',
          float: PENDING,
          fixed: PENDING,
        },
      );
    });

    it('shows the estimates that came beside pending getPairsParams limits', () => {
      const row = pairRow(
        BTC_ETH,
        { pairsParams: undefined, float: { limits: { minFrom: '0.000609' }, via: 'result' }, fixed: undefined },
        undefined,
        englishL10n,
      );
      assert.deepEqual(row, {
        from: 'btc',
        to: 'eth',
        state: 'pending',
        float: { state: 'limits', via: 'result', minFrom: '0.000609', maxFrom: '', minTo: '', maxTo: '' },
        fixed: PENDING,
      });
    });

    it('keeps its getPairsParams limits while they are asked again, with the estimates that came since', () => {
      const before: PairRow = {
        from: 'btc',
        to: 'eth',
        state: 'limits',
        minAmountFloat: '0.0005',
        maxAmountFloat: '10',
        minAmountFixed: '0.0007',
        maxAmountFixed: '3',
        float: FLOAT,
        fixed: FIXED,
      };
      const row = pairRow(
        BTC_ETH,
        { pairsParams: undefined, float: { missing: true }, fixed: undefined },
        before,
        englishL10n,
      );
      assert.deepEqual(row, {
        from: 'btc',
        to: 'eth',
        state: 'limits',
        minAmountFloat: '0.0005',
        maxAmountFloat: '10',
        minAmountFixed: '0.0007',
        maxAmountFixed: '3',
        float: {
          state: 'failed',
          kind: 'missing',
          reason: 'The service answered without limits for this pair.',
          detail: '',
        },
        fixed: {
          state: 'limits',
          via: 'amount-error',
          minFrom: '0.000764',
          maxFrom: '3.75',
          minTo: '0.0154',
          maxTo: '76',
        },
      });
    });

    it('says so when getPairsParams answered without limits for the pair', () => {
      const row = pairRow(
        BTC_ETH,
        { pairsParams: { missing: true }, float: undefined, fixed: undefined },
        undefined,
        englishL10n,
      );
      assert.deepEqual(row, {
        from: 'btc',
        to: 'eth',
        state: 'failed',
        kind: 'missing',
        reason: 'The service answered without limits for this pair.',
        detail: '',
        float: PENDING,
        fixed: PENDING,
      });
    });
  });

  describe('a pair refused everywhere (not kept as used before)', () => {
    const row = (
      pairsParams: Parameters<typeof pairRow>[1]['pairsParams'],
      float: EstimateOutcome | undefined,
      fixed: EstimateOutcome | undefined,
    ): PairRow => pairRow({ from: 'foo', to: 'btc' }, { pairsParams, float, fixed }, undefined, englishL10n);
    const unknown = { error: new CurrencyNotFoundError('foo', 'Invalid currency: foo not found') };

    it('an unknown currency or a refused parameter from every source: refused', () => {
      assert.equal(refusedEverywhere(row(unknown, unknown, unknown)), true);
      assert.equal(
        refusedEverywhere(
          row(
            'gone',
            { error: new InvalidParameterError('from') },
            { error: new JsonRpcError(-32602, 'Invalid pair') },
          ),
        ),
        true,
      );
    });

    it('limits from any source, a currency disabled for a while, or an unreadable answer: kept', () => {
      assert.equal(refusedEverywhere(row(unknown, { limits: { minFrom: '1' }, via: 'result' }, unknown)), false);
      const disabled = {
        error: new CurrencyDisabledError('foo', 'input', 'Invalid currency: foo temporary disabled as input'),
      };
      assert.equal(refusedEverywhere(row(disabled, disabled, disabled)), false);
      assert.equal(
        refusedEverywhere(row(unknown, { unreadable: new ProtocolError('bad', undefined, 'minFrom') }, unknown)),
        false,
      );
      assert.equal(refusedEverywhere(pendingRow({ from: 'foo', to: 'btc' })), false);
    });
  });
});
