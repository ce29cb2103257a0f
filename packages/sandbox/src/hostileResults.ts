/**
 * The hostile-strings fault on the results of the further operations (docs/service/methods.md), as
 * hostile.ts does for transaction records and pair limits. What a client needs to go on stays
 * valid (tickers, amounts asked for and the payout promised, rate IDs, transaction ids, booleans,
 * times); the display text and the other amounts carry the hostile values. Chosen per key, as
 * records are: estimates per pair, a created transaction by its id, a currency by its ticker, an
 * invalid-address verdict by its message. `getPairs` (tickers only) stays as it is.
 */
import { HOSTILE_VALUES } from './hostile';
import type { MethodName } from './operations';
import { isRecord } from '../../../src/shared/isRecord';

const H = HOSTILE_VALUES;

function estimate(record: Record<string, unknown>): Record<string, unknown> {
  const hostile: Record<string, unknown> = {
    ...record,
    networkFee: H.markup,
    min: H.script,
    minFrom: H.control,
    minTo: H.markdown,
    max: H.long,
    maxFrom: H.commandLink,
    maxTo: H.javascriptLink,
  };
  if ('visibleAmount' in record) hostile.visibleAmount = H.commandUri;
  if ('fee' in record) hostile.fee = H.control;
  if ('rate' in record) hostile.rate = H.markup;
  if ('result' in record) hostile.result = H.markdown;
  return hostile;
}

function created(record: Record<string, unknown>): Record<string, unknown> {
  return {
    ...record,
    payinAddress: H.markup,
    payinExtraId: H.control,
    payoutAddress: H.script,
    payoutExtraId: H.markdown,
    refundAddress: H.long,
    trackUrl: H.commandUri,
  };
}

function currency(record: Record<string, unknown>): Record<string, unknown> {
  return {
    ...record,
    name: H.markup,
    fullName: H.script,
    addressUrl: H.javascriptLink,
    transactionUrl: H.commandUri,
    image: H.javascriptLink,
    protocol: H.control,
    blockchain: H.markdown,
    ...('extraIdName' in record ? { extraIdName: H.commandLink } : {}),
    notifications: { payin: H.long },
  };
}

/**
 * The result of `method` with hostile strings where `chosen(key)` says so; other methods' results
 * (and getTransactions / getPairsParams, decorated on their own) are returned as they are.
 */
export function hostileResult(method: MethodName, result: unknown, chosen: (key: string) => boolean): unknown {
  switch (method) {
    case 'getExchangeAmount':
    case 'getFixRateForAmount':
      return Array.isArray(result)
        ? (result as unknown[]).map((r) =>
            isRecord(r) && chosen(`pair:${String(r.from)}/${String(r.to)}`) ? estimate(r) : r,
          )
        : result;
    case 'createTransaction':
    case 'createFixTransaction':
      return isRecord(result) && chosen(String(result.id)) ? created(result) : result;
    case 'getCurrenciesFull':
      return Array.isArray(result)
        ? (result as unknown[]).map((r) => (isRecord(r) && chosen(`currency:${String(r.ticker)}`) ? currency(r) : r))
        : result;
    case 'validateAddress':
      return isRecord(result) && result.result === false && chosen(`address:${String(result.message)}`)
        ? { ...result, message: H.script }
        : result;
    default:
      return result;
  }
}
