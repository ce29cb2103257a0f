// New Transaction through the command and the real sandbox: the payin currencies (a few hundred,
// not ~27,000 pairs), the pairs of the payin chosen, the amount with the pair's limits; then
// created at a floating rate to example addresses, or opened as a request document to send.
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { NewTransactionResult } from '../../../src/features/builtInSandbox/newTransactionCommand';
import type {
  AmountPrompt,
  CurrencyItem,
  NewTransactionPrompts,
  PairItem,
} from '../../../src/features/builtInSandbox/newTransactionPrompts';
import type { SendResult } from '../../../src/features/requests/requestSender';
import { eventually, extensionApi, resetEnvironment } from '../support/extension';
import { useBuiltInSandbox } from '../support/lookupHelpers';

const ETH = '0x0123456789abcdef0123456789abcdef01234567';
const BTC = 'bc1qexampleexampleexampleexampleexampleace';

/** Prompts that choose BTC → ETH and answer the amount with `amount` (the prompt shown kept in `shown`). */
function btcToEth(
  amount: (prompt: AmountPrompt) => { amount: string; asRequest: boolean },
  shown: { payins?: readonly CurrencyItem[]; pairs?: readonly PairItem[]; amount?: AmountPrompt },
): NewTransactionPrompts {
  return {
    payin: (items) => {
      shown.payins = items;
      return Promise.resolve(items.find((i) => i.currency === 'btc')?.currency);
    },
    pair: (items) => {
      shown.pairs = items;
      return Promise.resolve(items.find((i) => i.pair.to === 'eth')?.pair);
    },
    amount: (prompt) => {
      shown.amount = prompt;
      return Promise.resolve(amount(prompt));
    },
    refused: () => Promise.resolve(false),
  };
}

/** Runs New Transaction with `prompts` in place of the window's, which come back whatever happens. */
async function newTransactionWith(prompts: NewTransactionPrompts): Promise<NewTransactionResult | undefined> {
  const { newTransaction } = (await extensionApi()).sandbox;
  const kept = newTransaction.prompts;
  newTransaction.prompts = prompts;
  try {
    return await vscode.commands.executeCommand<NewTransactionResult>('exchangeTx.sandbox.newTransaction');
  } finally {
    newTransaction.prompts = kept;
  }
}

