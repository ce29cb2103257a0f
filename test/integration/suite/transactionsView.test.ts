// The Transactions view as a whole in a real extension host: the welcome content for each state
// (by the context keys the manifest's viewsWelcome clauses read), automatic refreshes only while
// the view is visible, and the view revealing what "Get Transaction Status…" or a watch found.
// Against the extension's sandbox, and a sandbox of the test's own as the live service.
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as net from 'net';
import * as path from 'path';
import * as vscode from 'vscode';
import { noteSignature, registeredKeys } from '../../secrets/registry';
import type { LookupResult } from '../../../src/features/lookup/lookupCommand';
import type { WelcomeState } from '../../../src/features/transactions';
import { startSandbox } from '../../../packages/sandbox/src';
import type { Sandbox } from '../../../packages/sandbox/src';
import { answering, eventually, EXTENSION_ID, PASTE_KEY } from '../support/extension';
import { sleep, useBuiltInSandbox, useLive } from '../support/lookupHelpers';
import { setViewSetting, useTransactionsFixture } from '../support/transactionsFixture';
import { evaluateWhen } from '../support/whenClause';

interface WelcomeEntry {
  readonly view: string;
  readonly contents: string;
  readonly when: string;
}

const CONTENT: Record<Exclude<WelcomeState, undefined>, string> = {
  sandbox: '%welcome.transactions.sandbox%',
  'not-loaded': '%welcome.transactions.notLoaded%',
  loading: '%welcome.transactions.loading%',
  unreachable: '%welcome.transactions.unreachable%',
  'no-match': '%welcome.transactions.noMatch%',
  'sandbox-empty': '%welcome.transactions.sandboxEmpty%',
  empty: '%welcome.transactions.empty%',
};

function welcomeEntries(): WelcomeEntry[] {
  const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
    contributes: { viewsWelcome: WelcomeEntry[] };
  };
  return manifest.contributes.viewsWelcome.filter((entry) => entry.view === 'exchangeTx.transactions');
}

/** The English text of a `%key%` of the manifest (the host hands the manifest localized). */
function manifestText(placeholder: string): string {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension);
  const strings = JSON.parse(fs.readFileSync(path.join(extension.extensionPath, 'package.nls.json'), 'utf8')) as Record<
    string,
    string
  >;
  const text = strings[placeholder.replace(/^%|%$/g, '')];
  assert.ok(text !== undefined, `${placeholder} is in package.nls.json`);
  return text;
}

const getStatus = (id: string) =>
  vscode.commands.executeCommand<LookupResult>('exchangeTx.getStatus', id, { silent: true });

async function closedPort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

