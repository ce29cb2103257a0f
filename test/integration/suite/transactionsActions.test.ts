// The Transactions view's node actions in a real extension host: each one run with a tree node
// as its argument, as the context menu runs it, against the extension's sandbox; explorer links
// captured by replacing the opener (never a browser), unsafe links never opened; and the menus'
// `when` clauses in package.json matched against the context values of real records.
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { DetailsResult } from '../../../src/features/details/detailsProvider';
import type { LookupResult } from '../../../src/features/lookup/lookupCommand';
import type { TreeNode } from '../../../src/features/transactions/nodes';
import { HOSTILE_VALUES } from '../../../packages/sandbox/src';
import type { KnownStatus } from '../../../src/shared/status';
import type { TransactionRecord } from '../../../src/api';
import { EXTENSION_ID } from '../support/extension';
import { useTransactionsFixture } from '../support/transactionsFixture';
import { evaluateWhen } from '../support/whenClause';
import { parse } from 'jsonc-parser';

interface MenuEntry {
  readonly command: string;
  readonly when: string;
  readonly group?: string;
}

function itemMenus(): MenuEntry[] {
  const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
    contributes: { menus: Record<string, MenuEntry[]> };
  };
  // The Transactions view's item menus (other views have their own).
  const entries = manifest.contributes.menus['view/item/context']?.filter((entry) =>
    entry.when.includes('view == exchangeTx.transactions'),
  );
  assert.ok(entries && entries.length > 0, 'the manifest has item menus');
  return entries;
}

const isHttpLink = (link: string | null | undefined) => typeof link === 'string' && /^https?:\/\/[^\s]+$/.test(link);
const FINAL = new Set(['finished', 'failed', 'refunded', 'overdue', 'expired']);

/** Whether a menu entry should show for a transaction, said independently of the view's tokens. */
function shows(entry: MenuEntry, record: TransactionRecord): boolean {
  switch (entry.command) {
    case 'exchangeTx.watch':
      // Watching is for transactions that still move, inline and in the menu.
      return !FINAL.has(record.status);
    case 'exchangeTx.showDetails':
    case 'exchangeTx.getStatus':
    case 'exchangeTx.copyId':
    case 'exchangeTx.openAsRequest':
      return true;
    case 'exchangeTx.transactions.copyPayinAddress':
      return record.payinAddress.trim() !== '';
    case 'exchangeTx.transactions.openPayout':
      return isHttpLink(record.payoutHashLink);
    case 'exchangeTx.transactions.openRefund':
      return isHttpLink(record.refundHashLink);
    case 'exchangeTx.transactions.refresh':
      return false;
    // The fixture uses the built-in sandbox: its transactions can be moved, and paid while waiting.
    case 'exchangeTx.sandbox.simulatePayment':
      return record.status === 'waiting';
    case 'exchangeTx.sandbox.moveToStatus':
      return true;
    default:
      throw new Error(`no expectation for ${entry.command}`);
  }
}

