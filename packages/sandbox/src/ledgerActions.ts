/**
 * What a developer does to the ledger from outside the service: create a transaction in a given
 * state, pay it, move it to any status. Each replaces the transaction's schedule (its plan) from
 * now on the sandbox clock; the clock then moves it on. Our rules (RULES.md, "Driving the sandbox"):
 *  - a paid or moved transaction goes on at the payment pace: confirming 60 s, exchanging 30 s,
 *    sending 30 s, then finished; a payment with another amount than expected confirms for 60 s,
 *    then ends as the service reacts (see payOutcome);
 *  - waiting opens a new payment window (float: overdue 24 h later; fixed: expired at a new
 *    `payTill`, the payin currency's `fixedTime` later); hold stays until moved; finished, failed,
 *    refunded, overdue and expired are final;
 *  - overdue is for float transactions only, expired for fixed ones (docs/service/interface.md#statuses).
 */
import { movableStatuses } from '../../../src/shared/controlProtocol';
import type { CreateAction } from '../../../src/shared/controlRequests';
import type { ControlTransaction, ScheduleStep } from '../../../src/shared/controlProtocol';
import type { KnownStatus } from '../../../src/shared/status';
import { ControlRefusal } from './controlEndpoint/refusal';
import type { Currency } from './currencies';
import { isPlausibleAddress, isPlausibleExtraId, requireCurrency } from './currencies';
import * as dec from './decimal';
import type { LedgerTransaction } from './factory';
import { payoutOf } from './factory';
import type { Ledger } from './ledger';
import type { PlanStep, TransactionType } from './lifecycle';
import { progressAt } from './lifecycle';
import { FLOAT_PAYMENT_WINDOW_MS } from './operations/create';
import { usableCurrency } from './operations/params';
import { RpcFailure } from './protocol';
import { fixedRate, floatEstimate, limitsOf } from './rates';
import { isoWithOffset } from './records';

/** Time spent in each status after a payment (ours). */
export const PAYMENT_PACE_MS: Readonly<Partial<Record<KnownStatus, number>>> = {
  confirming: 60_000,
  exchanging: 30_000,
  sending: 30_000,
};

const ENDS: ReadonlySet<KnownStatus> = new Set<KnownStatus>(['finished', 'failed', 'refunded', 'overdue', 'expired']);
const MAX_ADDRESS_LENGTH = 256;

/** What `createInState` takes: the control protocol's create action without its name. */
export type CreateInStateOptions = Omit<CreateAction, 'action'>;

/** The steps that follow `status` entered at `atMs`, at the payment pace, up to where it stays. */
function successors(status: KnownStatus, atMs: number): PlanStep[] {
  const path: KnownStatus[] = ['confirming', 'exchanging', 'sending', 'finished'];
  const index = path.indexOf(status);
  if (index < 0) return [];
  const steps: PlanStep[] = [];
  let at = atMs;
  for (let i = index; i < path.length - 1; i++) {
    at += PAYMENT_PACE_MS[path[i]] ?? 0;
    steps.push({ status: path[i + 1], atMs: at });
  }
  return steps;
}

/** The transaction `id` as it stands at `atMs`, or a not-found refusal (unknown, or not created yet). */
function visibleTransaction(ledger: Ledger, id: string, atMs: number): LedgerTransaction {
  const tx = ledger.get(id);
  if (!tx || tx.createdAtMs > atMs)
    throw new ControlRefusal('not-found', `There is no transaction ${id} in the sandbox's ledger.`, 'id');
  return tx;
}

function statusAt(tx: LedgerTransaction, atMs: number): KnownStatus {
  return progressAt(tx.plan, atMs, requireCurrency(tx.currencyFrom).confirmations)?.status ?? 'waiting';
}

/** The unpaid deadline of a payment window opened at `atMs`: overdue (float) or expired (fixed). */
function paymentWindow(tx: LedgerTransaction, atMs: number): PlanStep {
  return tx.type === 'float'
    ? { status: 'overdue', atMs: atMs + FLOAT_PAYMENT_WINDOW_MS }
    : { status: 'expired', atMs: atMs + requireCurrency(tx.currencyFrom).fixedTimeMs };
}

/** `payTill` of a fixed transaction under a new plan: its expiry if it has one, else unchanged. */
function payTillUnder(tx: LedgerTransaction, plan: readonly PlanStep[]): number | null {
  if (tx.type !== 'fixed') return null;
  return plan.find((s) => s.status === 'expired')?.atMs ?? tx.payTillMs;
}

