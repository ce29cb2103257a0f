/**
 * What addresses, transaction hashes and extra ids look like, per address format (a protocol
 * family), and the extra-id rules of the currencies whose extra id the service checks. The
 * catalogue (catalogue.json) names a format and, where there is one, a rule for each currency.
 * Formats check plausibility only (prefix, alphabet, length; no checksum): documented examples
 * such as `bc1qexampleexampleexampleexampleexampleace` stay valid. Generators must stay as they
 * are for the formats the seeded ledger uses (the first seventeen): what they draw from the
 * seeded generator decides the seeded transactions.
 */
import { BASE32_UPPER, BASE58, BECH32, DIGITS, HEX, LOWER_ALNUM } from './random';
import type { Random } from './random';

export interface AddressFormat {
  /** What a plausible address looks like (whole string). */
  readonly pattern: RegExp;
  readonly address: (rng: Random) => string;
  readonly hash: (rng: Random) => string;
  /** An extra id, for the currencies that have one. */
  readonly extraId: (rng: Random) => string;
}

// Character classes of the address formats.
const B58 = '[1-9A-HJ-NP-Za-km-z]';
const B32 = '[02-9ac-hj-np-z]';
const re = (source: string): RegExp => new RegExp(`^(?:${source})$`);

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE32_LOWER = 'abcdefghijklmnopqrstuvwxyz234567';
const NANO_ALPHABET = '13456789abcdefghijkmnopqrstuwxyz';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const hex64 = (rng: Random): string => rng.chars(HEX, 64);
const hex64Upper = (rng: Random): string => rng.chars(HEX, 64).toUpperCase();
const hex0x = (rng: Random): string => `0x${rng.chars(HEX, 64)}`;
const base58Hash = (rng: Random): string => rng.chars(BASE58, 44);
const tag = (rng: Random): string => String(rng.int(100000, 4294967295));
const memoDigits = (rng: Random): string => rng.chars(DIGITS, rng.int(6, 10)).replace(/^0/, '1');

const bitcoinLike =
  (bech: string, legacy: readonly string[]) =>
  (rng: Random): string =>
    rng.chance(0.6) ? `${bech}1q${rng.chars(BECH32, 38)}` : `${rng.pick(legacy)}${rng.chars(BASE58, 33)}`;

function format(
  pattern: RegExp,
  address: (rng: Random) => string,
  hash: (rng: Random) => string = hex64,
  extraId: (rng: Random) => string = tag,
): AddressFormat {
  return { pattern, address, hash, extraId };
}

/** A base58 address after a fixed prefix (many bitcoin forks and their kin). */
const prefixed58 = (prefix: string, length = 33, hash: (rng: Random) => string = hex64): AddressFormat =>
  format(re(`${prefix}${B58}{${length}}`), (rng) => `${prefix}${rng.chars(BASE58, length)}`, hash);

/** A Cosmos SDK chain's bech32 account (`{prefix}1…`), memo as extra id. */
const cosmosLike = (prefix: string): AddressFormat =>
  format(re(`${prefix}1${B32}{38,58}`), (rng) => `${prefix}1${rng.chars(BECH32, 38)}`, hex64Upper, memoDigits);

const evm = format(re('0x[0-9a-fA-F]{40}'), (rng) => `0x${rng.chars(HEX, 40)}`, hex0x);

/** Account names of EOSIO chains (EOS, WAX, Telos): 1–12 of a–z, 1–5 and dots. */
const eosio = format(
  re('[a-z1-5.]{1,12}'),
  (rng) => rng.chars(LOWER_ALNUM.replace(/[06789]/g, ''), 12),
  hex64,
  memoDigits,
);

/** Account names of Steem and Hive: 3–16 lowercase letters, digits, dots and dashes, from a letter. */
const graphene = format(
  re('[a-z][a-z0-9.-]{1,14}[a-z0-9]'),
  (rng) => `${rng.chars('abcdefghijklmnopqrstuvwxyz', 1)}${rng.chars(LOWER_ALNUM, rng.int(5, 11))}`,
  (rng) => rng.chars(HEX, 40),
  memoDigits,
);

