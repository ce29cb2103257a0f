/** The calls behind "Sandbox: New Transaction…", through the client's real operations. */
import { AmountOutOfRangeError } from '../../api';
import type { ExchangeClient } from '../../api';
import type { CreatedTransaction, CurrencyInfo } from '../../api/types';
import type { TransactionDraft } from './transactionDraft';
import type { PayinLimits } from '../common/payinAmount';
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
  readonly fromCurrency: CurrencyInfo | undefined;
  readonly toCurrency: CurrencyInfo | undefined;
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The currencies one can pay in, by ticker: one short call, where every pair would be thousands. */
export async function loadPayins(
  client: Pick<SandboxOperations, 'getCurrenciesFull'>,
): Promise<{ readonly currencies: CurrencyInfo[]; readonly payins: CurrencyInfo[] }> {
  const currencies = await client.getCurrenciesFull();
  const payins = currencies.filter((c) => c.enabled && c.enabledFrom).sort((a, b) => byText(a.ticker, b.ticker));
  return { currencies, payins };
}

/** The pairs paid in `from`, by payout ticker; `currencies`: all of them (getCurrenciesFull). */
export async function loadPairsFrom(
  client: Pick<SandboxOperations, 'getPairs'>,
  from: string,
  currencies: readonly CurrencyInfo[],
): Promise<PairChoice[]> {
  const byTicker = new Map(currencies.map((c) => [c.ticker, c]));
  return (await client.getPairs({ from }))
    .filter((p) => p.from === from)
    .sort((a, b) => byText(a.to, b.to))
    .map((p) => ({ from: p.from, to: p.to, fromCurrency: byTicker.get(p.from), toCurrency: byTicker.get(p.to) }));
}

/** An amount surely inside no pair's limits, so its amount error carries them. */
const PROBE_AMOUNT = '0.00000001';

/** The pair's floating-rate payin limits: from the amount error of a tiny estimate, or from its result. */
export async function probeLimits(
  client: Pick<SandboxOperations, 'getExchangeAmount'>,
  from: string,
  to: string,
): Promise<PayinLimits> {
  try {
    const [estimate] = await client.getExchangeAmount({ from, to, amountFrom: PROBE_AMOUNT });
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

/** Checks one address (and extra id) with validateAddress; throws AddressRefusedError naming the field. */
async function checkAddress(
  client: SandboxOperations,
  currency: string,
  address: string,
  extraId: string | undefined,
  refund: boolean,
  options: { signal?: AbortSignal },
): Promise<void> {
  const verdict = await client.validateAddress({ currency, address, ...(extraId ? { extraId } : {}) }, options);
  if (verdict.result) return;
  const extra = /extra/i.test(verdict.message ?? '');
  const field: AddressField = refund ? (extra ? 'refundExtraId' : 'refundAddress') : extra ? 'extraId' : 'address';
  throw new AddressRefusedError(field, currency, verdict.message);
}

/** Creates the draft's transaction: addresses checked, then the estimate, then the create. */
export async function createFromDraft(
  client: SandboxOperations,
  draft: TransactionDraft,
  onStep: (step: CreationStep) => void = () => undefined,
  signal?: AbortSignal,
): Promise<CreatedTransaction> {
  const options = signal ? { signal } : {};
  const { from, to, amount, refundAddress } = draft;
  onStep('addresses');
  await checkAddress(client, to, draft.address, draft.extraId, false, options);
  if (refundAddress) await checkAddress(client, from, refundAddress, draft.refundExtraId, true, options);
  else if (draft.type === 'fixed') throw new AddressRefusedError('refundAddress', from, undefined);
  const common = {
    from,
    to,
    address: draft.address,
    ...(draft.extraId ? { extraId: draft.extraId } : {}),
    ...(refundAddress ? { refundAddress } : {}),
    ...(draft.refundExtraId ? { refundExtraId: draft.refundExtraId } : {}),
  };
  onStep('estimate');
  if (draft.type === 'fixed') {
    const [quote] = await client.getFixRateForAmount({ from, to, amountFrom: amount }, options);
    if (!quote) throw new Error(`The service gave no fixed rate for ${from} → ${to}.`);
    onStep('create');
    return client.createFixTransaction(
      { ...common, rateId: quote.id, amountFrom: quote.amountFrom, refundAddress: refundAddress ?? '' },
      options,
    );
  }
  const [estimate] = await client.getExchangeAmount({ from, to, amountFrom: amount }, options);
  if (!estimate) throw new Error(`The service gave no estimate for ${from} → ${to}.`);
  onStep('create');
  return client.createTransaction({ ...common, amountFrom: amount }, options);
}
