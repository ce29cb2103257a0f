/**
 * The calls behind "Sandbox: New Transaction…", through the real operations of the client: the
 * catalogue (getCurrenciesFull, getPairs), the pair's limits (an estimate, or the limits its amount
 * error carries), then the transaction: the addresses checked (validateAddress), the estimate
 * (getExchangeAmount, or getFixRateForAmount for the rate ID) and the create (createTransaction /
 * createFixTransaction). Pure: no `vscode`; the command shows the steps and the errors.
 */
import { AmountOutOfRangeError } from '../../api';
import type { ExchangeClient } from '../../api';
import type { CreatedTransaction, CurrencyInfo } from '../../api/types';
import type { PayinLimits, TransactionDraft } from './transactionDraft';
import type { TransactionType } from '../../api';
import { limitsOfError, limitsOfEstimate } from './transactionDraft';

/** The operations used, so tests and callers can hand any client that has them. */
export type SandboxOperations = Pick<
  ExchangeClient,
  | 'getCurrenciesFull'
  | 'getPairs'
  | 'getExchangeAmount'
  | 'getFixRateForAmount'
  | 'createTransaction'
  | 'createFixTransaction'
  | 'validateAddress'
>;

export interface PairChoice {
  readonly from: string;
  readonly to: string;
  /** Whether a fixed-rate transaction is possible for the pair. */
  readonly fixed: boolean;
  readonly fromCurrency: CurrencyInfo | undefined;
  readonly toCurrency: CurrencyInfo | undefined;
}

