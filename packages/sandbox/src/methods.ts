/**
 * The methods the sandbox serves: the one list of them. The request documents' operations
 * (src/documents/operationTable.ts) say `inSandbox` from it, and the generated schema and
 * docs/sandbox.md's table follow; a method is served once its operation is in operations/ and its
 * name here. No imports, so the extension can read it without loading the sandbox.
 *
 * In the order the methods were specified: the three base methods, the seven estimate, create
 * and catalogue methods, then getCurrencies, getMinAmount, getFixRate and createSubaccount (all in
 * docs/service/methods.md), then those found in the service's documentation since
 * (updateSubaccount, getFixRateBulk; sources in RULES.md).
 */
export const METHODS = [
  'getStatus',
  'getTransactions',
  'getPairsParams',
  'getExchangeAmount',
  'getFixRateForAmount',
  'createTransaction',
  'createFixTransaction',
  'getCurrenciesFull',
  'getPairs',
  'validateAddress',
  'getCurrencies',
  'getMinAmount',
  'getFixRate',
  'createSubaccount',
  'updateSubaccount',
  'getFixRateBulk',
] as const;
export type MethodName = (typeof METHODS)[number];

export function isMethod(name: string): name is MethodName {
  return (METHODS as readonly string[]).includes(name);
}
