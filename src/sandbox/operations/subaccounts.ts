/**
 * `createSubaccount` (docs/service/methods.md#createsubaccount): `{email?}` → `{subaccountId}`. The id goes to the
 * create operations as `subaccountId`, is kept on the transaction's record and filters
 * `getTransactions`. Ours: the sandbox keeps no list of subaccounts (the create operations take any
 * well-formed `subaccountId`), and `email`, when given, must look like one address.
 */
import type { Ledger } from '../ledger';
import { invalidParameter } from '../protocol';
import { objectParams, optionalString } from './params';

/** One address: something@something, no spaces, at most 254 characters (ours, loose on purpose). */
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}$/;

export interface SubaccountRecord {
  subaccountId: string;
}

export function createSubaccount(ledger: Ledger, params: unknown): SubaccountRecord {
  const p = objectParams(params);
  const email = optionalString(p, 'email');
  if (email !== undefined && !EMAIL.test(email)) throw invalidParameter('email');
  return { subaccountId: ledger.newSubaccountId() };
}