export const ADDRESS_FORMATS = {
  // The formats of the seventeen currencies the seeded ledger uses: leave their generators alone.
  bitcoin: format(re(`bc1[qp]${B32}{38,58}|[13]${B58}{25,33}`), bitcoinLike('bc', ['1', '3'])),
  evm,
  litecoin: format(re(`ltc1[qp]${B32}{38,58}|[LM3]${B58}{26,33}`), bitcoinLike('ltc', ['L', 'M'])),
  ripple: format(re(`r${B58}{24,34}`), (rng) => `r${rng.chars(BASE58, rng.int(24, 33))}`, hex64Upper),
  stellar: format(re('G[A-Z2-7]{55}'), (rng) => `G${rng.chars(BASE32_UPPER, 55)}`, hex64, memoDigits),
  tron: format(re(`T${B58}{33}`), (rng) => `T${rng.chars(BASE58, 33)}`),
  dogecoin: format(re(`[DA9]${B58}{33}`), (rng) => `D${rng.chars(BASE58, 33)}`),
  bitcoincash: format(
    re(`(?:bitcoincash:)?[qp]${B32}{41}|[13]${B58}{25,33}`),
    (rng) => `bitcoincash:q${rng.chars(BECH32, 41)}`,
  ),
  solana: format(
    re(`${B58}{32,44}`),
    (rng) => rng.chars(BASE58, rng.int(43, 44)),
    (rng) => rng.chars(BASE58, 88),
  ),
  cardano: format(re(`addr1${B32}{50,110}`), (rng) => `addr1q${rng.chars(BECH32, 97)}`),
  polkadot: format(re(`1${B58}{46,47}`), (rng) => `1${rng.chars(BASE58, 47)}`, hex0x),
  cosmos: cosmosLike('cosmos'),
  monero: format(re(`[48][0-9AB]${B58}{93}`), (rng) => `4${rng.pick(['4', '8', 'A', 'B'])}${rng.chars(BASE58, 93)}`),
  eosio,
  zcash: format(re(`t[13]${B58}{33}`), (rng) => `t1${rng.chars(BASE58, 33)}`),
  dash: prefixed58('X'),
  // The others.
  ton: format(
    re('(?:EQ|UQ)[A-Za-z0-9_-]{46}'),
    (rng) => `${rng.pick(['EQ', 'UQ'])}${rng.chars(BASE64URL, 46)}`,
    hex64,
    memoDigits,
  ),
  near: format(re('[0-9a-f]{64}|(?:[a-z0-9_-]+\\.)*[a-z0-9_-]{2,}\\.near'), (rng) => rng.chars(HEX, 64), base58Hash),
  algorand: format(
    re('[A-Z2-7]{58}'),
    (rng) => rng.chars(BASE32_UPPER, 58),
    (rng) => rng.chars(BASE32_UPPER, 52),
  ),
  hedera: format(
    re('0\\.0\\.[1-9][0-9]{0,9}'),
    (rng) => `0.0.${rng.int(1000, 9999999)}`,
    (rng) => rng.chars(HEX, 96),
    memoDigits,
  ),
  tezos: format(
    re(`(?:tz[1-3]|KT1)${B58}{33}`),
    (rng) => `tz1${rng.chars(BASE58, 33)}`,
    (rng) => `o${rng.chars(BASE58, 50)}`,
  ),
  filecoin: format(
    re('f[13][a-z2-7]{39,84}'),
    (rng) => `f1${rng.chars(BASE32_LOWER, 39)}`,
    (rng) => `bafy2bzace${rng.chars(BASE32_LOWER, 52)}`,
  ),
  kaspa: format(re(`kaspa:[qp]${B32}{60,62}`), (rng) => `kaspa:q${rng.chars(BECH32, 61)}`),
  nano: format(
    re('(?:nano|xrb)_[13][13-9a-km-uw-z]{59}'),
    (rng) => `nano_${rng.pick(['1', '3'])}${rng.chars(NANO_ALPHABET, 59)}`,
    hex64Upper,
  ),
  icon: format(re('hx[0-9a-f]{40}'), (rng) => `hx${rng.chars(HEX, 40)}`, hex0x),
  aptos: format(re('0x[0-9a-f]{64}'), hex0x, hex0x),
  sui: format(re('0x[0-9a-f]{64}'), hex0x, base58Hash),
  icp: format(re('[0-9a-f]{64}'), hex64),
  kusama: format(
    re(`[C-HJ]${B58}{46,47}`),
    (rng) => `${rng.pick(['C', 'D', 'E', 'F', 'G', 'H', 'J'])}${rng.chars(BASE58, 47)}`,
    hex0x,
  ),
  mina: format(
    re(`B62${B58}{52}`),
    (rng) => `B62${rng.chars(BASE58, 52)}`,
    (rng) => `5J${rng.chars(BASE58, 50)}`,
  ),
  flow: format(re('0x[0-9a-f]{16}'), (rng) => `0x${rng.chars(HEX, 16)}`),
  waves: format(re(`3P${B58}{33}`), (rng) => `3P${rng.chars(BASE58, 33)}`, base58Hash),
  qtum: format(re(`Q${B58}{33}|qc1[qp]${B32}{38,58}`), (rng) => `Q${rng.chars(BASE58, 33)}`),
  ravencoin: prefixed58('R'),
  komodo: prefixed58('R'),
  digibyte: format(re(`dgb1[qp]${B32}{38,58}|[DS]${B58}{33}`), bitcoinLike('dgb', ['D', 'S'])),
  decred: format(re(`D[sc]${B58}{33}`), (rng) => `Ds${rng.chars(BASE58, 33)}`),
  horizen: prefixed58('zn'),
  bitcoinsv: format(re(`1${B58}{25,33}`), (rng) => `1${rng.chars(BASE58, 33)}`),
  ecash: format(re(`(?:ecash:)?[qp]${B32}{41}`), (rng) => `ecash:q${rng.chars(BECH32, 41)}`),
  bitcoingold: format(re(`[GA]${B58}{33}|btg1[qp]${B32}{38,58}`), (rng) => `G${rng.chars(BASE58, 33)}`),
  firo: format(re(`[aZ]${B58}{33}`), (rng) => `a${rng.chars(BASE58, 33)}`),
  xdc: format(re('xdc[0-9a-fA-F]{40}'), (rng) => `xdc${rng.chars(HEX, 40)}`, hex0x),
  iost: format(re('[a-z0-9_]{5,11}'), (rng) => rng.chars(LOWER_ALNUM, rng.int(5, 11)), base58Hash, memoDigits),
  graphene,
  stacks: format(re('S[PM][0-9A-HJKMNP-TV-Z]{37,39}'), (rng) => `SP${rng.chars(CROCKFORD, 38)}`, hex0x, memoDigits),
  nervos: format(re(`ckb1${B32}{42,100}`), (rng) => `ckb1q${rng.chars(BECH32, 96)}`, hex0x),
  ergo: format(re(`9${B58}{50}`), (rng) => `9${rng.chars(BASE58, 50)}`),
  arweave: format(
    re('[A-Za-z0-9_-]{43}'),
    (rng) => rng.chars(BASE64URL, 43),
    (rng) => rng.chars(BASE64URL, 43),
  ),
  multiversx: format(re(`erd1${B32}{58}`), (rng) => `erd1${rng.chars(BECH32, 58)}`),
  zilliqa: format(re(`zil1${B32}{38}`), (rng) => `zil1${rng.chars(BECH32, 38)}`, hex0x),
  harmony: format(re(`one1${B32}{38}`), (rng) => `one1${rng.chars(BECH32, 38)}`, hex0x),
  oasis: format(re(`oasis1${B32}{40}`), (rng) => `oasis1${rng.chars(BECH32, 40)}`),
  osmosis: cosmosLike('osmo'),
  injective: cosmosLike('inj'),
  kava: cosmosLike('kava'),
  sei: cosmosLike('sei'),
  celestia: cosmosLike('celestia'),
  akash: cosmosLike('akash'),
  thorchain: cosmosLike('thor'),
  bnbbeacon: cosmosLike('bnb'),
  terra: cosmosLike('terra'),
  secret: cosmosLike('secret'),
  dydx: cosmosLike('dydx'),
} satisfies Record<string, AddressFormat>;

