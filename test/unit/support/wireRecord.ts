/**
 * The one way tests build transaction records: a record as it comes over the wire, and, typed,
 * what the client's own decoder makes of it (no casts, no hand-typed TransactionRecord).
 */
import { decodeTransactions } from '../../../src/api/decode';
import type { TransactionRecord } from '../../../src/api';
import type { KnownStatus } from '../../../src/shared/status';
import { Ledger, ManualClock } from '../../../packages/sandbox/src';

/** A complete transaction record as the service's interface writes it, as it comes over the wire. */
export function wireRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'pgj49c80p572minj',
    createdAt: 1_763_700_000_123_456,
    type: 'float',
    moneyReceived: 1_763_700_100_000_000,
    moneySent: 1_763_700_900_000_000,
    rate: '14.86021300',
    payinConfirmations: '3',
    status: 'finished',
    currencyFrom: 'btc',
    currencyTo: 'eth',
    payinAddress: 'bc1qexampleaddress',
    payinExtraId: null,
    payinExtraIdName: null,
    payinHash: 'ab12',
    payoutAddress: '0xabc',
    payoutExtraId: null,
    payoutExtraIdName: null,
    payoutHash: '0xdef',
    payoutHashLink: 'https://etherscan.io/tx/0xdef',
    refundAddress: 'bc1qrefund',
    refundExtraId: null,
    refundHash: null,
    refundHashLink: null,
    amountExpectedFrom: '0.5',
    amountExpectedTo: '7.43',
    amountFrom: '0.5',
    amountTo: '7.4',
    networkFee: '0.003',
    exchangeFee: '0.25',
    apiExtraFee: '0',
    totalFee: '0.021',
    canPush: false,
    canRefund: false,
    ...overrides,
  };
}

/** What the client makes of wire records: the typed records tests use. */
export function decodedRecords(wire: readonly unknown[]): TransactionRecord[] {
  return decodeTransactions(wire);
}

/** `wireRecord(overrides)` as the client decodes it. */
export function typedRecord(overrides: Record<string, unknown> = {}): TransactionRecord {
  const [record] = decodedRecords([wireRecord(overrides)]);
  if (!record) throw new Error('the decoder dropped the test record');
  return record;
}

let ledger: Ledger | undefined;

/** One small seeded sandbox ledger (every status present, on a manual clock) for the whole run. */
function sharedLedger(): Ledger {
  ledger ??= new Ledger({ clock: new ManualClock(), seed: 11, size: 40 });
  return ledger;
}

/**
 * Every record of the seeded ledger, newest first, as the client decodes the sandbox's wire
 * records: fields that agree with their status the way the sandbox's lifecycle sets them.
 */
export function ledgerRecords(): TransactionRecord[] {
  const l = sharedLedger();
  return decodedRecords(l.visible().map((tx) => l.record(tx.id)));
}

/** A decoded record of the seeded ledger in this status. */
export function recordIn(status: KnownStatus): TransactionRecord {
  const found = ledgerRecords().find((r) => r.status === status);
  if (!found) throw new Error(`the test ledger has no ${status} record`);
  return found;
}