describe('Transactions view: welcome, visibility and reveal', () => {
  const f = useTransactionsFixture();

  /** The welcome contents whose `when` holds for the context keys as the view and environment set them. */
  const shown = () => {
    const context = {
      'exchangeTx.transactions.state': f.tx.view.contextValue('exchangeTx.transactions.state'),
      'exchangeTx.transactions.filtered': f.tx.view.contextValue('exchangeTx.transactions.filtered'),
      'exchangeTx.environment': f.api.environment.kind,
    };
    return welcomeEntries()
      .filter((entry) => evaluateWhen(entry.when, context))
      .map((entry) => entry.contents);
  };
  /** The view is empty and shows exactly the welcome content of `state`. */
  const assertWelcome = (state: Exclude<WelcomeState, undefined>) => {
    assert.equal(f.tx.view.welcome, state);
    assert.deepEqual(f.tx.view.provider.children(), [], 'the tree is empty, so the welcome content shows');
    assert.deepEqual(shown(), [manifestText(CONTENT[state])], `exactly the ${state} content`);
  };

  it('the viewsWelcome clauses select exactly one content for every combination of the context keys', () => {
    const entries = welcomeEntries();
    assert.equal(entries.length, Object.keys(CONTENT).length);
    for (const state of ['idle', 'loading', 'loaded', 'error']) {
      for (const filtered of [true, false]) {
        for (const environment of ['sandbox', 'live', undefined]) {
          const context = {
            'exchangeTx.transactions.state': state,
            'exchangeTx.transactions.filtered': filtered,
            'exchangeTx.environment': environment,
          };
          const matching = entries.filter((entry) => evaluateWhen(entry.when, context));
          assert.equal(matching.length, 1, JSON.stringify(context));
        }
      }
    }
  });

  it('shows the welcome of each state in the sandbox: sandbox in use, loading, unreachable, no match', async () => {
    const { tx, sandbox } = f;
    await f.show();
    tx.list.reset(); // as a change of filter or environment leaves it
    assert.equal(tx.list.state, 'idle');
    assertWelcome('sandbox');

    sandbox.setFaults({ latencyMs: 400 });
    const loading = f.refresh();
    await eventually(() => tx.view.welcome === 'loading', 'the loading state');
    assertWelcome('loading');
    assert.equal(tx.view.contextValue('exchangeTx.transactions.state'), 'loading');
    await loading;
    assert.equal(tx.view.welcome, undefined, 'records: the tree shows them, no welcome');
    assert.equal(tx.view.contextValue('exchangeTx.transactions.state'), 'loaded');
    assert.ok(tx.view.provider.children().length > 0);

    tx.list.reset();
    sandbox.setFaults({ rates: { http500: 1 } });
    const failed = await f.refresh();
    assert.equal(failed.state, 'error');
    assertWelcome('unreachable');
    assert.equal(
      tx.view.view.message,
      'Sandbox faults on: 100% HTTP 5xx. The service answered HTTP 500.',
      'the faults and the reason above the welcome',
    );

    sandbox.setFaults({});
    await vscode.commands.executeCommand('exchangeTx.transactions.filter', { address: ['nosuchaddress0'] });
    await f.settled();
    assertWelcome('no-match');
    assert.equal(tx.view.contextValue('exchangeTx.transactions.filtered'), true);
    assert.equal(tx.view.view.message, undefined);
  });

  it('with the live service: empty, not loaded, keys removed loads the sandbox, unreachable', async function () {
    this.timeout(40_000);
    const { api, tx } = f;
    const keys = registeredKeys();
    let service: Sandbox | undefined;
    try {
      service = await startSandbox({ onSignature: noteSignature, ledgerSize: 0 });
      service.registerKey(keys.publicKeyBase64);
      await f.show();
      await useLive(api, service.url, keys.privateKeyHex);
      assert.equal(api.sandboxHost.sandbox, undefined, 'the built-in sandbox is stopped');
      await eventually(() => tx.view.welcome === 'empty', 'the empty live service');
      assertWelcome('empty');
      assert.ok(
        service.requests.some((r) => r.method === 'getTransactions'),
        'asked the live service',
      );

      const id = service.ledger.create().id;
      await f.refresh();
      assert.deepEqual(
        tx.list.records().map((r) => r.id),
        [id],
      );
      assert.equal(tx.view.welcome, undefined);

      // Keys removed: back to the sandbox, which the visible view starts and loads by itself.
      await answering({ buttons: ['Clear Keys'] }, () => vscode.commands.executeCommand('exchangeTx.clearApiKeys'));
      await eventually(
        () => api.environment.kind === 'sandbox' && api.sandboxHost.sandbox !== undefined,
        'the sandbox started by the view',
      );
      await f.settled();
      assert.equal(tx.view.welcome, undefined, "the sandbox's transactions show");
      assert.ok(tx.list.size > 0);
      assert.ok(!tx.list.records().some((r) => r.id === id), "none of the live service's");

      // Keys saved while the view is hidden: it waits to be shown, then loads by itself.
      await f.hide();
      await answering({ picks: [PASTE_KEY], inputs: [keys.privateKeyHex, ''] }, () =>
        vscode.commands.executeCommand('exchangeTx.setApiKeys'),
      );
      await eventually(() => api.environment.kind === 'live', 'the live service');
      await eventually(() => tx.view.welcome === 'not-loaded', 'the not-loaded welcome');
      assertWelcome('not-loaded');
      await f.show();
      await f.settled();
      assert.deepEqual(
        tx.list.records().map((r) => r.id),
        [id],
        'loaded on showing',
      );

      // A closed port: unreachable, with the reason.
      const closed = `http://127.0.0.1:${await closedPort()}`;
      await answering({ picks: ['$(globe) Change Address…'], inputs: [closed] }, () =>
        vscode.commands.executeCommand('exchangeTx.editAccount', api.environment.chosen),
      );
      await eventually(() => tx.view.welcome === 'unreachable', 'the unreachable welcome', 20_000);
      assertWelcome('unreachable');
      assert.equal(tx.view.view.message, 'Could not reach the service.');
    } finally {
      await useBuiltInSandbox(api);
      await service?.stop();
    }
  });

  it('refreshes by itself only while visible', async function () {
    this.timeout(30_000);
    const { tx } = f;
    await f.show();
    await f.refresh();
    const start = f.mark();
    await setViewSetting('refreshSeconds', 1);
    await eventually(() => f.treeRequests(start).length >= 2, 'two automatic refreshes while visible', 15_000);

    await f.hide();
    assert.equal(tx.view.scheduler.nextAt, undefined, 'no refresh planned while hidden');
    await eventually(() => tx.list.busy === undefined, 'a refresh under way to end');
    const hidden = f.mark();
    await sleep(3500);
    assert.equal(f.treeRequests(hidden).length, 0, 'no request in three intervals while hidden');
    assert.equal(tx.view.scheduler.nextAt, undefined);

    await vscode.commands.executeCommand('exchangeTx.transactions.focus');
    await eventually(
      () => f.treeRequests(hidden).length >= 1,
      'a refresh on showing again, the last one being older than the interval',
      15_000,
    );
    await setViewSetting('refreshSeconds', 0);
    await eventually(
      () => tx.view.scheduler.interval === 0 && tx.view.scheduler.nextAt === undefined,
      'an interval of 0 to turn them off',
    );
  });

  it('selects the transaction that "Get Transaction Status…" or a watch found, if it is loaded', async () => {
    const { api, tx } = f;
    const first = f.create('waiting');
    const second = f.create('confirming');
    const moving = f.create('waiting', {
      plan: [
        { status: 'waiting', afterMs: 0 },
        { status: 'confirming', afterMs: 60_000 },
      ],
    });
    await f.show();
    await f.refresh();
    const selected = () => tx.view.view.selection.map((n) => (n.kind === 'transaction' ? n.id : n.kind));

    assert.equal((await getStatus(first)).status, 'waiting');
    await eventually(() => selected().includes(first), 'the looked-up transaction to be selected');
    assert.deepEqual(selected(), [first]);

    try {
      assert.equal(await vscode.commands.executeCommand('exchangeTx.watch', second), second);
      await eventually(() => selected().includes(second), 'the watched transaction to be selected');
      assert.deepEqual(selected(), [second]);
    } finally {
      api.watch.stopAll();
    }

    // Looked up because it moved on: selected in its new group.
    api.sandboxHost.clock.advance(60_000);
    assert.equal((await getStatus(moving)).status, 'confirming');
    await eventually(() => selected().includes(moving), 'the moved transaction to be selected');
    assert.deepEqual(selected(), [moving]);
    const parent = tx.view.provider.getParent(tx.list.get(moving) ?? { kind: 'loadMore' });
    assert.ok(parent?.kind === 'group' && parent.status === 'confirming');

    // Not loaded in the view: the lookup works as ever, nothing else is selected.
    const later = f.create('waiting');
    assert.equal((await getStatus(later)).status, 'waiting');
    assert.equal(await vscode.commands.executeCommand('exchangeTx.transactions.reveal', later), 'not-loaded');
    assert.deepEqual(selected(), [moving]);
    assert.equal(await vscode.commands.executeCommand('exchangeTx.transactions.reveal', { id: second }), 'revealed');
    assert.deepEqual(selected(), [second]);

    // Hidden: selected when the view shows again.
    await f.hide();
    assert.equal((await getStatus(first)).status, 'waiting');
    await f.show();
    await eventually(() => selected().includes(first), 'the deferred reveal');
    assert.deepEqual(selected(), [first]);
    const failures = api.log.recent.filter(
      (line) => line.includes('could not reveal') && [first, second, moving, later].some((id) => line.includes(id)),
    );
    assert.deepEqual(failures, [], 'no reveal failed');
  });

  it("answers the view's ask for its rows during the first load with the first page, waiting no longer than its bound", async () => {
    const { tx, sandbox } = f;
    f.create('waiting');
    const provider = tx.view.provider;
    tx.list.reset();
    const loading = tx.list.refresh();
    assert.equal(tx.list.state, 'loading');
    await provider.loaded(30_000);
    assert.equal(tx.list.state, 'loaded', 'the wait ended with the first page');
    assert.ok(provider.children().length > 0, 'the rows of the first page');
    await loading;

    // A page that is slow to come: the ask stops waiting at its bound (the rows follow by a change event).
    sandbox.setFaults({ latencyMs: 3_000 });
    try {
      tx.list.reset();
      const slow = tx.list.refresh();
      await provider.loaded(50);
      assert.equal(tx.list.state, 'loading', 'the wait ended before the page');
      await slow;
      assert.equal(tx.list.state, 'loaded');
    } finally {
      sandbox.setFaults({});
    }
  });
});
