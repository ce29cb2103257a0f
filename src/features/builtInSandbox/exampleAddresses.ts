/** Made-up addresses the sandbox accepts, per currency else per network: New Transaction's defaults. */

export interface ExampleAddress {
  readonly address: string;
  /** For the currencies that have one (those whose extra id the sandbox checks among them). */
  readonly extraId?: string;
}

const EXAMPLES: Readonly<Record<string, ExampleAddress>> = {
  btc: { address: 'bc1qexampleexampleexampleexampleexampleace' },
  eth: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  usdt: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  ltc: { address: 'ltc1qjzklnrhm8y3ljfcf6nsmt78ml2vmsj5llwuq82' },
  xrp: { address: 'rqZJU7meAdVrW9xjDM5PWZPqjFH1vCCJVR', extraId: '123456' },
  xlm: { address: 'GXNUOZLT7XOOOSRN5CW7HYNDW37MMJLVH6HZONM35UCBPQUT7HSYDQN3', extraId: 'sandbox' },
  trx: { address: 'Tgc7b9CzBvLqB4GpRNRm8CX24MVrcHJLJ9' },
  doge: { address: 'DKY6rWMVcqKJFLcHyQaKYXRAaL1Az3VTCw' },
  bch: { address: 'bitcoincash:qg64n880pnls2gc2wde5uedyyfmtdwlpcqlwpw2t2s' },
  sol: { address: '1Ran6jLgbhJutox7QCDCCFJoCtKy1ad4cBByAbGBZwDP' },
  ada: {
    address: 'addr1qzm0zs7ft7naceg4jfy9qrwp4nye7j2r8k3hy9ek4swycuws72y9g5ewuvdwj5gypd7vu0q4srpnflpafsrk4cxf0dxt8u4uvw',
  },
  dot: { address: '1YZ1mfVv7KS5VxihBFbwEiSRfkXTKKCGPJvmo6mMZiYnzZMP' },
  atom: { address: 'cosmos15qznschns8uh95es3t7mxmw2pah4rzrvwtxnpf', extraId: '1234567' },
  xmr: { address: '44RvszdvS45Rmfm2y96ESAr6A6MwQLn4ZzvTAZFLKfcYza3wCKTku1xNFJsf21SFiK18p5JV91Raa39BQGTdz3b43fxJnPo' },
  eos: { address: 'sandboxuser1', extraId: 'sandbox' },
  zec: { address: 't1drEGGDi4HbyBcyEQ94VuMgY7GowLhS2nu' },
  dash: { address: 'XHgA7QWSDXRpZ7TapinFkFB82GQdjL5Cw2' },
};

