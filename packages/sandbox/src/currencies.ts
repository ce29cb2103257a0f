/**
 * The currencies the sandbox knows, read from its catalogue (catalogue.json: data only; where its
 * facts come from and which values are ours: RULES.md, "The currency catalogue"): names, networks,
 * precision, confirmations, extra ids, explorers, rough USD prices (for plausible rates and
 * limits) and whether the service currently accepts them as input and output. What their
 * addresses, hashes and extra ids look like comes from their address format (addressFormats.ts).
 */
import type { AddressFormat } from './addressFormats';
import { ADDRESS_FORMATS, EXTRA_ID_RULES, isAddressFormatName, isExtraIdRuleName } from './addressFormats';
import catalogue from './catalogue.json';
import type { Random } from './random';

/** Whether `getPairsParams` accepts the currency: fully, not at all, or on one side only. */
export type Availability = 'enabled' | 'disabled' | 'no-input' | 'no-output';

export interface Currency {
  readonly ticker: string;
  /** USD price as an exact decimal string. */
  readonly usdPrice: string;
  /** Fractional digits the chain knows (`blockchainPrecision`): amounts sent may have up to this many. */
  readonly blockchainPrecision: number;
  /**
   * Fractional digits of the amounts the sandbox computes in this currency (limits, estimates,
   * seeded transactions): the catalogue's `decimals`, else `blockchainPrecision` up to 8.
   */
  readonly decimals: number;
  /** Confirmations the service waits for on a payin. */
  readonly confirmations: number;
  /** Name of the extra id (memo, destination tag) where the currency uses one. */
  readonly extraIdName: string | null;
  /** Network fee withheld from a payout in this currency (decimal string). */
  readonly networkFee: string;
  /** Block-explorer URL of a transaction; `{hash}` is replaced. */
  readonly explorer: string;
  readonly availability: Availability;
  /** Human name, as `getCurrenciesFull` shows it. */
  readonly fullName: string;
  readonly protocol: string;
  readonly blockchain: string;
  /** Block-explorer URL of an address; `{address}` is replaced. */
  readonly addressExplorer: string;
  /** Whether fixed-rate transactions may use the currency (default true). */
  readonly fixRateEnabled: boolean;
  /** Milliseconds a fixed-rate payin may take (`payTill − createdAt`; default 20 minutes). */
  readonly fixedTimeMs: number;
  /** Token contract, for tokens only. */
  readonly contractAddress?: string;
  /** A warning about payins, shown as `notifications.payin`. */
  readonly payinNotice?: string;
  /** The name of its address format (addressFormats.ts). */
  readonly addressFormat: string;
  /** What a plausible address of this currency looks like (format only: no checksum). */
  readonly addressPattern: RegExp;
  /**
   * What a plausible extra id looks like, for the currencies whose extra id the service checks
   * (`validateAddress`: EOS, IOST, STEEM, STX, XLM, XRP); undefined: not checked.
   */
  readonly extraIdCheck?: (extraId: string) => boolean;
  address(rng: Random): string;
  hash(rng: Random): string;
  extraId(rng: Random): string;
}

/** The default payment window of a fixed-rate transaction (the service's sample for BTC). */
export const DEFAULT_FIXED_TIME_MS = 20 * 60_000;
/** The most fractional digits of the sandbox's own amounts where the catalogue gives no `decimals`. */
export const DEFAULT_MAX_DECIMALS = 8;

const TICKER = /^[a-z0-9]{2,16}$/;
const DECIMAL = /^\d+(?:\.\d+)?$/;

