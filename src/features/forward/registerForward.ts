/**
 * "Forward Status Changes…" and "Stop Forwarding": asks where to send (a host other than this
 * machine only after a modal naming it), makes a signing secret and shows it once, then forwards
 * status changes of the connection in use (the sandbox or the account: the same client and limiter
 * as the views) until stopped: from the status bar item, the command, or a switch of environment
 * (forwarding stops then, rather than follow: events of one account must never silently continue
 * from another). One session at a time; starting again replaces it. The events list is the log
 * channel "Exchange Tx: Forwarded Events"; the secret is never written there or anywhere else.
 */
import * as vscode from 'vscode';
import type { EnvironmentService } from '../accounts/environmentService';
import type { Logger } from '../log';
import { RecentLog } from '../log';
import type { ForwardPrompts } from './forwardPrompts';
import type { ForwardSession } from './forwardSession';

export const FORWARD_COMMANDS = ['exchangeTx.forwardStatusChanges', 'exchangeTx.stopForwarding'] as const;
const CONTEXT_KEY = 'exchangeTx.forwarding';

export interface ForwardDeps {
  readonly environment: EnvironmentService;
  /** The extension's own log (start, stop, refusals). */
  readonly log: Logger;
}

/** What the tests get: the prompts to replace, the session, the events channel's recent lines, the status bar item. */
export interface ForwardHandle {
  /** The questions asked; undefined: the default ones (dialogs), loaded with the command. */
  prompts: ForwardPrompts | undefined;
  readonly session: ForwardSession | undefined;
  readonly events: RecentLog;
  readonly item: vscode.StatusBarItem;
}

export function registerForward(context: vscode.ExtensionContext, deps: ForwardDeps): ForwardHandle {
  const channel = vscode.window.createOutputChannel('Exchange Tx: Forwarded Events', { log: true });
  const events = new RecentLog(channel);
  const item = vscode.window.createStatusBarItem('exchangeTx.forwarding', vscode.StatusBarAlignment.Left, -2);
  item.name = vscode.l10n.t('Exchange Tx: Forwarding');
  item.command = 'exchangeTx.stopForwarding';
  let session: ForwardSession | undefined;

  const render = (): void => {
    if (!session || session.stopped) {
      item.hide();
      return;
    }
    const waiting = session.pending;
    item.text = waiting > 0 ? `$(broadcast) ${vscode.l10n.t('{0} forwarded, {1} waiting', session.delivered, waiting)}` : `$(broadcast) ${vscode.l10n.t('{0} forwarded', session.delivered)}`;
    item.tooltip = vscode.l10n.t('Forwarding status changes of {0} to {1}. Click to stop.', session.target, session.url.href);
    item.backgroundColor = waiting > 0 ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    item.show();
  };

  const stop = (why: string): void => {
    if (!session) return;
    session.stop();
    events.info(`stopped: ${why}`);
    deps.log.info(`forwarding stopped: ${why}`);
    session = undefined;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, false);
    render();
  };

  const handle: ForwardHandle = {
    prompts: undefined,
    get session() {
      return session;
    },
    events,
    item,
  };

  const start = async (): Promise<void> => {
    const { checkHookUrl, forwardPrompts, generateEventSecret, HookTargetError, needsAllowance, startForwardSession } = await import('./forwardSession');
    const prompts = handle.prompts ?? forwardPrompts;
    const typed = await prompts.askUrl();
    if (typed === undefined) return;
    let url: URL;
    try {
      url = checkHookUrl(typed);
    } catch (error) {
      if (!(error instanceof HookTargetError) || error.reason !== 'host' || error.host === undefined) {
        void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
        return;
      }
      if (!(await prompts.confirmHost(error.host))) return;
      url = checkHookUrl(typed, { allowedHost: error.host });
    }
    const connection = await deps.environment.connection();
    const target = connection.account ? vscode.l10n.t('the account "{0}"', connection.account.name) : vscode.l10n.t('the sandbox');
    stop('a new forwarding started');
    const secret = generateEventSecret();
    session = startForwardSession({ client: connection.client, url, secret, target, log: events, onChange: render });
    deps.log.info(`forwarding status changes to ${url.host}${needsAllowance(url) ? ' (another machine, confirmed)' : ''}`);
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, true);
    render();
    prompts.showSecret(secret, url.href);
  };

  context.subscriptions.push(
    channel,
    item,
    { dispose: () => stop('the extension stopped') },
    deps.environment.onDidReset(() => stop('the environment changed (another account or the sandbox, or the sandbox was reset)')),
    vscode.commands.registerCommand('exchangeTx.forwardStatusChanges', async () => {
      try {
        await start();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.log.warn(`Forward Status Changes failed: ${message}`);
        void vscode.window.showErrorMessage(vscode.l10n.t('Forwarding could not start: {0}', message));
      }
    }),
    vscode.commands.registerCommand('exchangeTx.stopForwarding', () => stop('stopped by the user')),
  );
  return handle;
}
