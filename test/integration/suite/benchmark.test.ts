/**
 * Figures `npm run bench` reads from inside the extension host. Runs only when the benchmark asks
 * for it (EXCHANGE_TX_TEST_BENCH_OUT names the file to write); skipped in the normal suite.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { OUTCOMES } from '../../../src/sandbox';
import type { ExchangeTxApi } from '../../../src/extension';
import { EXTENSION_ID, eventually, resetEnvironment } from '../support/extension';

const out = process.env.EXCHANGE_TX_TEST_BENCH_OUT;
const RECORDS = 1000;
const RUNS = 15;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

describe('benchmark figures', () => {
  it('records the time activate() took, the first paint of the Transactions view, and the tree over 1,000 records', async function () {
    if (!out) this.skip();
    this.timeout(60_000);
    // Activated only: the view's code is not loaded yet, as in a window whose view shows at start.
    const extension = vscode.extensions.getExtension<ExchangeTxApi>(EXTENSION_ID);
    assert.ok(extension);
    const api = await extension.activate();
    assert.ok(api.activationMs > 0);

    // First paint: the view opened right away and loaded against the sandbox, which nothing has
    // started yet (only this suite runs; showing the view loads its code, which loads the rows and
    // starts the sandbox); painted when VS Code first takes a row to draw.
    assert.equal(api.sandboxHost.sandbox, undefined, 'the sandbox is not running yet');
    assert.ok(!api.partsLoaded.includes('transactions'), "the view's code is not loaded yet");
    // VS Code's first ask for the view's rows and the first row it took, as the view saw them.
    const painted = api.transactionsPaint;
    assert.equal(painted.askedAt, undefined, 'the view was not asked for rows yet');
    const shownAt = performance.now();
    await vscode.commands.executeCommand('exchangeTx.transactions.focus');
    await eventually(() => painted.rowAt !== undefined, 'the first row of the Transactions view', 30_000);
    const { askedAt, rowAt: paintedAt } = painted;
    await api.loaded();
    const paint = {
      fromActivationMs: (paintedAt ?? 0) - api.activationStartedAt,
      fromShownMs: (paintedAt ?? 0) - shownAt,
      askedMs: (askedAt ?? shownAt) - shownAt,
    };

    // 1,000 records in the extension's own sandbox: its seeded ones and more, of every outcome,
    // spread over the last hours so some are still moving.
    await resetEnvironment(api);
    const sandbox = (await api.sandboxHost.start()).sandbox;
    const now = api.sandboxHost.clock.now();
    for (let i = sandbox.ledger.visible().length; i < RECORDS + 50; i++) {
      sandbox.ledger.create({ createdAt: now - i * 17_000, outcome: OUTCOMES[i % OUTCOMES.length] });
    }

    const { list, view } = api.transactions;
    const provider = view.provider;
    list.reset();
    await list.refresh();
    for (let page = 0; list.size < RECORDS && page < 100; page++) await list.loadMore();
    assert.equal(list.size, RECORDS, `loaded ${list.size}`);

    // Each run: a record moved group (drops the cached grouping), then every group and item.
    const first = list.records()[0];
    assert.ok(first);
    const times: number[] = [];
    let items = 0;
    for (let run = 0; run < RUNS; run++) {
      list.applyRecord(run % 2 === 0 ? { ...first, status: 'unknown' } : { ...first });
      const started = performance.now();
      items = 0;
      for (const root of provider.getChildren()) {
        provider.getTreeItem(root);
        items++;
        for (const child of provider.getChildren(root)) {
          provider.getTreeItem(child);
          items++;
        }
      }
      times.push(performance.now() - started);
    }
    assert.equal(items, RECORDS + list.groups().length + (list.hasMore ? 1 : 0));
    list.reset();

    fs.writeFileSync(
      out ?? '',
      JSON.stringify({
        activationMs: api.activationMs,
        activationSteps: api.activationSteps,
        paint,
        tree: { records: RECORDS, items, runs: RUNS, medianMs: median(times) },
      }),
    );
  });
});
