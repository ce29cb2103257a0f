/**
 * `getCurrenciesFull` (docs/service/methods.md#getcurrenciesfull), `getCurrencies` (#getcurrencies: the
 * tickers of the enabled currencies) and `validateAddress` (#validateaddress). The catalogue lists
 * every currency of the sandbox, disabled ones included, with the states the other operations
 * refuse by (currencies.ts `availability`, `fixRateEnabled`), so the catalogue and the errors agree:
 * `enabled` false ⇔ "temporary disabled", `enabledFrom` false ⇔ "disabled … as input currency",
 * `enabledTo` false ⇔ "… as output currency", `fixRateEnabled` false ⇔ "… for fix rate transactions".
 */
import type { Currency } from '../currencies';
import { CURRENCIES, findCurrency, isPlausibleAddress, isPlausibleExtraId } from '../currencies';
import { INVALID_PARAMS, invalidParameter, RpcFailure } from '../protocol';
import { requiredString } from './params';
import { echo } from '../../../../src/shared/echo';
import { isRecord } from '../../../../src/shared/isRecord';

export interface CurrencyRecord {
  name: string;
  ticker: string;
  fullName: string;
  enabled: boolean;
  enabledFrom: boolean;
  enabledTo: boolean;
  fixRateEnabled: boolean;
  payinConfirmations: number;
  extraIdName?: string;
  addressUrl: string;
  transactionUrl: string;
  image: string;
  fixedTime: number;
  protocol: string;
  blockchain: string;
  blockchainPrecision: number;
  contractAddress?: string;
  notifications?: { payin: string };
}

export function currencyRecord(c: Currency): CurrencyRecord {
  const enabled = c.availability !== 'disabled';
  const enabledFrom = enabled && c.availability !== 'no-input';
  const enabledTo = enabled && c.availability !== 'no-output';
  return {
    name: c.ticker.toUpperCase(),
    ticker: c.ticker,
    fullName: c.fullName,
    enabled,
    enabledFrom,
    enabledTo,
    fixRateEnabled: enabled && c.fixRateEnabled,
    payinConfirmations: c.confirmations,
    ...(c.extraIdName !== null ? { extraIdName: c.extraIdName } : {}),
    addressUrl: c.addressExplorer.replace('{address}', '%1$s'),
    transactionUrl: c.explorer.replace('{hash}', '%1$s'),
    image: `https://sandbox.invalid/icons/${c.ticker}.svg`,
    fixedTime: c.fixedTimeMs,
    protocol: c.protocol,
    blockchain: c.blockchain,
    blockchainPrecision: c.blockchainPrecision,
    ...(c.contractAddress !== undefined ? { contractAddress: c.contractAddress } : {}),
    ...(c.payinNotice !== undefined ? { notifications: { payin: c.payinNotice } } : {}),
  };
}

/** `params` is `{}` (members ignored) or `[]`; anything else: `Parameter params is invalid`. */
export function getCurrenciesFull(params: unknown): CurrencyRecord[] {
  if (!isRecord(params) && !(Array.isArray(params) && params.length === 0)) throw invalidParameter('params');
  return CURRENCIES.map(currencyRecord);
}

/**
 * `getCurrencies`: the tickers of the currencies `getCurrenciesFull` lists as `enabled`, in the
 * same order. `params` is absent, `{}` (members ignored) or `[]`, as for `getCurrenciesFull`.
 */
export function getCurrencies(params: unknown): string[] {
  if (!isRecord(params) && !(Array.isArray(params) && params.length === 0)) throw invalidParameter('params');
  return CURRENCIES.map(currencyRecord)
    .filter((c) => c.enabled)
    .map((c) => c.ticker);
}

export interface AddressVerdict {
  result: boolean;
  message?: string;
}

export const INVALID_ADDRESS_MESSAGE = 'Invalid address';
export const INVALID_EXTRA_ID_MESSAGE = 'Invalid extra id';

/**
 * `{currency, address, extraId?}`: the same format checks as the create operations. An unknown
 * ticker is `Invalid currency: {ticker} not found`; a disabled currency is still checked.
 */
export function validateAddress(params: unknown): AddressVerdict {
  if (!isRecord(params)) throw invalidParameter('params');
  const ticker = requiredString(params, 'currency');
  if (typeof params.address !== 'string') throw invalidParameter('address');
  const extraId = params.extraId;
  if (extraId !== undefined && extraId !== null && typeof extraId !== 'string') throw invalidParameter('extraId');
  const currency = findCurrency(ticker);
  if (!currency) throw new RpcFailure(INVALID_PARAMS, `Invalid currency: ${echo(ticker.toLowerCase())} not found`);
  if (!isPlausibleAddress(currency, params.address)) return { result: false, message: INVALID_ADDRESS_MESSAGE };
  if (typeof extraId === 'string' && extraId !== '' && !isPlausibleExtraId(currency, extraId))
    return { result: false, message: INVALID_EXTRA_ID_MESSAGE };
  return { result: true };
}
