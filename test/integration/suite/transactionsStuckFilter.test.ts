// The Transactions view's "in status longer than" filter in a real extension host, on the
// extension's sandbox with its clock skipped: exactly the transactions seeded stuck (none more,
// none less), the filter short beside the view's title and whole in its message, saved in the
// workspace state; a wrong duration refused with its reason, through the command and the flow.
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { FilterPrompts, MenuChoice, TextPrompt } from '../../../src/features/transactions/filterFlow';
import type { TransactionFilter } from '../../../src/features/transactions/filterModel';
import { MAX_SUMMARY_LENGTH } from '../../../src/features/transactions/filterText';
import { useTransactionsFixture } from '../support/transactionsFixture';

const HOUR = 3_600_000;
const filterCommand = (arg?: unknown) =>
  vscode.commands.executeCommand<TransactionFilter | undefined>('exchangeTx.transactions.filter', arg);

describe('Transactions view: in status longer than', function () {
  this.timeout(120_000);
  const f = useTransactionsFixture();

  it('finds exactly the transactions seeded stuck on the sandbox clock, says so short and whole, and keeps it', async () => {
    const payout = `stuck${Date.now()}`;
    const control = (await f.api.sandboxHost.start()).control;
    // Stuck after the skip: two on hold (it stays until moved) and one sending with no next step.
    const stuck = [
      f.create('hold', { payoutAddress: payout }),
      f.create('hold', { payoutAddress: payout }),
      f.create('sending', { payoutAddress: payout }),
    ];
    // Moves on within the skip: finished (final) by then.
    const moving = f.create('confirming', {
      payoutAddress: payout,
      plan: [
        { status: 'waiting', afterMs: 0 },
        { status: 'confirming', afterMs: 0 },
        { status: 'finished', afterMs: 30 * 60_000 },
      ],
    });
    await control.skip(2 * HOUR);
    const fresh = [f.create('hold', { payoutAddress: payout }), f.create('waiting', { payoutAddress: payout })];
    await f.show();
    const applied = await filterCommand({ payoutAddress: [payout], inStatusLongerThan: '1h' });
    assert.deepEqual(applied, { payoutAddress: [payout], inStatusLongerThan: HOUR });
    await f.settled();
    const shown = f.tx.list
      .records()
      .map((r) => r.id)
      .sort();
    assert.deepEqual(shown, [...stuck].sort(), 'exactly the stuck ones');
    assert.ok(!shown.includes(moving) && !fresh.some((id) => shown.includes(id)));
    const description = String(f.tx.view.view.description ?? '');
    assert.ok(description.length > 0 && description.length <= MAX_SUMMARY_LENGTH, description);
    assert.match(String(f.tx.view.view.message), /In status longer than: 1 h/);
    assert.deepEqual(f.tx.filter.saved(), { payoutAddress: [payout], inStatusLongerThan: HOUR });

    // Alone, the filter says what it is beside the title.
    await filterCommand({ inStatusLongerThan: '90m' });
    await f.settled();
    assert.equal(f.tx.view.view.description, 'Stuck filter');
    assert.ok(
      f.tx.list.records().every((r) => !['finished', 'failed', 'refunded', 'overdue', 'expired'].includes(r.status)),
      'only statuses that are not final',
    );
    assert.ok(stuck.every((id) => f.tx.list.get(id) !== undefined));
  });

  it('refuses a wrong duration with its reason and keeps the filter; the flow says it as it is typed and keeps the text', async () => {
    await filterCommand({ inStatusLongerThan: '2h' });
    await f.settled();
    const before = f.tx.filter.current;
    const shown: string[] = [];
    const original = vscode.window.showErrorMessage;
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = (message: string) => {
      shown.push(message);
      return Promise.resolve(undefined);
    };
    try {
      assert.equal(await filterCommand({ inStatusLongerThan: 'soon' }), undefined);
      assert.equal(await filterCommand({ inStatusLongerThan: '400d' }), undefined);
    } finally {
      (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
    }
    assert.deepEqual(shown, [
      'Enter a duration such as 30m, 1h, 2d or 1h30m (or ISO 8601, PT1H).',
      'A duration from 1 second to 366 days.',
    ]);
    assert.deepEqual(f.tx.filter.current, before);

    const texts: TextPrompt[] = [];
    const choices: MenuChoice[] = ['inStatusLongerThan', 'apply'];
    const prompts: FilterPrompts = {
      menu: () => Promise.resolve(choices.shift()),
      statuses: () => Promise.resolve(undefined),
      since: () => Promise.resolve(undefined),
      text: (prompt) => {
        texts.push(prompt);
        return Promise.resolve('1h30m');
      },
    };
    f.tx.actions.prompts = prompts;
    const applied = await filterCommand();
    const [prompt] = texts;
    assert.ok(prompt);
    assert.equal(prompt.value, '2h', 'the current duration, as it would be typed');
    assert.equal(prompt.validate('soon'), 'Enter a duration such as 30m, 1h, 2d or 1h30m (or ISO 8601, PT1H).');
    assert.equal(prompt.validate('0s'), 'A duration from 1 second to 366 days.');
    assert.equal(prompt.validate('45m'), undefined);
    assert.equal(prompt.validate(''), undefined, 'empty: any');
    assert.deepEqual(applied, { inStatusLongerThan: 90 * 60_000 });
  });
});
