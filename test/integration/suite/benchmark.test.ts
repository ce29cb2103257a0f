/**
 * Figures `npm run bench` reads from inside the extension host. Runs only when the benchmark asks
 * for it (EXCHANGE_TX_TEST_BENCH_OUT names the file to write); skipped in the normal suite.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import { extensionApi } from '../support/extension';

const out = process.env.EXCHANGE_TX_TEST_BENCH_OUT;

describe('benchmark figures', () => {
  it('records the time activate() took', async function () {
    if (!out) this.skip();
    const api = await extensionApi();
    assert.ok(api.activationMs > 0);
    fs.writeFileSync(out ?? '', JSON.stringify({ activationMs: api.activationMs }));
  });
});
