// The Transactions view's filters in a real extension host: each field reaching the extension's
// sandbox as the getTransactions parameters the spec names (seen in the sandbox's request log),
// given as a command argument or picked through the interactive flow (its prompts scripted),
// invalid ones refused with nothing changed, the filter saved in the workspace state, shown in
// the view's description and cleared.
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type {
  FilterPrompts,
  MenuChoice,
  MenuItem,
  SinceChoice,
  StatusItem,
  TextPrompt,
} from '../../../src/features/transactions/filterFlow';
import type { TransactionFilter } from '../../../src/features/transactions/filterModel';
import { KNOWN_STATUSES } from '../../../src/shared/status';
import { formatTime } from '../../../src/shared/format';
import { MAX_SUMMARY_LENGTH } from '../../../src/features/transactions/filterText';
import type { KnownStatus } from '../../../src/shared/status';
import { paramsOf, useTransactionsFixture } from '../support/transactionsFixture';
import type { SeenParams } from '../support/transactionsFixture';

const DAY = 24 * 60 * 60_000;
const filterCommand = (arg?: unknown) =>
  vscode.commands.executeCommand<TransactionFilter | undefined>('exchangeTx.transactions.filter', arg);
/** `YYYY-MM-DD` of `daysAgo` days before now (UTC). */
const dateDaysAgo = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
const microsOf = (date: string) => Date.parse(`${date}T00:00:00Z`) * 1000;
/** A "created since" date as every time is shown: the user's locale. */
const sinceShown = (date: string) => formatTime(microsOf(date), { locale: vscode.env.language });

/** Prompts that answer from a script and keep what they were shown. */
class ScriptedPrompts implements FilterPrompts {
  readonly menus: MenuItem[][] = [];
  readonly statusItems: StatusItem[][] = [];
  readonly texts: TextPrompt[] = [];

  constructor(
    private readonly choices: (MenuChoice | undefined)[],
    private readonly answers: { statuses?: KnownStatus[]; since?: SinceChoice; texts?: (string | undefined)[] } = {},
  ) {}

  async menu(items: readonly MenuItem[]): Promise<MenuChoice | undefined> {
    this.menus.push([...items]);
    assert.ok(this.choices.length > 0, 'the flow asked for more menu choices than scripted');
    return this.choices.shift();
  }
  async statuses(items: readonly StatusItem[]): Promise<KnownStatus[] | undefined> {
    this.statusItems.push([...items]);
    return this.answers.statuses;
  }
  async since(): Promise<SinceChoice | undefined> {
    return this.answers.since;
  }
  async text(prompt: TextPrompt): Promise<string | undefined> {
    this.texts.push(prompt);
    return this.answers.texts?.shift();
  }
}

