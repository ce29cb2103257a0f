/**
 * The currencies the sandbox knows: what their addresses, extra ids and transaction hashes look
 * like, their block explorers, rough USD prices (for plausible rates and limits) and whether the
 * service currently accepts them as input and output.
 */
import { BASE32_UPPER, BASE58, BECH32, DIGITS, HEX, LOWER_ALNUM } from './random';
import type { Random } from './random';

/** Whether `getPairsParams` accepts the currency: fully, not at all, or on one side only. */
export type Availability = 'enabled' | 'disabled' | 'no-input' | 'no-output';

export interface Currency {
  readonly ticker: string;
  /** USD price as an exact decimal string. */
  readonly usdPrice: string;
  /** Fractional digits of amounts in this currency. */
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
  /** What a plausible address of this currency looks like (format only: no checksum). */
  readonly addressPattern: RegExp;
  /**
   * What a plausible extra id looks like, for the currencies whose extra id the service checks
   * (`validateAddress`: EOS, XLM, XRP among ours); undefined: not checked.
   */
  readonly extraIdCheck?: (extraId: string) => boolean;
  address(rng: Random): string;
  hash(rng: Random): string;
  extraId(rng: Random): string;
}

const hex64 = (rng: Random): string => rng.chars(HEX, 64);
const hex64Upper = (rng: Random): string => rng.chars(HEX, 64).toUpperCase();
const hex0x = (rng: Random): string => `0x${rng.chars(HEX, 64)}`;
const tag = (rng: Random): string => String(rng.int(100000, 4294967295));
const memoDigits = (rng: Random): string => rng.chars(DIGITS, rng.int(6, 10)).replace(/^0/, '1');

const bitcoinLike =
  (bech: string, legacy: readonly string[]) =>
  (rng: Random): string =>
    rng.chance(0.6) ? `${bech}1q${rng.chars(BECH32, 38)}` : `${rng.pick(legacy)}${rng.chars(BASE58, 33)}`;

/** The default payment window of a fixed-rate transaction (the service's sample for BTC). */
export const DEFAULT_FIXED_TIME_MS = 20 * 60_000;

type CurrencySpec = Omit<Currency, 'availability' | 'fixRateEnabled' | 'fixedTimeMs'> &
  Partial<Pick<Currency, 'availability' | 'fixRateEnabled' | 'fixedTimeMs'>>;

function currency(spec: CurrencySpec): Currency {
  return { availability: 'enabled', fixRateEnabled: true, fixedTimeMs: DEFAULT_FIXED_TIME_MS, ...spec };
}

// Character classes of the address formats (format only, no checksums).
const B58 = '[1-9A-HJ-NP-Za-km-z]';
const B32 = '[02-9ac-hj-np-z]';
const re = (source: string): RegExp => new RegExp(`^(?:${source})$`);
const ETH_ADDRESS = re('0x[0-9a-fA-F]{40}');
/** An XRP destination tag: an unsigned 32-bit integer in decimal, no leading zeros. */
const isDestinationTag = (tag: string): boolean => /^(?:0|[1-9][0-9]{0,9})$/.test(tag) && Number(tag) <= 4294967295;

