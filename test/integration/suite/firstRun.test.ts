// A new user's first minute: with no account, showing the Transactions view starts the built-in
// sandbox and loads its sample transactions without any click, and the view's welcome and the
// status bar say the same thing about where requests go.
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import { EXTENSION_ID, eventually, resetEnvironment } from '../support/extension';
import { lookupApi } from '../support/lookupHelpers';
import { evaluateWhen } from '../support/whenClause';

interface WelcomeEntry {
  readonly view: string;
  readonly contents: string;
  readonly when: string;
}

/** The English text of the welcome content the manifest selects for these context keys. */
function welcomeFor(context: Readonly<Record<string, unknown>>): string {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension);
  const manifest = extension.packageJSON as { contributes: { viewsWelcome: WelcomeEntry[] } };
  const entries = manifest.contributes.viewsWelcome.filter(
    (entry) => entry.view === 'exchangeTx.transactions' && evaluateWhen(entry.when, context),
  );
  assert.equal(entries.length, 1, `one welcome for ${JSON.stringify(context)}`);
  const contents = entries[0]?.contents ?? '';
  // The host hands the manifest localized; a `%key%` left is looked up in package.nls.json.
  if (!/^%.*%$/.test(contents)) return contents;
  const strings = JSON.parse(fs.readFileSync(path.join(extension.extensionPath, 'package.nls.json'), 'utf8')) as Record<
    string,
    string
  >;
  const text = strings[contents.replace(/^%|%$/g, '')];
  assert.ok(text !== undefined, `${contents} is in package.nls.json`);
  return text;
}

/** The words of a welcome content before its buttons. */
const prose = (welcome: string) => welcome.split('\n')[0] ?? '';

describe('first run: the sandbox without a click', () => {
  let api: ExchangeTxApi;
  const running = () => api.sandboxHost.sandbox;

  before(async () => {
    api = await lookupApi();
    await vscode.commands.executeCommand('workbench.view.explorer');
    await resetEnvironment(api);
    // As a new user's window: the sandbox not started, nothing loaded, the view not shown.
    await api.environment.restartSandbox();
    api.transactions.list.reset();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it("showing the Transactions view loads the sandbox's transactions; the welcome and the status bar agree", async function () {
    this.timeout(30_000);
    const { view, list } = api.transactions;
    assert.equal(view.view.visible, false, 'the view is hidden');
    assert.equal(running(), undefined, 'the sandbox is not running');
    assert.equal(api.environment.accounts.accounts.length, 0, 'no account');

    // Before anything loads, the welcome says what the status bar says.
    assert.equal(list.state, 'idle');
    assert.equal(view.welcome, 'sandbox');
    const welcome = prose(
      welcomeFor({
        'exchangeTx.transactions.state': 'idle',
        'exchangeTx.transactions.filtered': false,
        'exchangeTx.environment': api.environment.kind,
      }),
    );
    const item = api.environmentItem;
    assert.match(item.text, /Sandbox/);
    const tooltip = typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
    assert.ok(tooltip.startsWith(welcome), `the status bar's tooltip "${tooltip}" says the welcome's "${welcome}"`);
    assert.doesNotMatch(welcome, /No account with API keys/);

    // Shown as a click on the activity bar's icon does: no Refresh, no "Explore the Sandbox".
    await vscode.commands.executeCommand('exchangeTx.transactions.focus');
    await eventually(() => list.state === 'loaded' && list.size > 0, "the sandbox's transactions in the view", 20_000);
    const sandbox = running();
    assert.ok(sandbox, 'the view started the sandbox');
    assert.equal(view.welcome, undefined, 'the tree shows transactions, not a welcome');
    assert.ok(view.provider.children().length > 0);
    const shown = new Set(list.records().map((r) => r.id));
    assert.ok(
      sandbox.ledger.visible().some((t) => shown.has(t.id)),
      "the rows are the sandbox's sample transactions",
    );
    assert.match(item.text, /Sandbox/, 'the status bar still says the sandbox');
  });
});