describe('Transactions view: filters', () => {
  const f = useTransactionsFixture();

  /** Applies a filter by command; returns the view's one request for it. */
  async function apply(arg: unknown): Promise<{ applied: TransactionFilter | undefined; params: SeenParams }> {
    const mark = f.mark();
    const applied = await filterCommand(arg);
    await f.settled();
    const requests = f.treeRequests(mark);
    assert.equal(requests.length, 1, 'one request for the new filter');
    return { applied, params: paramsOf(requests[0]) };
  }

  it('sends each filter to the service as its getTransactions parameter, and shows it in the description', async () => {
    const { tx } = f;
    const payin = `in${Date.now()}`;
    const payout = `out${Date.now()}`;
    const mine = f.create('confirming', {
      from: 'ltc',
      to: 'btc',
      payinAddress: payin,
      payinExtraId: '4417',
      payoutAddress: payout,
    });
    const other = f.create('waiting', {
      from: 'ltc',
      to: 'btc',
      payinAddress: `${payin}b`,
      payinExtraId: '4418',
      payoutAddress: `${payout}b`,
    });
    await f.show();
    const since = dateDaysAgo(3);
    const tickers = ['btc', 'eth', 'ltc', 'xrp', 'trx', 'sol', 'doge', 'xlm', 'usdt20', 'bnb'];
    const cases: { arg: object; params: SeenParams; description: string; ids?: string[] }[] = [
      {
        arg: { status: ['confirming', 'waiting'] },
        params: { status: ['waiting', 'confirming'] },
        description: 'Status: waiting, confirming',
      },
      { arg: { status: 'hold' }, params: { status: ['hold'] }, description: 'Status: on hold' },
      {
        arg: { currency: ['LTC', 'eth', 'ltc'] },
        params: { currency: ['ltc', 'eth'] },
        description: 'Payin currency: ltc, eth',
      },
      {
        arg: { currency: tickers.map((t) => t.toUpperCase()) },
        params: { currency: tickers },
        description: `Payin currency: ${tickers.join(', ')}`,
      },
      {
        arg: { address: [payin] },
        params: { address: [payin] },
        description: `Payin address: ${payin.length > 14 ? `${payin.slice(0, 14)}…` : payin}`,
        ids: [mine],
      },
      {
        arg: { address: `${payin} ${payin}b` },
        params: { address: [payin, `${payin}b`] },
        description: 'Payin address: 2 addresses',
        ids: [mine, other],
      },
      {
        arg: { payoutAddress: [payout] },
        params: { payoutAddress: [payout] },
        description: `Payout address: ${payout.length > 14 ? `${payout.slice(0, 14)}…` : payout}`,
        ids: [mine],
      },
      { arg: { extraId: ' 4417 ' }, params: { extraId: '4417' }, description: 'Extra ID: 4417', ids: [mine] },
      { arg: { since: 'day' }, params: {}, description: 'Created since: the last 24 hours' },
      { arg: { since }, params: { since: microsOf(since) }, description: `Created since: ${sinceShown(since)}` },
      {
        arg: { status: ['confirming'], currency: 'ltc', address: [payin, `${payin}b`] },
        params: { status: ['confirming'], currency: ['ltc'], address: [payin, `${payin}b`] },
        description: `Status: confirming · Payin currency: ltc · Payin address: 2 addresses`,
        ids: [mine],
      },
    ];
    for (const { arg, params, description, ids } of cases) {
      const before = Date.now();
      const { applied, params: seen } = await apply(arg);
      const after = Date.now();
      const label = JSON.stringify(arg);
      assert.ok(applied, `${label} applied`);
      if ('since' in arg && arg.since === 'day') {
        assert.ok(
          typeof seen.since === 'number' && seen.since >= (before - DAY) * 1000 && seen.since <= (after - DAY) * 1000,
          `${label}: since 24 hours ago, got ${seen.since}`,
        );
        assert.deepEqual({ ...seen, since: undefined }, { since: undefined, limit: 50, offset: 0 });
      } else {
        assert.deepEqual(seen, { ...params, limit: 50, offset: 0 }, label);
      }
      assert.equal(
        tx.view.view.message,
        tx.list.records().length > 0 ? `Filter: ${description}` : undefined,
        `${label}: the whole filter above the records (none above the welcome)`,
      );
      const summary = String(tx.view.view.description);
      assert.ok(
        summary.length > 0 && summary.length <= MAX_SUMMARY_LENGTH,
        `${label}: "${summary}" fits beside the title`,
      );
      if ('status' in arg && Object.keys(arg).length === 1)
        assert.equal(summary, `Status: ${seen.status?.length ?? 0} of ${KNOWN_STATUSES.length}`);
      assert.equal(tx.view.contextValue('exchangeTx.transactions.filtered'), true);
      assert.deepEqual(tx.filter.saved(), tx.filter.current, `${label}: saved in the workspace state`);
      const records = tx.list.records();
      if (ids)
        assert.deepEqual(records.map((r) => r.id).sort(), [...ids].sort(), `${label}: the matching transactions`);
      for (const record of records) {
        if (seen.status) assert.ok(seen.status.includes(record.status), `${label}: ${record.status}`);
        if (seen.currency) assert.ok(seen.currency.includes(record.currencyFrom), `${label}: ${record.currencyFrom}`);
        if (seen.since !== undefined)
          assert.ok(record.createdAt >= seen.since, `${label}: created ${record.createdAt}`);
      }
    }
  });

  it('refuses invalid filters, changing nothing and asking the service nothing', async () => {
    const { tx } = f;
    await f.show();
    const { applied } = await apply({ status: ['waiting'], currency: ['btc'] });
    assert.deepEqual(applied, { status: ['waiting'], currency: ['btc'] });
    const description = tx.view.view.description;
    const invalid: unknown[] = [
      { status: ['waiting', 'pending'] },
      { status: [42] },
      { currency: ['btc', 'eth', 'ltc', 'xrp', 'trx', 'sol', 'doge', 'xlm', 'usdt20', 'bnb', 'ada'] },
      { currency: ['b!c'] },
      { address: Array.from({ length: 11 }, (_, i) => `addr${i}`) },
      { payoutAddress: { not: 'a list' } },
      { extraId: 42 },
      { since: dateDaysAgo(-2) },
      { since: '2999-01-01' },
      { since: 'yesterday' },
      { since: 123 },
      { since: { preset: 'decade' } },
      'status: waiting',
      [{ status: 'waiting' }],
    ];
    for (const arg of invalid) {
      const mark = f.mark();
      assert.equal(await filterCommand(arg), undefined, `${JSON.stringify(arg)} is refused`);
      assert.deepEqual(
        tx.filter.current,
        { status: ['waiting'], currency: ['btc'] },
        `${JSON.stringify(arg)}: the filter is unchanged`,
      );
      assert.deepEqual(tx.filter.saved(), { status: ['waiting'], currency: ['btc'] });
      assert.equal(tx.view.view.description, description);
      assert.equal(tx.list.busy, undefined, 'no load started');
      assert.equal(tx.list.state, 'loaded', 'the records shown stay');
      assert.equal(f.treeRequests(mark).length, 0, 'no request');
    }
  });

  it('applies a filter picked through the interactive flow, checking each value as it is typed', async () => {
    const { tx } = f;
    await f.show();
    const since = dateDaysAgo(5);
    const prompts = new ScriptedPrompts(['status', 'currency', 'since', 'extraId', 'apply'], {
      statuses: ['sending', 'waiting'],
      since: 'date',
      texts: ['BTC, eth;btc', since, '  '],
    });
    tx.actions.prompts = prompts;
    const { applied, params } = await apply(undefined);
    assert.deepEqual(applied, {
      status: ['waiting', 'sending'],
      currency: ['btc', 'eth'],
      since: { micros: microsOf(since) },
    });
    assert.deepEqual(params, {
      status: ['waiting', 'sending'],
      currency: ['btc', 'eth'],
      since: microsOf(since),
      limit: 50,
      offset: 0,
    });
    assert.equal(
      tx.view.view.message,
      tx.list.records().length > 0
        ? `Filter: Status: waiting, sending · Payin currency: btc, eth · Created since: ${sinceShown(since)}`
        : undefined,
    );
    assert.equal(tx.view.view.description, '3 filters');
    assert.deepEqual(tx.filter.saved(), applied);

    // What the flow showed: every status to pick from, the fields with their values, the checks.
    assert.deepEqual(
      prompts.statusItems[0]?.map((item) => item.status),
      [...KNOWN_STATUSES],
    );
    assert.ok(
      prompts.statusItems[0]?.every((item) => item.picked === false),
      'nothing picked before',
    );
    const [currency, date] = prompts.texts;
    assert.ok(currency && date);
    assert.equal(currency.validate('btc, eth'), undefined);
    assert.match(currency.validate('a b c d e f g h i j k') ?? '', /at most 10 values/);
    assert.match(currency.validate('b!c') ?? '', /is not a currency ticker/);
    assert.equal(date.validate(since), undefined);
    assert.match(date.validate(dateDaysAgo(-2)) ?? '', /in the future/);
    assert.match(date.validate('2999-01-01') ?? '', /from 2001-09-09 on .*up to 2255/);
    assert.match(date.validate('01/02/2025') ?? '', /YYYY-MM-DD/);
    const last = prompts.menus.at(-1) ?? [];
    assert.equal(last[0]?.choice, 'apply');
    assert.equal(
      last[0]?.description,
      `Status: waiting, sending · Payin currency: btc, eth · Created since: ${sinceShown(since)}`,
      'Apply shows the draft',
    );
    assert.equal(last.find((item) => item.choice === 'status')?.description, 'waiting, sending');
    assert.equal(last.find((item) => item.choice === 'extraId')?.description, 'any', 'a blank extra id is "any"');

    // Opening the flow again starts from the filter applied; Escape leaves it as it was.
    const cancelled = new ScriptedPrompts(['status', undefined], { statuses: ['failed'] });
    tx.actions.prompts = cancelled;
    const mark = f.mark();
    assert.equal(await filterCommand(), undefined);
    assert.deepEqual(
      cancelled.statusItems[0]?.filter((item) => item.picked).map((item) => item.status),
      ['waiting', 'sending'],
    );
    assert.deepEqual(tx.filter.current, applied);
    assert.equal(f.treeRequests(mark).length, 0);

    // "Clear All Filters" from the flow.
    tx.actions.prompts = new ScriptedPrompts(['clear']);
    const cleared = await apply(undefined);
    assert.deepEqual(cleared.applied, {});
    assert.deepEqual(cleared.params, { limit: 50, offset: 0 });
  });

  it('keeps the filter in the workspace state and clears it with Clear Filter', async () => {
    const { tx } = f;
    await f.show();
    await apply({ status: ['finished', 'failed'], since: 'week' });
    assert.deepEqual(tx.filter.saved(), { status: ['finished', 'failed'], since: { preset: 'week' } });
    assert.equal(
      tx.view.view.message,
      tx.list.records().length > 0 ? 'Filter: Status: finished, failed · Created since: the last 7 days' : undefined,
    );
    assert.equal(tx.view.view.description, '2 filters');
    assert.equal(tx.view.contextValue('exchangeTx.transactions.filtered'), true);

    const { applied, params } = await (async () => {
      const mark = f.mark();
      const result = await vscode.commands.executeCommand<TransactionFilter>('exchangeTx.transactions.clearFilter');
      await f.settled();
      const requests = f.treeRequests(mark);
      assert.equal(requests.length, 1);
      return { applied: result, params: paramsOf(requests[0]) };
    })();
    assert.deepEqual(applied, {});
    assert.deepEqual(params, { limit: 50, offset: 0 }, 'no filter parameter any more');
    assert.deepEqual(tx.filter.saved(), {});
    assert.equal(tx.filter.active, false);
    assert.equal(tx.view.view.description, '');
    assert.equal(tx.view.view.message, undefined);
    assert.equal(tx.view.contextValue('exchangeTx.transactions.filtered'), false);
  });

  it('drops a loaded record that moved out of the status filter when it is looked up', async () => {
    const { api, tx } = f;
    const id = f.create('waiting', {
      plan: [
        { status: 'waiting', afterMs: 0 },
        { status: 'confirming', afterMs: 60_000 },
      ],
    });
    await f.show();
    await apply({ status: ['waiting'] });
    assert.ok(tx.list.get(id), 'loaded while waiting');
    api.sandboxHost.clock.advance(60_000);
    await vscode.commands.executeCommand('exchangeTx.getStatus', id, { silent: true });
    assert.equal(tx.list.get(id), undefined, 'no longer matches the filter');
    assert.ok(tx.list.records().every((r) => r.status === 'waiting'));
  });
});
