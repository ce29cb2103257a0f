/**
 * The environment's face: a status bar item that says plainly whether the sandbox or the live
 * service is in use, "Switch Environment…", "Explore the Sandbox" and "Show Log".
 */
import * as vscode from 'vscode';
import type { EnvironmentKind, EnvironmentService, EnvironmentState } from './environmentService';

function describe(state: EnvironmentState): { text: string; tooltip: string } {
  if (state.kind === 'live') {
    return { text: vscode.l10n.t('$(cloud) Exchange Tx: Live'), tooltip: vscode.l10n.t('Exchange Tx uses the live service at {0} with your saved keys. Click to switch.', state.baseUrl ?? '') };
  }
  const why = state.hasCredentials ? vscode.l10n.t('You chose the sandbox.') : vscode.l10n.t('No API keys are saved, so the built-in sandbox is used: a local simulation of the service with sample transactions.');
  return { text: vscode.l10n.t('$(beaker) Exchange Tx: Sandbox'), tooltip: `${why} ${vscode.l10n.t('Click to switch.')}` };
}

export function registerEnvironment(context: vscode.ExtensionContext, environment: EnvironmentService, showLog: () => void): vscode.StatusBarItem {
  const item = vscode.window.createStatusBarItem('exchangeTx.environment', vscode.StatusBarAlignment.Left, 0);
  item.name = vscode.l10n.t('Exchange Tx Environment');
  item.command = 'exchangeTx.switchEnvironment';
  const render = () => {
    const { text, tooltip } = describe(environment.state);
    item.text = text;
    item.tooltip = tooltip;
    item.show();
  };
  render();
  context.subscriptions.push(
    item,
    environment.onDidChange(render),
    vscode.commands.registerCommand('exchangeTx.switchEnvironment', async (target?: EnvironmentKind) => {
      let kind = target;
      if (!kind) {
        const state = environment.state;
        const items: (vscode.QuickPickItem & { env: EnvironmentKind })[] = [
          { env: 'sandbox', label: vscode.l10n.t('$(beaker) Sandbox'), description: state.kind === 'sandbox' ? vscode.l10n.t('in use') : undefined, detail: vscode.l10n.t('The built-in simulation of the service, on this machine') },
          { env: 'live', label: vscode.l10n.t('$(cloud) Live'), description: state.kind === 'live' ? vscode.l10n.t('in use') : state.hasCredentials ? undefined : vscode.l10n.t('needs API keys'), detail: vscode.workspace.getConfiguration('exchangeTx').get<string>('baseUrl') },
        ];
        kind = (await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Exchange Tx: Environment') }))?.env;
      }
      if (!kind) return environment.kind;
      if (kind === 'live' && !(await environment.refresh()).hasCredentials) {
        const set = vscode.l10n.t('Set API Keys…');
        void vscode.window.showWarningMessage(vscode.l10n.t('The live service needs your API keys.'), set).then((choice) => (choice === set ? vscode.commands.executeCommand('exchangeTx.setApiKeys') : undefined));
        return environment.kind;
      }
      await environment.choose(kind);
      return environment.kind;
    }),
    vscode.commands.registerCommand('exchangeTx.exploreSandbox', async () => {
      await environment.choose('sandbox');
      const sandbox = await environment.ensureSandbox();
      const lookup = vscode.l10n.t('Get Transaction Status…');
      const moving = sandbox.ledger.visible().find((t) => ['waiting', 'confirming', 'exchanging', 'sending'].includes(sandbox.ledger.statusOf(t.id) ?? ''));
      void vscode.window
        .showInformationMessage(vscode.l10n.t('The sandbox is running with {0} sample transactions. Try one that is moving right now: {1}', sandbox.ledger.visible().length, moving?.id ?? '—'), lookup)
        .then((choice) => (choice === lookup ? vscode.commands.executeCommand('exchangeTx.getStatus', moving?.id) : undefined));
      return sandbox.url;
    }),
    vscode.commands.registerCommand('exchangeTx.showLog', showLog),
  );
  return item;
}