/** The pairs a transaction can be made for, in the service's order, each knowing whether it may be fixed. */
export async function loadPairs(client: SandboxOperations): Promise<PairChoice[]> {
  const [currencies, pairs, fixedPairs] = await Promise.all([
    client.getCurrenciesFull(),
    client.getPairs({}),
    client.getPairs({ txType: 'fixed' }),
  ]);
  const byTicker = new Map(currencies.map((c) => [c.ticker, c]));
  const fixed = new Set(fixedPairs.map((p) => `${p.from}|${p.to}`));
  return pairs.map((p) => ({
    from: p.from,
    to: p.to,
    fixed: fixed.has(`${p.from}|${p.to}`),
    fromCurrency: byTicker.get(p.from),
    toCurrency: byTicker.get(p.to),
  }));
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The first half of the pair step: the currencies a transaction can be paid in (enabled, and as
 * payin), by ticker, `last` (the payin chosen before) first. One short call (hundreds of
 * currencies), where every pair would be tens of thousands.
 */
export async function loadPayins(
  client: Pick<SandboxOperations, 'getCurrenciesFull'>,
  last?: string,
): Promise<{ readonly currencies: CurrencyInfo[]; readonly payins: CurrencyInfo[] }> {
  const currencies = await client.getCurrenciesFull();
  const isLast = (c: CurrencyInfo): number => Number(c.ticker === last);
  return {
    currencies,
    payins: currencies
      .filter((c) => c.enabled && c.enabledFrom)
      .sort((a, b) => isLast(b) - isLast(a) || byText(a.ticker, b.ticker)),
  };
}

/** The second half: the pairs paid in `from`, each knowing whether it may be fixed, ordered as {@link orderPairs}; `currencies`: all of them (getCurrenciesFull). */
export async function loadPairsFrom(
  client: Pick<SandboxOperations, 'getPairs'>,
  from: string,
  currencies: readonly CurrencyInfo[],
  last?: { readonly from: string; readonly to: string },
): Promise<PairChoice[]> {
  const [pairs, fixedPairs] = await Promise.all([
    client.getPairs({ from }),
    client.getPairs({ from, txType: 'fixed' }),
  ]);
  const byTicker = new Map(currencies.map((c) => [c.ticker, c]));
  const fixed = new Set(fixedPairs.map((p) => p.to));
  const choices = pairs
    .filter((p) => p.from === from)
    .map((p) => ({
      from: p.from,
      to: p.to,
      fixed: fixed.has(p.to),
      fromCurrency: byTicker.get(p.from),
      toCurrency: byTicker.get(p.to),
    }));
  return orderPairs(choices, last);
}

/** The pairs as the picker offers them: by payin ticker, then payout ticker; `last` (the pair chosen before) first. */
export function orderPairs(
  pairs: readonly PairChoice[],
  last?: { readonly from: string; readonly to: string },
): PairChoice[] {
  const isLast = (p: PairChoice): number => Number(last !== undefined && p.from === last.from && p.to === last.to);
  return [...pairs].sort((a, b) => isLast(b) - isLast(a) || byText(a.from, b.from) || byText(a.to, b.to));
}

/** An amount surely inside no pair's limits, so its amount error carries them. */
const PROBE_AMOUNT = '0.00000001';

/** The pair's payin limits: from the amount error of a tiny estimate, or from its result. */
export async function probeLimits(
  client: SandboxOperations,
  from: string,
  to: string,
  type: TransactionType,
): Promise<PayinLimits> {
  try {
    const [estimate] =
      type === 'fixed'
        ? await client.getFixRateForAmount({ from, to, amountFrom: PROBE_AMOUNT })
        : await client.getExchangeAmount({ from, to, amountFrom: PROBE_AMOUNT });
    return estimate ? limitsOfEstimate(estimate) : {};
  } catch (error) {
    if (error instanceof AmountOutOfRangeError) return limitsOfError(error.limits);
    throw error;
  }
}

export type AddressField = 'address' | 'extraId' | 'refundAddress' | 'refundExtraId';

/** The service said an address (or its extra id) of the draft is not valid. */
export class AddressRefusedError extends Error {
  constructor(
    readonly field: AddressField,
    readonly currency: string,
    /** The service's words, as sent (untrusted: shown sanitized). */
    readonly serviceMessage: string | undefined,
  ) {
    super(`The ${field} for ${currency} was refused${serviceMessage ? `: ${serviceMessage}` : ''}`);
  }
}

export type CreationStep = 'addresses' | 'estimate' | 'create';

/**
 * Creates the draft's transaction: addresses checked, then the estimate, then the create.
 * Throws the client's typed errors (AmountOutOfRangeError with the limits) or AddressRefusedError.
 */
export async function createFromDraft(
  client: SandboxOperations,
  draft: TransactionDraft,
  onStep: (step: CreationStep) => void = () => undefined,
  signal?: AbortSignal,
): Promise<CreatedTransaction> {
  const options = signal ? { signal } : {};
  onStep('addresses');
  const payout = await client.validateAddress(
    { currency: draft.to, address: draft.address, ...(draft.extraId ? { extraId: draft.extraId } : {}) },
    options,
  );
  if (!payout.result)
    throw new AddressRefusedError(
      /extra/i.test(payout.message ?? '') ? 'extraId' : 'address',
      draft.to,
      payout.message,
    );
  if (draft.refundAddress) {
    const refund = await client.validateAddress(
      {
        currency: draft.from,
        address: draft.refundAddress,
        ...(draft.refundExtraId ? { extraId: draft.refundExtraId } : {}),
      },
      options,
    );
    if (!refund.result)
      throw new AddressRefusedError(
        /extra/i.test(refund.message ?? '') ? 'refundExtraId' : 'refundAddress',
        draft.from,
        refund.message,
      );
  } else if (draft.type === 'fixed') {
    throw new AddressRefusedError('refundAddress', draft.from, undefined);
  }
  const common = {
    from: draft.from,
    to: draft.to,
    address: draft.address,
    ...(draft.extraId ? { extraId: draft.extraId } : {}),
    ...(draft.refundExtraId ? { refundExtraId: draft.refundExtraId } : {}),
  };
  onStep('estimate');
  if (draft.type === 'fixed') {
    const [quote] = await client.getFixRateForAmount(
      { from: draft.from, to: draft.to, amountFrom: draft.amount },
      options,
    );
    if (!quote) throw new Error(`The service gave no fixed rate for ${draft.from} → ${draft.to}.`);
    onStep('create');
    return client.createFixTransaction(
      { ...common, rateId: quote.id, amountFrom: quote.amountFrom, refundAddress: draft.refundAddress ?? '' },
      options,
    );
  }
  const [estimate] = await client.getExchangeAmount(
    { from: draft.from, to: draft.to, amountFrom: draft.amount },
    options,
  );
  if (!estimate) throw new Error(`The service gave no estimate for ${draft.from} → ${draft.to}.`);
  onStep('create');
  return client.createTransaction(
    { ...common, amountFrom: draft.amount, ...(draft.refundAddress ? { refundAddress: draft.refundAddress } : {}) },
    options,
  );
}