/** Moves a transaction to `status` at `atMs`; the clock then moves it on (see the file's rules). */
export function moveTransaction(ledger: Ledger, id: string, status: KnownStatus, atMs: number): LedgerTransaction {
  const tx = visibleTransaction(ledger, id, atMs);
  if (!movableStatuses(tx.type).includes(status)) {
    const counterpart = tx.type === 'float' ? 'overdue' : 'expired';
    throw new ControlRefusal(
      'conflict',
      `A ${tx.type}-rate transaction cannot become ${status} (that is for ${tx.type === 'float' ? 'fixed' : 'float'}-rate ones); its unpaid end is ${counterpart}.`,
      'status',
    );
  }
  const start: PlanStep = { status: 'waiting', atMs: tx.createdAtMs };
  let plan: PlanStep[];
  if (status === 'waiting') plan = [start, paymentWindow(tx, atMs)];
  else if (status === 'overdue' || status === 'expired') plan = [start, { status, atMs }];
  else {
    // What happened so far stays (the payment, if any); an end reached is undone.
    const kept = tx.plan.filter((s) => s.atMs <= atMs && !ENDS.has(s.status));
    plan = [...kept, { status, atMs }, ...successors(status, atMs)];
  }
  const moved: LedgerTransaction = {
    ...tx,
    plan,
    payTillMs: status === 'waiting' && tx.type === 'fixed' ? paymentWindow(tx, atMs).atMs : payTillUnder(tx, plan),
  };
  ledger.put(moved);
  return moved;
}

/**
 * How the service reacts to a payment of `paid` (ours, RULES.md): the expected amount is
 * exchanged; a float payment below the pair's minimum fails (docs/service/interface.md#statuses: "most often because the
 * amount was under the minimum"), above its maximum is held for checks, in between exchanged as
 * received; a fixed payment below the minimum fails, any other amount than expected is refunded
 * (the service's note: "a different amount may trigger an automatic refund").
 */
export function payOutcome(tx: LedgerTransaction, paid: dec.Fixed): 'finished' | 'failed' | 'hold' | 'refunded' {
  const from = requireCurrency(tx.currencyFrom);
  const to = requireCurrency(tx.currencyTo);
  const expected = dec.parse(tx.amountExpectedFrom);
  const limits = limitsOf(tx.type, from, to);
  if (paid === expected) return 'finished';
  if (paid < limits.minFrom) return 'failed';
  if (tx.type === 'fixed') return 'refunded';
  return paid > limits.maxFrom ? 'hold' : 'finished';
}

function readPositiveAmount(text: string, currency: Currency, field: string): dec.Fixed {
  const amount = dec.parseAmount(text, currency.blockchainPrecision);
  if (amount === undefined || amount <= 0n) {
    throw new ControlRefusal(
      'invalid',
      `${field} must be a positive decimal string with at most ${currency.blockchainPrecision} decimals (${currency.ticker}).`,
      field,
    );
  }
  return amount;
}

/** Pays a waiting transaction `amount` (default: the expected amount) at `atMs`. */
export function payTransaction(
  ledger: Ledger,
  id: string,
  amount: string | undefined,
  atMs: number,
): LedgerTransaction {
  const tx = visibleTransaction(ledger, id, atMs);
  const status = statusAt(tx, atMs);
  if (status !== 'waiting') {
    throw new ControlRefusal(
      'conflict',
      `Transaction ${id} is ${status}: only a waiting transaction can be paid (move it to waiting first).`,
      'id',
    );
  }
  const from = requireCurrency(tx.currencyFrom);
  const to = requireCurrency(tx.currencyTo);
  const paid = amount === undefined ? dec.parse(tx.amountExpectedFrom) : readPositiveAmount(amount, from, 'amount');
  const outcome = payOutcome(tx, paid);
  const confirmedAt = atMs + (PAYMENT_PACE_MS.confirming ?? 0);
  const plan: PlanStep[] =
    outcome === 'finished'
      ? [{ status: 'waiting', atMs: tx.createdAtMs }, { status: 'confirming', atMs }, ...successors('confirming', atMs)]
      : [
          { status: 'waiting', atMs: tx.createdAtMs },
          { status: 'confirming', atMs },
          { status: outcome, atMs: confirmedAt },
        ];
  const { amountTo, totalFee } = payoutOf(to, paid, dec.parse(tx.rate), tx.exchangeFee, tx.apiExtraFee);
  const paidTx: LedgerTransaction = {
    ...tx,
    plan,
    amountFrom: dec.format(paid),
    amountTo: dec.format(amountTo),
    totalFee: dec.format(totalFee),
  };
  ledger.put(paidTx);
  return paidTx;
}

/** A currency for one side, as the create operations accept it; a refusal names the field. */
function currencyFor(ticker: string, side: 'from' | 'to', fixed: boolean): Currency {
  try {
    return usableCurrency(ticker.toLowerCase(), side, fixed);
  } catch (error) {
    if (error instanceof RpcFailure) throw new ControlRefusal('invalid', error.message, side);
    throw error;
  }
}

function checkAddress(currency: Currency, address: string, field: string): string {
  if (address.length > MAX_ADDRESS_LENGTH || !isPlausibleAddress(currency, address)) {
    throw new ControlRefusal('invalid', `${field} is not a plausible ${currency.ticker} address.`, field);
  }
  return address;
}

