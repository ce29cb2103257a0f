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

function currency(spec: Omit<Currency, 'availability'> & { availability?: Availability }): Currency {
  return { availability: 'enabled', ...spec };
}

export const CURRENCIES: readonly Currency[] = [
  currency({
    ticker: 'btc', usdPrice: '64250.12', decimals: 8, confirmations: 2, extraIdName: null, networkFee: '0.00018',
    explorer: 'https://www.blockchain.com/explorer/transactions/btc/{hash}',
    address: bitcoinLike('bc', ['1', '3']), hash: hex64, extraId: tag,
  }),
  currency({
    ticker: 'eth', usdPrice: '3120.55', decimals: 8, confirmations: 12, extraIdName: null, networkFee: '0.0021',
    explorer: 'https://etherscan.io/tx/{hash}',
    address: (rng) => `0x${rng.chars(HEX, 40)}`, hash: hex0x, extraId: tag,
  }),
  currency({
    ticker: 'ltc', usdPrice: '71.84', decimals: 8, confirmations: 6, extraIdName: null, networkFee: '0.0012',
    explorer: 'https://blockchair.com/litecoin/transaction/{hash}',
    address: bitcoinLike('ltc', ['L', 'M']), hash: hex64, extraId: tag,
  }),
  currency({
    ticker: 'xrp', usdPrice: '0.5213', decimals: 6, confirmations: 1, extraIdName: 'destination tag', networkFee: '0.25',
    explorer: 'https://xrpscan.com/tx/{hash}',
    address: (rng) => `r${rng.chars(BASE58, rng.int(24, 33))}`, hash: hex64Upper, extraId: tag,
  }),
  currency({
    ticker: 'xlm', usdPrice: '0.1094', decimals: 7, confirmations: 1, extraIdName: 'memo', networkFee: '0.05',
    explorer: 'https://stellar.expert/explorer/public/tx/{hash}',
    address: (rng) => `G${rng.chars(BASE32_UPPER, 55)}`, hash: hex64, extraId: memoDigits,
  }),
  currency({
    ticker: 'usdt', usdPrice: '1.0002', decimals: 6, confirmations: 12, extraIdName: null, networkFee: '4.5',
    explorer: 'https://etherscan.io/tx/{hash}',
    address: (rng) => `0x${rng.chars(HEX, 40)}`, hash: hex0x, extraId: tag,
  }),
  currency({
    ticker: 'trx', usdPrice: '0.1187', decimals: 6, confirmations: 20, extraIdName: null, networkFee: '1.1',
    explorer: 'https://tronscan.org/#/transaction/{hash}',
    address: (rng) => `T${rng.chars(BASE58, 33)}`, hash: hex64, extraId: tag,
  }),
  currency({
    ticker: 'doge', usdPrice: '0.1243', decimals: 8, confirmations: 6, extraIdName: null, networkFee: '5',
    explorer: 'https://blockchair.com/dogecoin/transaction/{hash}',
    address: (rng) => `D${rng.chars(BASE58, 33)}`, hash: hex64, extraId: tag,
  }),
  currency({
    ticker: 'bch', usdPrice: '372.9', decimals: 8, confirmations: 3, extraIdName: null, networkFee: '0.0005',
    explorer: 'https://blockchair.com/bitcoin-cash/transaction/{hash}',
    address: (rng) => `bitcoincash:q${rng.chars(BECH32, 41)}`, hash: hex64, extraId: tag,
  }),
  currency({
    ticker: 'sol', usdPrice: '142.37', decimals: 9, confirmations: 1, extraIdName: null, networkFee: '0.005',
    explorer: 'https://solscan.io/tx/{hash}',
    address: (rng) => rng.chars(BASE58, rng.int(43, 44)), hash: (rng) => rng.chars(BASE58, 88), extraId: tag,
  }),
  currency({
    ticker: 'ada', usdPrice: '0.4521', decimals: 6, confirmations: 15, extraIdName: null, networkFee: '1',
    explorer: 'https://cardanoscan.io/transaction/{hash}',
    address: (rng) => `addr1q${rng.chars(BECH32, 97)}`, hash: hex64, extraId: tag,
  }),
  currency({
    ticker: 'dot', usdPrice: '6.284', decimals: 10, confirmations: 1, extraIdName: null, networkFee: '0.1',
    explorer: 'https://polkadot.subscan.io/extrinsic/{hash}', availability: 'no-input',
    address: (rng) => `1${rng.chars(BASE58, 47)}`, hash: hex0x, extraId: tag,
  }),
  currency({
    ticker: 'atom', usdPrice: '7.91', decimals: 6, confirmations: 1, extraIdName: 'memo', networkFee: '0.02',
    explorer: 'https://www.mintscan.io/cosmos/tx/{hash}', availability: 'no-output',
    address: (rng) => `cosmos1${rng.chars(BECH32, 38)}`, hash: hex64Upper, extraId: memoDigits,
  }),
  currency({
    ticker: 'xmr', usdPrice: '164.2', decimals: 8, confirmations: 10, extraIdName: null, networkFee: '0.0004',
    explorer: 'https://xmrchain.net/tx/{hash}', availability: 'no-input',
    address: (rng) => `4${rng.pick(['4', '8', 'A', 'B'])}${rng.chars(BASE58, 93)}`, hash: hex64, extraId: tag,
  }),
  currency({
    ticker: 'eos', usdPrice: '0.6412', decimals: 4, confirmations: 1, extraIdName: 'memo', networkFee: '0.1',
    explorer: 'https://bloks.io/transaction/{hash}', availability: 'no-output',
    address: (rng) => rng.chars(LOWER_ALNUM.replace(/[06789]/g, ''), 12), hash: hex64, extraId: memoDigits,
  }),
  currency({
    ticker: 'zec', usdPrice: '27.35', decimals: 8, confirmations: 24, extraIdName: null, networkFee: '0.0001',
    explorer: 'https://blockchair.com/zcash/transaction/{hash}', availability: 'disabled',
    address: (rng) => `t1${rng.chars(BASE58, 33)}`, hash: hex64, extraId: tag,
  }),
  currency({
    ticker: 'dash', usdPrice: '25.8', decimals: 8, confirmations: 6, extraIdName: null, networkFee: '0.0003',
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

/** Explorer link of a transaction hash in a currency. */
export function explorerLink(c: Currency, hash: string): string {
  return c.explorer.replace('{hash}', hash);
}