describe('Transactions view: node actions', () => {
  const f = useTransactionsFixture();
  const opened: vscode.Uri[] = [];
  /** What the sandbox's made-up hashes made the command say, before anything opened. */
  const warned: string[] = [];
  let openAnyway = true;
  const capture = () => {
    opened.length = 0;
    warned.length = 0;
    openAnyway = true;
    f.tx.actions.open = async (uri) => {
      opened.push(uri);
      return true;
    };
    f.tx.actions.confirmMadeUp = async (text) => {
      warned.push(text);
      return openAnyway;
    };
  };
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  /** What the menus offer for a node: the commands whose `when` holds for it. */
  const offered = (node: TreeNode) => {
    const context = {
      view: 'exchangeTx.transactions',
      viewItem: f.item(node).contextValue,
      'exchangeTx.environment': 'sandbox',
    };
    return itemMenus().filter((entry) => evaluateWhen(entry.when, context));
  };

  it("offers each menu item exactly for the nodes it fits, by the nodes' context values", async () => {
    const { tx, sandbox } = f;
    const statuses: KnownStatus[] = ['waiting', 'hold', 'finished', 'failed', 'refunded', 'overdue', 'expired'];
    const ids = statuses.map((status) => f.create(status));
    await f.show();
    await f.refresh();
    const menus = itemMenus();
    let payoutLinks = 0;
    let refundLinks = 0;
    let withoutPayoutLink = 0;
    for (const record of tx.list.records()) {
      const node = f.node(record.id);
      const got = offered(node);
      const expected = menus.filter((entry) => shows(entry, record));
      assert.deepEqual(
        got.map((e) => `${e.command}@${e.group ?? ''}`),
        expected.map((e) => `${e.command}@${e.group ?? ''}`),
        `${record.status} ${record.id} (${String(f.item(node).contextValue)})`,
      );
      if (isHttpLink(record.payoutHashLink)) payoutLinks++;
      else withoutPayoutLink++;
      if (isHttpLink(record.refundHashLink)) refundLinks++;
    }
    assert.ok(
      payoutLinks > 0 && refundLinks > 0 && withoutPayoutLink > 0,
      'records with and without links were checked',
    );
    for (const id of ids) assert.ok(tx.list.get(id));
    // With an account in use, a waiting transaction offers nothing of the sandbox's.
    const waiting = f.node(ids[0] ?? '');
    const live = itemMenus().filter((entry) =>
      evaluateWhen(entry.when, {
        view: 'exchangeTx.transactions',
        viewItem: f.item(waiting).contextValue,
        'exchangeTx.environment': 'live',
      }),
    );
    assert.deepEqual(
      live.filter((entry) => entry.command.startsWith('exchangeTx.sandbox.')),
      [],
    );
    assert.ok(
      offered(waiting).some((entry) => entry.command === 'exchangeTx.sandbox.simulatePayment'),
      'in the sandbox, a waiting one can be paid',
    );
    for (const group of f.groups()) assert.deepEqual(offered(group), [], `nothing for the ${group.status} group`);

    // The error node offers Refresh inline, and nothing else.
    sandbox.setFaults({ rates: { http500: 1 } });
    await f.refresh();
    const errorNode = tx.view.provider.getChildren()[0];
    assert.ok(errorNode?.kind === 'error');
    assert.deepEqual(
      offered(errorNode).map((e) => `${e.command}@${e.group ?? ''}`),
      ['exchangeTx.transactions.refresh@inline@1'],
    );

    // Hostile records: a javascript: payout link is no link.
    sandbox.setFaults({ hostile: 1 });
    await f.refresh();
    const hostile = f.node(ids[2] ?? '');
    assert.equal(hostile.record.payoutHashLink, HOSTILE_VALUES.javascriptLink);
    assert.ok(
      !offered(hostile).some((e) => e.command === 'exchangeTx.transactions.openPayout'),
      'no Open Payout for a javascript: link',
    );
  });

  it('runs Get Status, Watch, Show Details and Copy ID with a tree node', async () => {
    const { api, tx } = f;
    const id = f.create('exchanging');
    await f.show();
    await f.refresh();
    const node = f.node(id);

    const status = await vscode.commands.executeCommand<LookupResult>('exchangeTx.getStatus', node, { silent: true });
    assert.equal(status.id, id);
    assert.equal(status.status, 'exchanging');
    assert.match(status.message?.text ?? '', new RegExp(`^Transaction ${id}: Exchanging `));

    try {
      assert.equal(await vscode.commands.executeCommand('exchangeTx.watch', node), id);
      assert.deepEqual(api.watch.ids, [id]);
      assert.ok(api.watch.items()[0]?.text.endsWith('Exchanging'));
    } finally {
      api.watch.stopAll();
    }

    const details = await vscode.commands.executeCommand<DetailsResult>('exchangeTx.showDetails', node, {
      silent: true,
    });
    assert.equal(details.uri?.toString(), `exchange-tx-record:/exchange-tx-records/${id}`);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), details.uri?.toString());
    assert.equal((parse(vscode.window.activeTextEditor?.document.getText() ?? '{}') as { id?: string }).id, id);

    await vscode.env.clipboard.writeText('');
    assert.equal(await vscode.commands.executeCommand('exchangeTx.copyId', node), id);
    assert.equal(await vscode.env.clipboard.readText(), id);
    assert.equal(tx.list.get(id), node, 'the node is still the one shown');
  });

  it('copies the payin address of a node', async () => {
    const address = `payin${Date.now()}`;
    const id = f.create('waiting', { payinAddress: address, payinExtraId: '98765' });
    await f.show();
    await f.refresh();
    await vscode.env.clipboard.writeText('');
    assert.equal(await vscode.commands.executeCommand('exchangeTx.transactions.copyPayinAddress', f.node(id)), address);
    assert.equal(await vscode.env.clipboard.readText(), address);
  });

  it('opens payout and refund explorer links through the opener, and never an unsafe one', async () => {
    const { tx, sandbox } = f;
    const finished = f.create('finished');
    const refunded = f.create('refunded');
    const waiting = f.create('waiting');
    await f.show();
    await f.refresh();
    capture();

    const payout = f.node(finished).record.payoutHashLink;
    assert.ok(isHttpLink(payout), `the sandbox gives a payout link: ${String(payout)}`);
    // The sandbox made the hash up: said first, and nothing opens unless the user still wants it.
    openAnyway = false;
    assert.equal(
      await vscode.commands.executeCommand('exchangeTx.transactions.openPayout', f.node(finished)),
      undefined,
    );
    assert.deepEqual(warned, [
      `The built-in sandbox made up the payout hash of ${finished}: the block explorer will not find it.`,
    ]);
    assert.equal(opened.length, 0, 'nothing opened');
    openAnyway = true;
    assert.equal(await vscode.commands.executeCommand('exchangeTx.transactions.openPayout', f.node(finished)), payout);
    assert.deepEqual(
      opened.map((uri) => uri.toString(true)),
      [vscode.Uri.parse(payout ?? '').toString(true)],
    );
    assert.equal(opened[0]?.scheme, new URL(payout ?? '').protocol.replace(':', ''));

    const refund = f.node(refunded).record.refundHashLink;
    assert.ok(isHttpLink(refund), `the sandbox gives a refund link: ${String(refund)}`);
    opened.length = 0;
    assert.equal(await vscode.commands.executeCommand('exchangeTx.transactions.openRefund', f.node(refunded)), refund);
    assert.deepEqual(
      opened.map((uri) => uri.toString(true)),
      [vscode.Uri.parse(refund ?? '').toString(true)],
    );

    // No link: nothing opened.
    opened.length = 0;
    assert.equal(
      await vscode.commands.executeCommand('exchangeTx.transactions.openPayout', f.node(waiting)),
      undefined,
    );
    assert.equal(
      await vscode.commands.executeCommand('exchangeTx.transactions.openRefund', f.node(finished)),
      undefined,
    );
    assert.deepEqual(opened, []);

    // A hostile record's javascript: link is never opened.
    sandbox.setFaults({ hostile: 1 });
    await f.refresh();
    const hostile = f.node(finished);
    assert.equal(hostile.record.payoutHashLink, HOSTILE_VALUES.javascriptLink);
    assert.equal(await vscode.commands.executeCommand('exchangeTx.transactions.openPayout', hostile), undefined);
    assert.deepEqual(opened, [], 'the javascript: link was not opened');
    assert.equal(tx.list.get(finished), hostile);
  });
});
