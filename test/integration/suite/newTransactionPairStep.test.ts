// New Transaction's pair step in two questions, through the command and the real sandbox: the
// payin currencies (a few hundred, not ~27,000 pairs), then the pairs of the payin chosen; Back
// from the payout asks the payin again, Back from the rate asks the pair again with the pair
// chosen before first in both lists, and what was chosen is what is created.
import { strict as assert } from 'assert';
import type { NewTransactionResult } from '../../../src/features/builtInSandbox/newTransactionCommand';
import type { NewTransactionPrompts } from '../../../src/features/builtInSandbox/newTransactionPrompts';
import { BACK } from '../../../src/features/builtInSandbox/stepPrompts';
import type { CurrencyItem, PairItem } from '../../../src/features/builtInSandbox/pairStep';
import * as vscode from 'vscode';
import { extensionApi, resetEnvironment } from '../support/extension';
import { useBuiltInSandbox } from '../support/lookupHelpers';

const ETH = '0x0123456789abcdef0123456789abcdef01234567';
const BTC = 'bc1qexampleexampleexampleexampleexampleace';

describe('New Transaction: the pair step in two questions', function () {
  this.timeout(60_000);
  // New Transaction watches what it creates: stop that watch, whose polls would reach the sandbox
  // during the files that follow (a queued fault taken by a poll, a request counted where none is due).
  afterEach(async () => (await extensionApi()).watch.stopAll());

  it('payin, then its pairs; Back from the payout asks the payin again; Back from the rate keeps the pair first', async () => {
    const api = await extensionApi();
    await resetEnvironment(api);
    const sandbox = await useBuiltInSandbox(api);
    const { newTransaction } = await api.sandbox.load();
    const kept = newTransaction.prompts;
    const payins: (readonly CurrencyItem[])[] = [];
    const pairs: (readonly PairItem[])[] = [];
    const payinAnswers = ['eth', 'btc', 'btc'];
    const texts = ['0.01', ETH, BTC];
    let kinds = 0;
    const scripted: NewTransactionPrompts = {
      payin: (items) => {
        payins.push(items);
        return Promise.resolve(payinAnswers.shift());
      },
      pair: (items) => {
        pairs.push(items);
        // The first payout question (of ETH): Back.
        if (pairs.length === 1) return Promise.resolve(BACK);
        return Promise.resolve(items.find((i) => i.pair.to === 'eth')?.pair);
      },
      kind: (items) => Promise.resolve(kinds++ === 0 ? BACK : items.find((i) => i.rate === 'float')?.rate),
      text: (prompt) => Promise.resolve(texts.shift() ?? prompt.value),
      refused: () => Promise.resolve(false),
    };
    newTransaction.prompts = scripted;
    let result: NewTransactionResult | undefined;
    try {
      result = await vscode.commands.executeCommand<NewTransactionResult>('exchangeTx.sandbox.newTransaction');
    } finally {
      newTransaction.prompts = kept;
    }
    assert.equal(
      payins.length,
      3,
      'the payin asked first, again after Back from the payout, again after Back from the rate',
    );
    assert.equal(pairs.length, 3);
    const first = payins[0] ?? [];
    assert.ok(first.length > 50 && first.length < 1000, `${first.length} payin currencies`);
    assert.ok(
      first.some((i) => i.currency === 'btc') && !first.some((i) => i.currency === 'dot'),
      'payins only (DOT is no payin)',
    );
    assert.ok(
      pairs[0]?.every((i) => i.pair.from === 'eth'),
      'the payouts of ETH',
    );
    assert.ok(
      pairs[1]?.every((i) => i.pair.from === 'btc'),
      'the payouts of BTC',
    );
    assert.equal(payins[2]?.[0]?.currency, 'btc', 'after Back from the rate: the payin chosen before first');
    assert.equal(`${pairs[2]?.[0]?.pair.from}>${pairs[2]?.[0]?.pair.to}`, 'btc>eth', 'and its pair first');
    assert.ok(result?.id, `created: ${result?.error ?? ''}`);
    const created = sandbox.ledger.get(result.id);
    assert.equal(created?.currencyFrom, 'btc');
    assert.equal(created?.currencyTo, 'eth');
    assert.equal(created?.amountExpectedFrom, '0.01');
    await resetEnvironment(api);
  });
});
