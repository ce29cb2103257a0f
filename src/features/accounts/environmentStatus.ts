/** Where requests go, at a glance: the status item, the switch, Explore the Sandbox and Show Log. */
import type { SandboxHost } from '../builtInSandbox/sandboxHost';
import * as vscode from 'vscode';
import { describeFaults } from '../common/faultPresets';
import { accountItems } from './accountPicks';
import type { EnvironmentState } from '../common/environmentDeps';
import type { EnvironmentService } from './environmentService';
import { errorText } from '../../shared/errorText';
import { actions, showUserMessage } from '../common/userMessages';

function describe(state: EnvironmentState, hasAccounts: boolean): { text: string; tooltip: string } {
  const account = state.account;
  if (state.kind === 'live' && account) {
    return {
      text: `$(cloud) ${account.name}`,
      tooltip: vscode.l10n.t(
        'Exchange Tx sends signed requests for the account "{0}" to {1}. Click to switch.',
        account.name,
        account.host,
      ),
    };
  }
  // Every sandbox tooltip opens with the sentence the Transactions view's welcome says for it.
  let why: string;
  if (state.reason === 'restricted')
    why = vscode.l10n.t(
      'The built-in sandbox is in use: this workspace is in Restricted Mode, so accounts are off. Trust the workspace to use your accounts.',
    );
  else if (state.reason === 'no-keys' && account)
    why = vscode.l10n.t('The built-in sandbox is in use: the account "{0}" has no usable API keys.', account.name);
  else if (!account && !hasAccounts)
    why = vscode.l10n.t(
      'The built-in sandbox is in use: a local simulation of the service with sample transactions. Add an account to use the service.',
    );
  else why = vscode.l10n.t('The built-in sandbox is in use, as you chose.');
  const icon = state.reason === 'restricted' ? '$(shield)' : '$(beaker)';
  return { text: `${icon} ${vscode.l10n.t('Sandbox')}`, tooltip: `${why} ${vscode.l10n.t('Click to switch.')}` };
}

type Pick = vscode.QuickPickItem & { readonly target: string };

export function registerEnvironment(
  context: vscode.ExtensionContext,
  {
    environment,
    sandboxHost,
    showLog,
  }: {
    readonly environment: EnvironmentService;
    readonly sandboxHost: SandboxHost;
    readonly showLog: () => void;
  },
): vscode.StatusBarItem {
  const item = vscode.window.createStatusBarItem('exchangeTx.environment', vscode.StatusBarAlignment.Left, 0);
  item.name = vscode.l10n.t('Exchange Tx Account');
  item.command = 'exchangeTx.switchEnvironment';
  const render = () => {
    const { text, tooltip } = describe(environment.state, environment.accounts.accounts.length > 0);
    const running = sandboxHost.sandbox;
    const faults = running ? describeFaults(running.faults) : [];
    item.text = faults.length > 0 && environment.kind === 'sandbox' ? `${text} $(debug-disconnect)` : text;
    item.tooltip =
      faults.length > 0
        ? `${tooltip}\n\n${vscode.l10n.t('Sandbox faults: {0}. "Sandbox: Stop Fault Injection" turns them off.', faults.join(', '))}`
        : tooltip;
    item.show();
  };
  render();
  context.subscriptions.push(
    item,
    environment.onDidChange(render),
    environment.accounts.onDidChange(render),
    vscode.commands.registerCommand('exchangeTx.switchEnvironment', async () => {
      // Where requests go is the user's choice: no argument picks it.
      const state = environment.state;
      const sandbox: Pick = {
        target: 'sandbox',
        label: vscode.l10n.t('$(beaker) Sandbox'),
        description: vscode.l10n.t('on this machine'),
        detail: vscode.l10n.t(
          'The built-in simulation of the service{0}',
          state.chosen === 'sandbox' ? ` · ${vscode.l10n.t('in use')}` : '',
        ),
      };
      const accounts: Pick[] = (await accountItems(environment, environment.accounts.accounts)).map((a) => ({
        ...a,
        target: a.id,
      }));
      const add: Pick = { target: 'add', label: vscode.l10n.t('$(add) Add Account…') };
      const separator = { target: '', label: '', kind: vscode.QuickPickItemKind.Separator };
      const items: Pick[] = [sandbox, ...accounts, separator, add];
      const title = state.restricted
        ? vscode.l10n.t('Exchange Tx: Account (Restricted Mode: accounts are off)')
        : vscode.l10n.t('Exchange Tx: Account');
      const chosen = (
        await vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Where requests go') })
      )?.target;
      if (chosen === undefined || chosen === '') return environment.kind;
      if (chosen === 'add') {
        await vscode.commands.executeCommand('exchangeTx.addAccount');
        return environment.kind;
      }
      try {
        await environment.choose(chosen);
        const reason = environment.state.reason;
        if (reason === 'restricted')
          void vscode.window.showInformationMessage(
            vscode.l10n.t(
              'This workspace is in Restricted Mode: the account is chosen, but requests go to the sandbox until you trust the workspace.',
            ),
          );
        else if (reason === 'no-keys')
          showUserMessage({
            severity: 'warning',
            text: vscode.l10n.t(
              'The account "{0}" has no usable API keys, so the sandbox is used.',
              environment.state.account?.name ?? '',
            ),
            actions: [actions.setKeys()],
          });
      } catch (error) {
        void vscode.window.showErrorMessage(errorText(error));
      }
      return environment.kind;
    }),
    vscode.commands.registerCommand('exchangeTx.exploreSandbox', async () => {
      await environment.choose('sandbox');
      const { sandbox } = await sandboxHost.start();
      const moving = sandbox.ledger
        .visible()
        .find((t) => ['waiting', 'confirming', 'exchanging', 'sending'].includes(sandbox.ledger.statusOf(t.id) ?? ''));
      // A still ledger (traffic 0) may have nothing moving: then it says so and offers to make one.
      const text = moving
        ? vscode.l10n.t(
            'The sandbox is running with {0} sample transactions. Try one that is moving right now: {1}',
            sandbox.ledger.visible().length,
            moving.id,
          )
        : vscode.l10n.t(
            'The sandbox is running with {0} sample transactions; none is moving right now: make one with New Transaction.',
            sandbox.ledger.visible().length,
          );
      const action = moving
        ? { title: vscode.l10n.t('Get Transaction Status…'), command: 'exchangeTx.getStatus', args: [moving.id] }
        : { title: vscode.l10n.t('New Transaction…'), command: 'exchangeTx.sandbox.newTransaction', args: [] };
      showUserMessage({ severity: 'info', text, actions: [action] });
      return sandbox.url;
    }),
    vscode.commands.registerCommand('exchangeTx.showLog', showLog),
  );
  return item;
}
