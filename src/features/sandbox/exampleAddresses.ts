/**
 * Addresses that pass the built-in sandbox's address check, per currency: the defaults of
 * "Sandbox: New Transaction…" for the payout and refund addresses, so a developer can press Enter
 * through it. Made up (format only, no checksum, nobody's wallet); BTC and ETH are the documented
 * examples. A unit test checks each against the sandbox's `validateAddress`. Pure: no `vscode`.
 */

export interface ExampleAddress {
  readonly address: string;
  /** For the currencies whose extra id the sandbox checks (XRP, XLM, EOS). */
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
  ada: { address: 'addr1qzm0zs7ft7naceg4jfy9qrwp4nye7j2r8k3hy9ek4swycuws72y9g5ewuvdwj5gypd7vu0q4srpnflpafsrk4cxf0dxt8u4uvw' },
  dot: { address: '1YZ1mfVv7KS5VxihBFbwEiSRfkXTKKCGPJvmo6mMZiYnzZMP' },
  atom: { address: 'cosmos15qznschns8uh95es3t7mxmw2pah4rzrvwtxnpf', extraId: '1234567' },
  xmr: { address: '44RvszdvS45Rmfm2y96ESAr6A6MwQLn4ZzvTAZFLKfcYza3wCKTku1xNFJsf21SFiK18p5JV91Raa39BQGTdz3b43fxJnPo' },
  eos: { address: 'sandboxuser1', extraId: 'sandbox' },
  zec: { address: 't1drEGGDi4HbyBcyEQ94VuMgY7GowLhS2nu' },
  dash: { address: 'XHgA7QWSDXRpZ7TapinFkFB82GQdjL5Cw2' },
};

/** The example address of a currency (ticker compared lowercase), if there is one. */
export function exampleAddress(ticker: string): ExampleAddress | undefined {
  const key = ticker.toLowerCase();
  return Object.prototype.hasOwnProperty.call(EXAMPLES, key) ? EXAMPLES[key] : undefined;
}

/** The tickers with an example (for the test that checks them all). */
export function exampleTickers(): string[] {
  return Object.keys(EXAMPLES);
}