export type AddressFormatName = keyof typeof ADDRESS_FORMATS;

/** Printable ASCII, `min` to `max` characters. */
const printable =
  (min: number, max: number) =>
  (memo: string): boolean =>
    memo.length >= min && memo.length <= max && /^[\x20-\x7e]+$/.test(memo);

/**
 * The extra-id checks of the currencies the service checks them for (`validateAddress`: EOS,
 * IOST, STEEM, STX, XLM, XRP). Their bounds are ours where the sources give none (RULES.md).
 */
export const EXTRA_ID_RULES = {
  /** An XRP destination tag: an unsigned 32-bit integer in decimal, no leading zeros. */
  'destination-tag': (tag: string): boolean => /^(?:0|[1-9][0-9]{0,9})$/.test(tag) && Number(tag) <= 4294967295,
  /** A Stellar text memo: 1–28 printable characters. */
  'stellar-memo': printable(1, 28),
  /** An EOS memo: 1–256 characters. */
  'eos-memo': (memo: string): boolean => memo.length >= 1 && memo.length <= 256,
  /** An IOST memo: 1–512 printable characters. */
  'iost-memo': printable(1, 512),
  /** A Steem memo: 1–2048 characters. */
  'steem-memo': (memo: string): boolean => memo.length >= 1 && memo.length <= 2048,
  /** A Stacks memo: 1–34 printable characters (34 bytes on chain). */
  'stacks-memo': printable(1, 34),
} satisfies Record<string, (extraId: string) => boolean>;

export type ExtraIdRuleName = keyof typeof EXTRA_ID_RULES;

export function isAddressFormatName(name: string): name is AddressFormatName {
  return Object.prototype.hasOwnProperty.call(ADDRESS_FORMATS, name);
}

export function isExtraIdRuleName(name: string): name is ExtraIdRuleName {
  return Object.prototype.hasOwnProperty.call(EXTRA_ID_RULES, name);
}