describe('New Transaction: the pair, the amount, then created or opened as a request', function () {
  this.timeout(60_000);
  // New Transaction watches what it creates: stop that watch, whose polls would reach the sandbox
  // during the files that follow (a queued fault taken by a poll, a request counted where none is due).
  afterEach(async () => {
    const api = await extensionApi();
    api.watch.stopAll();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('payin, then its pairs, then the amount within the limits; created with the real operations', async () => {
    const api = await extensionApi();
    await resetEnvironment(api);
    const sandbox = await useBuiltInSandbox(api);
    const shown: Parameters<typeof btcToEth>[1] = {};
    sandbox.clearRequests();
    const result = await newTransactionWith(
      btcToEth((prompt) => ({ amount: ` ${prompt.value} `, asRequest: false }), shown),
    );
    const payins = shown.payins ?? [];
    assert.ok(payins.length > 50 && payins.length < 1000, `${payins.length} payin currencies`);
    assert.ok(
      payins.some((i) => i.currency === 'btc') && !payins.some((i) => i.currency === 'dot'),
      'payins only (DOT is no payin)',
    );
    assert.ok(
      shown.pairs?.every((i) => i.pair.from === 'btc'),
      'the payouts of BTC',
    );
    const amount = shown.amount;
    assert.ok(amount);
    assert.doesNotMatch(amount.title, /\d\/\d/, 'no step counter');
    assert.equal(amount.limits, 'Amount to pay in, in BTC (0.000609 to 10.40721699267 BTC)');
    assert.equal(amount.value, '0.001218', 'the default is twice the minimum');
    assert.equal(amount.validate('0.0001'), 'The minimum for this pair is 0.000609 BTC.');
    assert.equal(amount.validate('11'), 'The maximum for this pair is 10.40721699267 BTC.');
    assert.equal(amount.validate('0.5'), undefined);
    assert.ok(result?.id, `created: ${result?.error ?? ''}`);
    assert.equal(result.type, 'float');
    // The flow's own calls, in order. The view's and the watch's reads go beside them; a request
    // refused before its body was read (the rate limit) has no method, and the client sends it again.
    assert.deepEqual(
      sandbox.requests
        .filter(
          (r) =>
            r.path === '/v2' && r.method !== undefined && r.method !== 'getTransactions' && r.method !== 'getStatus',
        )
        .map((r) => r.method),
      [
        'getCurrenciesFull',
        'getPairs',
        'getExchangeAmount',
        'validateAddress',
        'validateAddress',
        'getExchangeAmount',
        'createTransaction',
      ],
    );
    const created = sandbox.ledger.get(result.id);
    assert.equal(`${created?.currencyFrom}>${created?.currencyTo}`, 'btc>eth');
    assert.equal(created?.amountExpectedFrom, '0.001218');
    assert.equal(created?.payoutAddress, ETH, 'the example payout address');
    assert.ok(api.watch.ids.includes(result.id), 'watched');
    await resetEnvironment(api);
  });

  it('Edit as Request… opens the createTransaction of the pair and amount, to edit and send', async () => {
    const api = await extensionApi();
    await resetEnvironment(api);
    const sandbox = await useBuiltInSandbox(api);
    const before = sandbox.ledger.all().length;
    const result = await newTransactionWith(btcToEth(() => ({ amount: '0.02', asRequest: true }), {}));
    assert.equal(sandbox.ledger.all().length, before, 'nothing created yet');
    const uri = result?.request;
    assert.ok(uri, 'a request document');
    assert.ok(uri.path.endsWith('.exchange.json'));
    const document = await vscode.workspace.openTextDocument(uri);
    assert.equal(vscode.window.activeTextEditor?.document, document, 'shown');
    assert.deepEqual(JSON.parse(document.getText()), {
      method: 'createTransaction',
      params: { from: 'btc', to: 'eth', address: ETH, amountFrom: '0.02', refundAddress: BTC },
    });
    const sent = await vscode.commands.executeCommand<SendResult>('exchangeTx.sendRequest', uri, 0, {
      silent: true,
    });
    assert.ok(sent.sent, `sent: ${sent.problem ?? ''}`);
    assert.equal(sandbox.ledger.all().length, before + 1, 'created when sent');
    await resetEnvironment(api);
  });

  it('a failed create says why and offers Edit as Request…, keeping the pair and amount', async () => {
    const api = await extensionApi();
    await resetEnvironment(api);
    const sandbox = await useBuiltInSandbox(api);
    const refusals: string[] = [];
    let result: NewTransactionResult | undefined;
    try {
      result = await newTransactionWith({
        ...btcToEth(() => {
          // The next request, the address check, answers HTTP 500.
          sandbox.setFaults({ next: ['http500'] });
          return { amount: '0.03', asRequest: false };
        }, {}),
        refused: (message, action) => {
          refusals.push(`${message} [${action}]`);
          return Promise.resolve(true);
        },
      });
    } finally {
      sandbox.setFaults({});
    }
    assert.equal(refusals.length, 1);
    assert.match(refusals[0] ?? '', /^The sandbox transaction was not created: .*\[Edit as Request…\]$/);
    const uri = result?.request;
    assert.ok(uri, 'a request document');
    const document = await vscode.workspace.openTextDocument(uri);
    assert.equal((JSON.parse(document.getText()) as { params: { amountFrom: string } }).params.amountFrom, '0.03');
    await resetEnvironment(api);
  });

  it('the real amount pick checks the amount as one types; Enter on a refused amount does nothing; Edit as Request… keeps it', async () => {
    const api = await extensionApi();
    await resetEnvironment(api);
    const sandbox = await useBuiltInSandbox(api);
    const picks: vscode.QuickPick<vscode.QuickPickItem>[] = [];
    const createQuickPick = vscode.window.createQuickPick;
    const window = vscode.window as { createQuickPick: typeof createQuickPick };
    window.createQuickPick = <T extends vscode.QuickPickItem>() => {
      const pick = createQuickPick<T>();
      picks.push(pick);
      return pick;
    };
    const before = sandbox.ledger.all().length;
    let settled = false;
    try {
      const running = Promise.resolve(
        vscode.commands.executeCommand<NewTransactionResult>('exchangeTx.sandbox.newTransaction'),
      ).finally(() => (settled = true));
      const accept = async (pick: vscode.QuickPick<vscode.QuickPickItem>, item: vscode.QuickPickItem | undefined) => {
        assert.ok(item);
        pick.activeItems = [item];
        // The workbench takes the active item before the accept.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      };
      const shown = async (n: number) => {
        await eventually(() => (picks[n]?.items.length ?? 0) > 0, `quick pick ${n + 1}`, 15_000);
        const pick = picks[n];
        assert.ok(pick);
        return pick;
      };
      const payin = await shown(0);
      await accept(
        payin,
        payin.items.find((i) => (i as CurrencyItem).currency === 'btc'),
      );
      const payout = await shown(1);
      await accept(
        payout,
        payout.items.find((i) => (i as PairItem).pair.to === 'eth'),
      );
      const amount = await shown(2);
      assert.equal(amount.value, '0.001218');
      assert.deepEqual(
        amount.items.map((i) => i.label),
        ['$(check) Create 0.001218 BTC → ETH at a floating rate, to example addresses', '$(json) Edit as Request…'],
      );
      amount.value = '0.0001';
      await eventually(() => amount.items[0]?.label.startsWith('$(error)') === true, 'the amount checked');
      assert.equal(amount.items[0]?.label, '$(error) The minimum for this pair is 0.000609 BTC.');
      await accept(amount, amount.items[0]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(settled, false, 'Enter on a refused amount: still asking');
      await accept(amount, amount.items[1]);
      const result = await running;
      assert.ok(result.request, 'a request document');
      const document = await vscode.workspace.openTextDocument(result.request);
      assert.equal(
        (JSON.parse(document.getText()) as { params: { amountFrom: string } }).params.amountFrom,
        '0.0001',
        'the amount typed',
      );
      assert.equal(sandbox.ledger.all().length, before, 'nothing created');
    } finally {
      window.createQuickPick = createQuickPick;
      if (!settled) await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    }
    await resetEnvironment(api);
  });
});