/** Per network, for the currencies not above (tokens take their chain's address). */
const BY_BLOCKCHAIN: Readonly<Record<string, ExampleAddress>> = {
  ethereum: EXAMPLES.eth,
  tron: EXAMPLES.trx,
  solana: EXAMPLES.sol,
  ethereum_classic: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  binance_smart_chain: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  avaxc: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  polygon: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  ton: { address: 'UQWThTZiUXR-a4hVpgVXsmCcdtBbv235RxMFKJvMAapWQ5C2', extraId: '1234567' },
  near: { address: 'sandbox.near' },
  algorand: { address: 'CS3ZHKXRKOYINC2PCVHZ4JBEYJBFDSDUAXDYWNXVPK4PSXV2W7DGC4RXKP' },
  hedera: { address: '0.0.4361326', extraId: '1234567' },
  tezos: { address: 'tz1zEbFzRAyDTALdJEiPgvbbNeNhB2ve8BhV' },
  filecoin: { address: 'f1dyo6vgwb37onppspmuoomjsacazoligf6c7cow2' },
  kaspa: { address: 'kaspa:q64stu236dfyyucsk5vxe2lm9fxg8p845aftvlyft8yw8vszwngwwuwkdfs80g' },
  nano: { address: 'nano_143kde6m8c6skkag3rws5cz44iksg8od7587chbywe1nk6jjt8aucc6p6pz1' },
  icon: { address: 'hx9b9dee5e125a2b835a32f1eb53786174adaef911' },
  aptos: { address: '0xecdd0e79ac6d441a757c720e801e44c640a64fee47d61ae65e95a39e3bd35824' },
  sui: { address: '0xd96d3922e2fd742e69e825a5961a5168093d639d65e465e97a3c6807ba869f3a' },
  icp: { address: '71d7c579dc239250d2b711d4d696d3a0c5aff608a45a69328b57e8bb57b389c4' },
  kusama: { address: 'CyfyfJiivstABuQPfoZkwYn1hfB5C7vdEEdxyJ9dLT8cVpK3' },
  mina: { address: 'B62cApW5SeE4A7WCFFGtHJVLaBwdEukFhmzLbZ7eHfddMVVRTLHRHHX' },
  flow: { address: '0x0be8fa2698603ec8' },
  waves: { address: '3PMKjsq9GxZjZ4PxP75udztebXB3kvgGJ7Y' },
  qtum: { address: 'QwGC69PbiyBjXWUVk5n5ceVP2xzfm2mMUs' },
  ravencoin: { address: 'Rp4hkGZsHNNUktYyE8JV9GoVjqQmjYxS4d' },
  digibyte: { address: 'dgb1q0r6nyjp08eus4hhxwec7ch3awf7jpr04z3yy8d' },
  decred: { address: 'DsTsYrzYTktaftaLVzop5kDUbYwBgAuM2By' },
  horizen: { address: 'znza1AMEVcennudzXvTM4KMVNAFyCT1d874' },
  bitcoinsv: { address: '1XHw7njfogburWfzr1ZpnHF72FBi1u9445' },
  ecash: { address: 'ecash:qv8lem2s4m0safcr4z97yknfr045elc7jj9tw34953' },
  bitcoingold: { address: 'G3oyTexdYWpbNdM7vLu67Gb4vg86biA1DW' },
  firo: { address: 'adQAb8fH5maZg376NWMCuagM9Axmr4EJb4' },
  komodo: { address: 'RS4m8467EK2APCsTDT1sMLvXFzBUgKRbd6' },
  xdc: { address: 'xdc0123456789abcdef0123456789abcdef01234567' },
  iost: { address: 'sandbox_1', extraId: 'sandbox' },
  steem: { address: 'sandboxuser1', extraId: 'sandbox' },
  hive: { address: 'sandboxuser1', extraId: '1234567' },
  stacks: { address: 'SPDM7T51K84J5HJY5597KAGRV92BX6CZW69C4C3R', extraId: 'sandbox' },
  nervos: {
    address: 'ckb1qzh87fnvzzhq3x9hs97cscyqf0djtx0vkaaetpqzp8wwuu32t2a54l9zfg6tx9tu577p3qykfl59557srfswtnhkj3ucxhazx',
  },
  osmosis: { address: 'osmo1eafs304pw053egfd4zjksk5mxafngz0c0l3wwn', extraId: '1234567' },
  injective: { address: 'inj12464872w4f4gnqxz8uff8pwd258gt99egnf0fa', extraId: '1234567' },
  kava: { address: 'kava19l603mndaxhhg5se5r0c28ve5hlerxg6xarmg8', extraId: '1234567' },
  sei: { address: 'sei12lna4wzuqusdnrk605w0qac4z6cvwf9tl6lz4m', extraId: '1234567' },
  celestia: { address: 'celestia1leu679hcl0ppk4zly4dshraagjdc9nful3fszj', extraId: '1234567' },
  akash: { address: 'akash1fr3hweapfhlh0ket0sxhsu60ze2kxtfux7w8mu', extraId: '1234567' },
  thorchain: { address: 'thor1a0xw024g8j4v6mu479kc3gwagzrzvx8w6slkqj', extraId: '1234567' },
  binance_chain: { address: 'bnb1etap3nchpkk7wuzm08tju9lcfs6tnudxhncwjy', extraId: '1234567' },
  terra: { address: 'terra1kxsm9534qt4uunvw3uy69mx6n08rszts8c9fgq', extraId: '1234567' },
  terra_classic: { address: 'terra1uxkwf8jdmr803q7z45xcs0ar0axkppp2qqmuxe', extraId: '1234567' },
  secret: { address: 'secret10zpem98fsrp4tlnjhnvckqd2q2qxtsy0w4j3n0', extraId: '1234567' },
  dydx: { address: 'dydx1jl20znmqeppaasfyx5rhucs24tkn8u2r9wqf0y', extraId: '1234567' },
  zilliqa: { address: 'zil1m6mdldn68mx6dnjxj8rd75rv79c0qfa36z0sdq' },
  harmony: { address: 'one1y09u5m64ky2387qz0kfgw04nt00ku0yla2cdl2' },
  multiversx: { address: 'erd1ra6ecasutuvjn8qgns5sf2su6jswnjufarzdl0dqsxlfhjkme2ma0zdzl8' },
  oasis: { address: 'oasis1ajl2cu2930m24dnkcahcj904f9vws9tl4lddzj5l' },
  ergo: { address: '9e3aMr128gD1vJmnP6dKfYv65o7qXz66mEYSo9hczH5W3dk2Kut' },
  vechain: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  theta: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  fantom: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  celo: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  glmr: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  movr: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  cronos: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  wax: { address: 'sandboxuser1', extraId: '1234567' },
  telos: { address: 'sandboxuser1', extraId: '1234567' },
  arweave: { address: '1j1Va4T7uVW-xGhXGKlKcrV7KJ6V2OMfKLtR0vfGwNm' },
  arbitrum: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  optimism: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  base: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  zksync: { address: '0x0123456789abcdef0123456789abcdef01234567' },
  linea: { address: '0x0123456789abcdef0123456789abcdef01234567' },
};

const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;

/** The example address of a currency (ticker compared lowercase), else of its network. */
export function exampleAddress(ticker: string, blockchain?: string): ExampleAddress | undefined {
  return own(EXAMPLES, ticker.toLowerCase()) ?? (blockchain !== undefined ? own(BY_BLOCKCHAIN, blockchain) : undefined);
}

export function exampleTickers(): string[] {
  return Object.keys(EXAMPLES);
}
