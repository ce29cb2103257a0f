/**
 * The catalogue operations (docs/service/methods.md#getcurrenciesfull, #getpairs, #validateaddress): `getCurrenciesFull`, `getPairs` and
 * `validateAddress`. Their params checks, which refuse before sending, and their decoders.
 */
import * as v from 'valibot';
import { ownMember } from '../shared/isRecord';
import { parse } from './decode';
import { checkObject, checkTicker, compact, invalidParameter, nonEmpty, optionalText } from './params';
import type { AddressQuery, AddressVerdict, CurrencyInfo, CurrencyPair, PairsQuery } from './types';
import { optionalBoolean, optionalCount, optionalText as optionalWireText, ticker } from './wire';

type Params = Record<string, string>;

/** Checks the filters of `getPairs` (each optional; `txType` `float` or `fixed`) and builds its `params`. */
export function pairsParams(query: PairsQuery): Params {
  checkObject('params', query);
  const txType: unknown = query.txType;
  if (txType !== undefined && txType !== 'float' && txType !== 'fixed')
    throw invalidParameter('txType', 'expected "float" or "fixed"');
  const params = compact({
    from: query.from === undefined ? undefined : checkTicker('from', query.from),
    to: query.to === undefined ? undefined : checkTicker('to', query.to),
    txType: txType,
  });
  if (params.from !== undefined && params.from === params.to) throw invalidParameter('to', 'must differ from "from"');
  return params;
}

/** Checks a `validateAddress` query and builds its `params`. */
export function addressParams(query: AddressQuery): Params {
  checkObject('params', query);
  return compact({
    currency: checkTicker('currency', query.currency),
    address: nonEmpty('address', query.address),
    extraId: optionalText('extraId', query.extraId),
  });
}

const CurrencySchema = v.object({
  ticker,
  name: optionalWireText,
  fullName: optionalWireText,
  // The field table spells it `fullname`; every sample `fullName`.
  fullname: optionalWireText,
  enabled: v.boolean(),
  enabledFrom: optionalBoolean,
  enabledTo: optionalBoolean,
  fixRateEnabled: optionalBoolean,
  payinConfirmations: optionalCount,
  extraIdName: optionalWireText,
  addressUrl: optionalWireText,
  transactionUrl: optionalWireText,
  image: optionalWireText,
  fixedTime: optionalCount,
  protocol: optionalWireText,
  blockchain: optionalWireText,
  // Sent instead of protocol / blockchain when the partner asked for it.
  coin: optionalWireText,
  network: optionalWireText,
  blockchainPrecision: optionalCount,
  contractAddress: optionalWireText,
  notifications: v.optional(v.unknown()),
});

function payinNoticeOf(notifications: unknown): string | undefined {
  return v.parse(optionalWireText, ownMember(notifications, 'payin'));
}

function currencyInfo(record: v.InferOutput<typeof CurrencySchema>): CurrencyInfo {
  const { fullname, coin, network, notifications, enabledFrom, enabledTo, fixRateEnabled, ...rest } = record;
  const info: Record<string, unknown> = {
    ...rest,
    fullName: rest.fullName ?? fullname,
    protocol: rest.protocol ?? coin,
    blockchain: rest.blockchain ?? network,
    enabledFrom: enabledFrom ?? rest.enabled,
    enabledTo: enabledTo ?? rest.enabled,
    fixRateEnabled: fixRateEnabled ?? false,
    payinNotice: payinNoticeOf(notifications),
  };
  for (const key of Object.keys(info)) if (info[key] === undefined) delete info[key];
  return info as unknown as CurrencyInfo;
}

export function decodeCurrencies(result: unknown): CurrencyInfo[] {
  return parse(v.array(CurrencySchema), result, 'result').map(currencyInfo);
}

const PairSchema = v.object({ from: ticker, to: ticker });

export function decodePairs(result: unknown): CurrencyPair[] {
  return parse(v.array(PairSchema), result, 'result');
}

const VerdictSchema = v.object({ result: v.boolean(), message: optionalWireText });

export function decodeAddressVerdict(result: unknown): AddressVerdict {
  const { result: valid, message } = parse(VerdictSchema, result, 'result');
  return message === undefined ? { result: valid } : { result: valid, message };
}