export const CURRENCIES: readonly Currency[] = [
  currency({
    ticker: 'btc', fullName: 'Bitcoin', protocol: 'BTC', blockchain: 'bitcoin',
    addressExplorer: 'https://www.blockchain.com/explorer/addresses/btc/{address}',
    addressPattern: re(`bc1[qp]${B32}{38,58}|[13]${B58}{25,33}`), fixedTimeMs: 1_200_000,
    usdPrice: '64250.12', decimals: 8, confirmations: 2, extraIdName: null, networkFee: '0.00018',
    explorer: 'https://www.blockchain.com/explorer/transactions/btc/{hash}',
    address: bitcoinLike('bc', ['1', '3']), hash: hex64, extraId: tag,
  }),
  currency({
    ticker: 'eth', fullName: 'Ethereum', protocol: 'ETH', blockchain: 'ethereum',
    addressExplorer: 'https://etherscan.io/address/{address}',
    addressPattern: ETH_ADDRESS,
    usdPrice: '3120.55', decimals: 8, confirmations: 12, extraIdName: null, networkFee: '0.0021',
    explorer: 'https://etherscan.io/tx/{hash}',
    address: (rng) => `0x${rng.chars(HEX, 40)}`, hash: hex0x, extraId: tag,
  }),
  currency({
    ticker: 'ltc', fullName: 'Litecoin', protocol: 'LTC', blockchain: 'litecoin',
    addressExplorer: 'https://blockchair.com/litecoin/address/{address}',
    addressPattern: re(`ltc1[qp]${B32}{38,58}|[LM3]${B58}{26,33}`),
    usdPrice: '71.84', decimals: 8, confirmations: 6, extraIdName: null, networkFee: '0.0012',
    explorer: 'https://blockchair.com/litecoin/transaction/{hash}',
    address: bitcoinLike('ltc', ['L', 'M']), hash: hex64, extraId: tag,
  }),
  currency({
    ticker: 'xrp', fullName: 'Ripple', protocol: 'XRP', blockchain: 'ripple',
    addressExplorer: 'https://xrpscan.com/account/{address}',
    addressPattern: re(`r${B58}{24,34}`), extraIdCheck: isDestinationTag, payinNotice: 'Send the payin with its destination tag, or it is not credited.',
    usdPrice: '0.5213', decimals: 6, confirmations: 1, extraIdName: 'destination tag', networkFee: '0.25',
    explorer: 'https://xrpscan.com/tx/{hash}',
    address: (rng) => `r${rng.chars(BASE58, rng.int(24, 33))}`, hash: hex64Upper, extraId: tag,
  }),
  currency({
    ticker: 'xlm', fullName: 'Stellar', protocol: 'XLM', blockchain: 'stellar',
    addressExplorer: 'https://stellar.expert/explorer/public/account/{address}',
    addressPattern: re('G[A-Z2-7]{55}'), extraIdCheck: (memo) => /^[\x20-\x7e]{1,28}$/.test(memo), payinNotice: 'Send the payin with its memo, or it is not credited.',
    usdPrice: '0.1094', decimals: 7, confirmations: 1, extraIdName: 'memo', networkFee: '0.05',
    explorer: 'https://stellar.expert/explorer/public/tx/{hash}',
    address: (rng) => `G${rng.chars(BASE32_UPPER, 55)}`, hash: hex64, extraId: memoDigits,
  }),
  currency({
    ticker: 'usdt', fullName: 'Tether ERC20', protocol: 'ERC20', blockchain: 'ethereum',
    addressExplorer: 'https://etherscan.io/address/{address}',
    addressPattern: ETH_ADDRESS, contractAddress: '0xdac17f958d2ee523a2206206994597c13d831ec7',
    usdPrice: '1.0002', decimals: 6, confirmations: 12, extraIdName: null, networkFee: '4.5',
    explorer: 'https://etherscan.io/tx/{hash}',
    address: (rng) => `0x${rng.chars(HEX, 40)}`, hash: hex0x, extraId: tag,
  }),
  currency({
    ticker: 'trx', fullName: 'TRON', protocol: 'TRX', blockchain: 'tron',
    addressExplorer: 'https://tronscan.org/#/address/{address}',
    addressPattern: re(`T${B58}{33}`),
    usdPrice: '0.1187', decimals: 6, confirmations: 20, extraIdName: null, networkFee: '1.1',
    explorer: 'https://tronscan.org/#/transaction/{hash}',
    address: (rng) => `T${rng.chars(BASE58, 33)}`, hash: hex64, extraId: tag,
  }),
  currency({
    ticker: 'doge', fullName: 'Dogecoin', protocol: 'DOGE', blockchain: 'dogecoin',
    addressExplorer: 'https://blockchair.com/dogecoin/address/{address}',
    addressPattern: re(`[DA9]${B58}{33}`), fixRateEnabled: false,
    usdPrice: '0.1243', decimals: 8, confirmations: 6, extraIdName: null, networkFee: '5',
    explorer: 'https://blockchair.com/dogecoin/transaction/{hash}',
    address: (rng) => `D${rng.chars(BASE58, 33)}`, hash: hex64, extraId: tag,
  }),
  currency({
    ticker: 'bch', fullName: 'Bitcoin Cash', protocol: 'BCH', blockchain: 'bitcoincash',
    addressExplorer: 'https://blockchair.com/bitcoin-cash/address/{address}',
    addressPattern: re(`(?:bitcoincash:)?[qp]${B32}{41}|[13]${B58}{25,33}`),
    usdPrice: '372.9', decimals: 8, confirmations: 3, extraIdName: null, networkFee: '0.0005',
    explorer: 'https://blockchair.com/bitcoin-cash/transaction/{hash}',
    address: (rng) => `bitcoincash:q${rng.chars(BECH32, 41)}`, hash: hex64, extraId: tag,
  }),
  currency({
    ticker: 'sol', fullName: 'Solana', protocol: 'SOL', blockchain: 'solana',
    addressExplorer: 'https://solscan.io/account/{address}',
    addressPattern: re(`${B58}{32,44}`), fixedTimeMs: 900_000,
    usdPrice: '142.37', decimals: 9, confirmations: 1, extraIdName: null, networkFee: '0.005',
    explorer: 'https://solscan.io/tx/{hash}',
    address: (rng) => rng.chars(BASE58, rng.int(43, 44)), hash: (rng) => rng.chars(BASE58, 88), extraId: tag,
  }),
  currency({
    ticker: 'ada', fullName: 'Cardano', protocol: 'ADA', blockchain: 'cardano',
    addressExplorer: 'https://cardanoscan.io/address/{address}',
    addressPattern: re(`addr1${B32}{50,110}`),
    usdPrice: '0.4521', decimals: 6, confirmations: 15, extraIdName: null, networkFee: '1',
    explorer: 'https://cardanoscan.io/transaction/{hash}',
    address: (rng) => `addr1q${rng.chars(BECH32, 97)}`, hash: hex64, extraId: tag,
  }),
  currency({
    ticker: 'dot', fullName: 'Polkadot', protocol: 'DOT', blockchain: 'polkadot',
    addressExplorer: 'https://polkadot.subscan.io/account/{address}',
    addressPattern: re(`1${B58}{46,47}`),
    usdPrice: '6.284', decimals: 10, confirmations: 1, extraIdName: null, networkFee: '0.1',
    explorer: 'https://polkadot.subscan.io/extrinsic/{hash}', availability: 'no-input',
    address: (rng) => `1${rng.chars(BASE58, 47)}`, hash: hex0x, extraId: tag,
  }),
  currency({
    ticker: 'atom', fullName: 'Cosmos', protocol: 'ATOM', blockchain: 'cosmos',
    addressExplorer: 'https://www.mintscan.io/cosmos/address/{address}',
    addressPattern: re(`cosmos1${B32}{38,58}`),
    usdPrice: '7.91', decimals: 6, confirmations: 1, extraIdName: 'memo', networkFee: '0.02',
    explorer: 'https://www.mintscan.io/cosmos/tx/{hash}', availability: 'no-output',
    address: (rng) => `cosmos1${rng.chars(BECH32, 38)}`, hash: hex64Upper, extraId: memoDigits,
  }),
  currency({
    ticker: 'xmr', fullName: 'Monero', protocol: 'XMR', blockchain: 'monero',
    addressExplorer: 'https://xmrchain.net/search?value={address}',
    addressPattern: re(`[48][0-9AB]${B58}{93}`),
    usdPrice: '164.2', decimals: 8, confirmations: 10, extraIdName: null, networkFee: '0.0004',
    explorer: 'https://xmrchain.net/tx/{hash}', availability: 'no-input',
    address: (rng) => `4${rng.pick(['4', '8', 'A', 'B'])}${rng.chars(BASE58, 93)}`, hash: hex64, extraId: tag,
  }),
  currency({
    ticker: 'eos', fullName: 'EOS', protocol: 'EOS', blockchain: 'eos',
    addressExplorer: 'https://bloks.io/account/{address}',
    addressPattern: re('[a-z1-5.]{1,12}'), extraIdCheck: (memo) => memo.length >= 1 && memo.length <= 256,
    usdPrice: '0.6412', decimals: 4, confirmations: 1, extraIdName: 'memo', networkFee: '0.1',
    explorer: 'https://bloks.io/transaction/{hash}', availability: 'no-output',
    address: (rng) => rng.chars(LOWER_ALNUM.replace(/[06789]/g, ''), 12), hash: hex64, extraId: memoDigits,
  }),
  currency({
    ticker: 'zec', fullName: 'Zcash', protocol: 'ZEC', blockchain: 'zcash',
    addressExplorer: 'https://blockchair.com/zcash/address/{address}',
    addressPattern: re(`t[13]${B58}{33}`),
    usdPrice: '27.35', decimals: 8, confirmations: 24, extraIdName: null, networkFee: '0.0001',
    explorer: 'https://blockchair.com/zcash/transaction/{hash}', availability: 'disabled',
    address: (rng) => `t1${rng.chars(BASE58, 33)}`, hash: hex64, extraId: tag,
  }),
  currency({
    ticker: 'dash', fullName: 'Dash', protocol: 'DASH', blockchain: 'dash',
    addressExplorer: 'https://blockchair.com/dash/address/{address}',
    addressPattern: re(`X${B58}{33}`),
    usdPrice: '25.8', decimals: 8, confirmations: 6, extraIdName: null, networkFee: '0.0003',
    explorer: 'https://blockchair.com/dash/transaction/{hash}', availability: 'disabled',
    address: (rng) => `X${rng.chars(BASE58, 33)}`, hash: hex64, extraId: tag,
  }),
];

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