/** One catalogue entry, checked; a malformed catalogue fails loudly at load (and in the tests). */
function readEntry(entry: unknown, explorers: Readonly<Record<string, unknown>>): Currency {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    throw new TypeError('catalogue: an entry is not an object');
  const e = entry as Record<string, unknown>;
  const where = `catalogue: ${String(e.ticker)}`;
  const text = (name: string, optional = false): string | undefined => {
    const value = e[name];
    if (value === undefined && optional) return undefined;
    if (typeof value !== 'string' || value === '') throw new TypeError(`${where}: ${name} is not a non-empty string`);
    return value;
  };
  const count = (name: string, min: number, max: number, fallback?: number): number => {
    const value = e[name] ?? fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
      throw new TypeError(`${where}: ${name} is not an integer in [${min}, ${max}]`);
    return value;
  };
  const flag = (name: string): boolean => {
    const value = e[name] ?? true;
    if (typeof value !== 'boolean') throw new TypeError(`${where}: ${name} is not a boolean`);
    return value;
  };
  const ticker = text('ticker') ?? '';
  if (!TICKER.test(ticker)) throw new TypeError(`${where}: the ticker is not 2–16 lowercase letters and digits`);
  const usdPrice = text('usdPrice') ?? '';
  const networkFee = text('networkFee') ?? '';
  if (!DECIMAL.test(usdPrice) || !/[1-9]/.test(usdPrice))
    throw new TypeError(`${where}: usdPrice is not a positive decimal`);
  if (!DECIMAL.test(networkFee)) throw new TypeError(`${where}: networkFee is not a decimal`);
  const formatName = text('addressFormat') ?? '';
  if (!isAddressFormatName(formatName)) throw new TypeError(`${where}: unknown address format ${formatName}`);
  const format: AddressFormat = ADDRESS_FORMATS[formatName];
  const ruleName = text('extraIdRule', true);
  if (ruleName !== undefined && !isExtraIdRuleName(ruleName))
    throw new TypeError(`${where}: unknown extra id rule ${ruleName}`);
  const extraIdName = text('extraIdName', true) ?? null;
  if (ruleName !== undefined && extraIdName === null)
    throw new TypeError(`${where}: an extra id rule without an extra id name`);
  const blockchain = text('blockchain') ?? '';
  const explorer = explorers[blockchain];
  if (typeof explorer !== 'object' || explorer === null)
    throw new TypeError(`${where}: no explorers for ${blockchain}`);
  const urls = explorer as Record<string, unknown>;
  const transactionUrl = urls.transactionUrl;
  const addressUrl = urls.addressUrl;
  if (
    typeof transactionUrl !== 'string' ||
    !transactionUrl.includes('{hash}') ||
    typeof addressUrl !== 'string' ||
    !addressUrl.includes('{address}')
  ) {
    throw new TypeError(`${where}: the explorers of ${blockchain} are not URL templates`);
  }
  const enabled = flag('enabled');
  const enabledFrom = flag('enabledFrom');
  const enabledTo = flag('enabledTo');
  if (!enabledFrom && !enabledTo) throw new TypeError(`${where}: disabled on both sides: say enabled: false`);
  const availability: Availability = !enabled
    ? 'disabled'
    : !enabledFrom
      ? 'no-input'
      : !enabledTo
        ? 'no-output'
        : 'enabled';
  const blockchainPrecision = count('blockchainPrecision', 0, 30);
  const contractAddress = text('contractAddress', true);
  const payinNotice = text('payinNotice', true);
  return {
    ticker,
    fullName: text('fullName') ?? '',
    protocol: text('protocol') ?? '',
    blockchain,
    usdPrice,
    networkFee,
    blockchainPrecision,
    decimals: count('decimals', 0, blockchainPrecision, Math.min(blockchainPrecision, DEFAULT_MAX_DECIMALS)),
    confirmations: count('payinConfirmations', 0, 10_000),
    extraIdName,
    explorer: transactionUrl,
    addressExplorer: addressUrl,
    availability,
    fixRateEnabled: flag('fixRateEnabled'),
    fixedTimeMs: count('fixedTime', 60_000, 24 * 3_600_000, DEFAULT_FIXED_TIME_MS),
    ...(contractAddress !== undefined ? { contractAddress } : {}),
    ...(payinNotice !== undefined ? { payinNotice } : {}),
    addressFormat: formatName,
    addressPattern: format.pattern,
    ...(ruleName !== undefined ? { extraIdCheck: EXTRA_ID_RULES[ruleName] } : {}),
    address: format.address,
    hash: format.hash,
    extraId: format.extraId,
  };
}

/** Reads a catalogue document (catalogue.json's shape); throws on the first malformed entry or a repeated ticker. */
export function readCatalogue(document: unknown): Currency[] {
  if (typeof document !== 'object' || document === null) throw new TypeError('catalogue: not an object');
  const { explorers, currencies } = document as Record<string, unknown>;
  if (typeof explorers !== 'object' || explorers === null || !Array.isArray(currencies))
    throw new TypeError('catalogue: no explorers or currencies');
  const list = (currencies as unknown[]).map((entry) => readEntry(entry, explorers as Record<string, unknown>));
  const seen = new Set<string>();
  for (const c of list) {
    if (seen.has(c.ticker)) throw new TypeError(`catalogue: ${c.ticker} is listed twice`);
    seen.add(c.ticker);
  }
  return list;
}

/** Every currency of the sandbox, in catalogue order. */
export const CURRENCIES: readonly Currency[] = readCatalogue(catalogue);

const BY_TICKER: ReadonlyMap<string, Currency> = new Map(CURRENCIES.map((c) => [c.ticker, c]));

/** The currency with this ticker (compared lowercase), if the sandbox knows it. */
export function findCurrency(ticker: string): Currency | undefined {
  return BY_TICKER.get(ticker.toLowerCase());
}

export function requireCurrency(ticker: string): Currency {
  const found = findCurrency(ticker);
  if (!found) throw new RangeError(`unknown currency ${ticker}`);
  return found;
}

/** Whether a plausible address of the currency (format only). */
export function isPlausibleAddress(c: Currency, address: string): boolean {
  return c.addressPattern.test(address);
}

/** Whether an extra id passes the currency's check; currencies whose extra id is not checked accept any. */
export function isPlausibleExtraId(c: Currency, extraId: string): boolean {
  return c.extraIdCheck ? c.extraIdCheck(extraId) : true;
}

/** Explorer link of a transaction hash in a currency. */
export function explorerLink(c: Currency, hash: string): string {
  return c.explorer.replace('{hash}', hash);
}