function checkExtraId(currency: Currency, extraId: string | undefined, field: string): string | null {
  if (extraId === undefined) return null;
  if (extraId.length > MAX_ADDRESS_LENGTH || !isPlausibleExtraId(currency, extraId)) {
    throw new ControlRefusal(
      'invalid',
      `${field} is not a valid ${currency.extraIdName ?? 'extra id'} for ${currency.ticker}.`,
      field,
    );
  }
  return currency.extraIdName !== null ? extraId : null;
}

/**
 * Creates a transaction as the create operations would (the amount within the pair's limits, the
 * expected payout at the pair's rate, a payin address), then moves it to `status` if not waiting.
 */
export function createInState(ledger: Ledger, options: CreateInStateOptions, atMs: number): LedgerTransaction {
  const status = options.status ?? 'waiting';
  const type: TransactionType = options.type ?? (status === 'expired' ? 'fixed' : 'float');
  if (!movableStatuses(type).includes(status)) {
    throw new ControlRefusal('invalid', `A ${type}-rate transaction cannot be ${status}.`, 'status');
  }
  const from = currencyFor(options.from ?? 'btc', 'from', type === 'fixed');
  const to = currencyFor(options.to ?? 'eth', 'to', type === 'fixed');
  if (from.ticker === to.ticker) throw new ControlRefusal('invalid', 'from and to must be different currencies.', 'to');
  const limits = limitsOf(type, from, to);
  let amount: dec.Fixed;
  if (options.amountFrom === undefined) {
    const twice = dec.round(limits.minFrom * 2n, from.decimals);
    amount = twice <= limits.maxFrom ? twice : limits.minFrom;
  } else {
    amount = readPositiveAmount(options.amountFrom, from, 'amountFrom');
    if (amount < limits.minFrom || amount > limits.maxFrom) {
      throw new ControlRefusal(
        'invalid',
        `amountFrom must be within the ${type} limits of ${from.ticker}->${to.ticker}: ${dec.format(limits.minFrom)} to ${dec.format(limits.maxFrom)} ${from.ticker}.`,
        'amountFrom',
      );
    }
  }
  const rate = type === 'float' ? floatEstimate(from, to, amount).rate : fixedRate(from, to);
  const amountTo =
    type === 'float' ? floatEstimate(from, to, amount).amountTo : dec.round(dec.mul(amount, rate), to.decimals);
  const payoutAddress = options.address === undefined ? undefined : checkAddress(to, options.address, 'address');
  const payoutExtraId = checkExtraId(to, options.extraId, 'extraId');
  const refund =
    options.refundAddress === undefined ? undefined : checkAddress(from, options.refundAddress, 'refundAddress');
  const refundExtraId = checkExtraId(from, options.refundExtraId, 'refundExtraId');
  const tx = ledger.create({
    type,
    from: from.ticker,
    to: to.ticker,
    createdAt: atMs,
    plan: [
      { status: 'waiting', afterMs: 0 },
      type === 'float'
        ? { status: 'overdue', afterMs: FLOAT_PAYMENT_WINDOW_MS }
        : { status: 'expired', afterMs: from.fixedTimeMs },
    ],
    amountExpectedFrom: dec.format(amount),
    amountExpectedTo: dec.format(amountTo),
    rate: dec.format(rate),
    ...(payoutAddress === undefined ? {} : { payoutAddress }),
    payoutExtraId: payoutAddress === undefined && options.extraId === undefined ? undefined : payoutExtraId,
    // A float transaction without a refund address shows `refundAddress: ""`, as created ones do.
    ...(refund !== undefined
      ? { refundAddress: refund, refundExtraId }
      : type === 'float'
        ? { refundAddress: '', refundExtraId: null }
        : {}),
  });
  return status === 'waiting' ? tx : moveTransaction(ledger, tx.id, status, atMs);
}

function step(s: PlanStep): ScheduleStep {
  return { status: s.status, atMs: s.atMs, at: isoWithOffset(s.atMs) };
}

/** The control view of a transaction at `atMs`. */
export function controlView(ledger: Ledger, id: string, atMs: number): ControlTransaction {
  const tx = visibleTransaction(ledger, id, atMs);
  const record = ledger.record(id, atMs);
  const next = tx.plan.find((s) => s.atMs > atMs);
  return {
    id: tx.id,
    type: tx.type,
    status: statusAt(tx, atMs),
    currencyFrom: tx.currencyFrom,
    currencyTo: tx.currencyTo,
    payinAddress: tx.payinAddress,
    payinExtraId: tx.payinExtraId,
    payoutAddress: tx.payoutAddress,
    amountExpectedFrom: tx.amountExpectedFrom,
    amountExpectedTo: tx.amountExpectedTo,
    amountFrom: record?.amountFrom ?? '',
    amountTo: record?.amountTo ?? '0',
    createdAtMs: tx.createdAtMs,
    payTillMs: tx.payTillMs,
    schedule: tx.plan.map(step),
    next: next ? step(next) : null,
  };
}
