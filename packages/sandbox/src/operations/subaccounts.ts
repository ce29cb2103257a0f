/**
 * `createSubaccount` and `updateSubaccount` (the service's documentation, pages "Create users" and
 * "Update users": `{email?}` → `{subaccountId}`, `{subaccountId, email}` → `{subaccountId}`; the
 * address "must be unique among all of your users"). The id goes to the create operations as
 * `subaccountId`, is kept on the transaction's record and filters `getTransactions`. Ours
 * (RULES.md, "Subaccounts"): an address must look like one address and is compared ignoring case;
 * one in use by another subaccount, and an id the sandbox never issued, are refused as
 * `Parameter email|subaccountId is invalid`.
 */
import { EMAIL } from '../ids';
import type { Ledger } from '../ledger';
import { invalidParameter } from '../protocol';
import { objectParams, optionalString, requiredString } from './params';

export interface SubaccountRecord {
  subaccountId: string;
}

function readEmail(params: Record<string, unknown>, required: boolean): string | undefined {
  const email = required
    ? typeof params.email === 'string'
      ? params.email
      : undefined
    : optionalString(params, 'email');
  if (required && email === undefined) throw invalidParameter('email');
  if (email !== undefined && !EMAIL.test(email)) throw invalidParameter('email');
  return email;
}

export function createSubaccount(ledger: Ledger, params: unknown): SubaccountRecord {
  const p = objectParams(params);
  const email = readEmail(p, false);
  return { subaccountId: ledger.issuer.newSubaccount(email ?? null) };
}

export function updateSubaccount(ledger: Ledger, params: unknown): SubaccountRecord {
  const p = objectParams(params);
  const subaccountId = requiredString(p, 'subaccountId');
  if (!ledger.issuer.hasSubaccount(subaccountId)) throw invalidParameter('subaccountId');
  const email = readEmail(p, true) ?? '';
  ledger.issuer.updateSubaccount(subaccountId, email);
  return { subaccountId };
}
