// The "Exchange Tx Basics" walkthrough in the real workbench: it opens with its six
// steps, and a step completes on its event: a context key the extension sets (watching a
// transaction, adding an account) and a command run from the step's own button. The steps'
// state is read from the page of the server host; the electron host has none (skipped there).
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import type { Sandbox } from '../../../packages/sandbox/src';
import { generateKeyPairSync } from 'crypto';
import { registerSecret } from '../../secrets/registry';
import {
  addAccount,
  EXTENSION_ID,
  eventually,
  extensionApi,
  removeAccounts,
  resetEnvironment,
} from '../support/extension';
import {
  clickInWorkbench,
  findInWorkbench,
  savingScreenshots,
  screenshotOf,
  useTheme,
  workbenchPage,
} from '../support/workbench';

const WALKTHROUGH = `${EXTENSION_ID}#firstRun`;
const WALKTHROUGH_TITLE = 'Exchange Tx Basics';
/** The button of a step in the walkthrough page (its id is `<extension>#<walkthrough>#<step>`). */
const step = (id: string) => `.getting-started-step[data-step-id="${WALKTHROUGH}#${id}"]`;

/** Whether the page shows the step as done. */
async function done(id: string): Promise<boolean> {
  const found = await findInWorkbench(step(id), 'aria-checked');
  assert.equal(found.count, 1, `the step ${id} is shown once`);
  return found.attributes[0] === 'true';
}

describe('the walkthrough', function () {
  this.timeout(90_000);
  let api: ExchangeTxApi;
  let sandbox: Sandbox;

  before(async function () {
    if (!workbenchPage()) this.skip();
    api = await extensionApi();
    await resetEnvironment(api);
    sandbox = (await api.sandboxHost.start()).sandbox;
    api.watch.stopAll();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Other suites ran the steps' commands already: start from nothing done (their lookups set the key too).
    // A lookup sets the key off, then on again 300 ms later (lookupCommand.ts): let the last one of
    // an earlier file finish that before the key is turned off here, or it ticks the step after the reset.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await vscode.commands.executeCommand('setContext', 'exchangeTx.lookedUp', false);
    await vscode.commands.executeCommand('resetGettingStartedProgress');
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false);
    await eventually(
      async () => (await findInWorkbench('.getting-started-step')).count >= 6,
      'the walkthrough page',
      15_000,
    );
  });
  after(async () => {
    api.watch.stopAll();
    await removeAccounts(api);
    api.pairLimits.loaded?.panel?.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens with its title and six steps, none done yet', async () => {
    const title = await findInWorkbench('.getting-started-category .category-title, .gettingStartedSlideDetails h2');
    assert.ok(
      title.texts.some((t) => t.includes(WALKTHROUGH_TITLE)),
      `title: ${title.texts.join(' | ')}`,
    );
    // Its title and description whole, wherever the page shows them (and the editor's tab).
    for (const [selector, what] of [
      [`[x-category-title-for="${WALKTHROUGH}"]`, 'the title'],
      [`[x-category-description-for="${WALKTHROUGH}"]`, 'the description'],
      ['.part.editor .tabs-container .tab.active .label-name', "the editor tab's label"],
    ] as const) {
      // The page slides in: what is measured is where it comes to rest.
      const cut = async () => {
        const found = await findInWorkbench(selector);
        assert.ok(found.count > 0, `${what} is shown`);
        return found.texts.filter((_, i) => found.cut[i]);
      };
      await eventually(async () => (await cut()).length === 0, `${what} whole`).catch(() => undefined);
      assert.deepEqual(await cut(), [], `${what} cut short`);
    }
    const titles = (await findInWorkbench('.getting-started-step .step-title')).texts.map((t) => t.trim());
    assert.deepEqual(titles, [
      'Explore the sandbox',
      'Look a transaction up',
      'Watch one in the status bar',
      'Send a request of your own',
      'Check pair limits',
      'Add your account',
    ]);
    for (const id of ['lookUp', 'watch', 'pairLimits', 'account'])
      assert.equal(await done(id), false, `${id} is not done`);
    if (savingScreenshots()) {
      // The page puts a step's image beside its text only when it is wide enough.
      await useTheme('dark');
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      await screenshotOf('screenshots/walkthrough', {
        clip: ['.part.editor'],
        margin: 0,
        waitFor: '.getting-started-media img',
      });
      // The side bar back with another view: the Transactions view opening completes a step.
      await vscode.commands.executeCommand('workbench.view.explorer');
      await useTheme(undefined);
    }
  });

  it('completes "Explore the sandbox" when the Transactions view opens', async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
    assert.equal(await done('sandbox'), false);
    await vscode.commands.executeCommand('exchangeTx.transactions.focus');
    await eventually(() => done('sandbox'), 'the sandbox step done');
    assert.equal(await done('lookUp'), false, 'the lookup step is still to do');
  });

  it('completes "Look a transaction up" when a lookup runs from the extension, as the Explore the Sandbox notification\'s button does (exchangeTx.lookedUp)', async () => {
    const id = sandbox.ledger.create({ from: 'btc', to: 'eth', outcome: 'finished', stepMs: 600_000 }).id;
    assert.equal(await done('lookUp'), false);
    // Run from the extension host, as the notification's button runs it: onCommand does not see it.
    const found = await vscode.commands.executeCommand<{ status?: string }>('exchangeTx.getStatus', id, {
      silent: true,
    });
    assert.equal(found.status, 'waiting');
    await eventually(() => done('lookUp'), 'the lookup step done');
  });

  it('completes "Watch one in the status bar" when a transaction is watched (exchangeTx.watching)', async () => {
    const id = sandbox.ledger.create({ from: 'btc', to: 'eth', outcome: 'finished', stepMs: 600_000 }).id;
    assert.equal(await done('watch'), false);
    // Through the API, not the command: only the context key can complete the step.
    assert.equal(await api.watch.watch(id), 'added');
    await eventually(() => done('watch'), 'the watch step done');
    assert.equal(await done('account'), false, 'the account step is still to do');
  });

  it('completes "Check pair limits" when its button runs Show Pair Limits', async () => {
    assert.equal(await done('pairLimits'), false);
    assert.equal(api.pairLimits.loaded?.panel, undefined, 'no panel yet');
    await clickInWorkbench(step('pairLimits'));
    const button = '.getting-started-step.expanded .monaco-button';
    await eventually(
      async () => (await findInWorkbench(button)).texts.includes('Show Pair Limits'),
      'the step open with its button',
    );
    await clickInWorkbench(`${button}:has-text("Show Pair Limits")`);
    await eventually(() => api.pairLimits.loaded?.panel !== undefined, 'the Pair Limits panel');
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false);
    await eventually(() => done('pairLimits'), 'the pair limits step done');
  });

  it('completes "Add your account" when an account is added (exchangeTx.hasAccounts)', async () => {
    assert.equal(await done('account'), false);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const hex = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('hex');
    registerSecret('private-key', hex);
    const added = await addAccount({ name: 'Walkthrough', baseUrl: 'https://api.example.com', privateKey: hex });
    assert.ok(added.account, added.error);
    await eventually(() => done('account'), 'the account step done');
  });
});
