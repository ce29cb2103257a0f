/** Forwarding in this window: the events channel, the status item, the view and the commands. */
import type { EnvironmentService } from '../accounts/environmentService';
import * as vscode from 'vscode';
import type { TransactionStore } from '../../store/transactionStore';
import type { Logger } from '../common/log';
import { RecentLog } from '../common/log';
import { readSetting } from '../common/settings';
import { errorText } from '../../shared/errorText';
import { generateEventSecret } from '../../shared/statusEvents';
import { checkHookUrl, HookTargetError, needsAllowance } from '../../forward/target';
import type { SecretSet } from '../../forward/stateFile';
import { readSecretSet, rotateSecrets } from '../../forward/stateFile';
import type { ForwardPrompts } from './forwardPrompts';
import { forwardPrompts } from './forwardPrompts';
import type { EventNode } from './forwardedEventsView';
import { eventNode } from './forwardedEventsView';
import { ForwardSession } from './forwardSession';

const CONTEXT_KEY = 'exchangeTx.forwarding';
const USED_KEY = 'exchangeTx.forwardingUsed';
const VIEW_ID = 'exchangeTx.forwardedEvents';

export interface ForwardSessionDeps {
  readonly environment: EnvironmentService;
  readonly log: Logger;
  /** The store every record fetched passes: it holds forwarding's while its target is in use. */
  readonly store?: Pick<TransactionStore, 'upsert'>;
}

export interface Forwarding {
  readonly events: RecentLog;
  readonly item: vscode.StatusBarItem;
  readonly session: ForwardSession | undefined;
  nodes(): readonly EventNode[];
  start(): Promise<void>;
  stopAsked(): Promise<void>;
  resend(node: unknown): void;
  resendAllFailed(): void;
  rotate(): Promise<void>;
}

/** Where one account's state and secret are kept: `sandbox`, or `account:<id>` (no secret in it). */
function accountKey(account: { readonly id: string } | undefined): string {
  return account === undefined ? 'sandbox' : `account:${account.id}`;
}

/** `promptsSet()` gives the questions the tests set (undefined: the dialogs). */

export function makeForwarding(
  context: vscode.ExtensionContext,
  deps: ForwardSessionDeps,
  promptsSet: () => ForwardPrompts | undefined,
): Forwarding {
  // The events' own channel, made with its first line: a start does not always write one at once.
  let channel: vscode.LogOutputChannel | undefined;
  const channelNow = (): vscode.LogOutputChannel => {
    if (channel) return channel;
    const made = vscode.window.createOutputChannel('Exchange Tx: Forwarded Events', { log: true });
    context.subscriptions.push(made);
    return (channel = made);
  };
  const events = new RecentLog({
    trace: (message: string, ...args: unknown[]) => channelNow().trace(message, ...args),
    debug: (message: string, ...args: unknown[]) => channelNow().debug(message, ...args),
    info: (message: string, ...args: unknown[]) => channelNow().info(message, ...args),
    warn: (message: string, ...args: unknown[]) => channelNow().warn(message, ...args),
    error: (message: string, ...args: unknown[]) => channelNow().error(message, ...args),
  });
  const item = vscode.window.createStatusBarItem('exchangeTx.forwarding', vscode.StatusBarAlignment.Left, -2);
  item.name = vscode.l10n.t('Exchange Tx: Forwarding');
  item.command = 'exchangeTx.stopForwarding';
  const treeChanged = new vscode.EventEmitter<void>();
  let session: ForwardSession | undefined;
  /** The last session, stopped or not: the view keeps showing what it kept. */
  let shown: ForwardSession | undefined;
  let sessionKey = '';
  const stateFileOf = (key: string): string =>
    vscode.Uri.joinPath(context.globalStorageUri, 'forward', `${key.replace(/[^A-Za-z0-9_-]/g, '_')}.json`).fsPath;
  const secretKeyOf = (key: string): string => `exchangeTx.forward.secrets.${key}`;
  const prompts = (): ForwardPrompts => promptsSet() ?? forwardPrompts;
  const nodes = (): readonly EventNode[] => (shown ? shown.entries().map(eventNode) : []);

  const render = (): void => {
    treeChanged.fire();
    if (!session || session.stopped) {
      item.hide();
      return;
    }
    // Both counts come from the queue the delivery itself uses, read after it changed.
    const waiting = session.pending;
    const failed = session.failed;
    const parts = [vscode.l10n.t('{0} forwarded', session.delivered)];
    if (waiting > 0) parts.push(vscode.l10n.t('{0} waiting', waiting));
    if (failed > 0) parts.push(vscode.l10n.t('{0} failed', failed));
    item.text = `$(broadcast) ${parts.join(', ')}`;
    item.tooltip = vscode.l10n.t(
      'Forwarding status changes of {0} to {1}. Click to stop.',
      session.target,
      session.url.href,
    );
    item.backgroundColor =
      failed > 0
        ? new vscode.ThemeColor('statusBarItem.errorBackground')
        : waiting > 0
          ? new vscode.ThemeColor('statusBarItem.warningBackground')
          : undefined;
    item.show();
  };

  const stop = (why: string): void => {
    if (!session) return;
    const { waiting, failed } = session.stop();
    const kept = waiting + failed > 0 ? `; ${waiting} waiting and ${failed} failed events kept for the next start` : '';
    events.info(`stopped: ${why}${kept}`);
    deps.log.info(`forwarding stopped: ${why}${kept}`);
    session = undefined;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, false);
    render();
  };

  const readSecrets = async (key: string): Promise<SecretSet | undefined> => {
    const text = await context.secrets.get(secretKeyOf(key));
    if (text === undefined) return undefined;
    try {
      return readSecretSet(JSON.parse(text));
    } catch {
      return undefined;
    }
  };

  const start = async (): Promise<void> => {
    const ask = prompts();
    const typed = await ask.askUrl();
    if (typed === undefined) return;
    let url: URL;
    try {
      url = checkHookUrl(typed);
    } catch (error) {
      if (!(error instanceof HookTargetError) || error.reason !== 'host' || error.host === undefined) {
        void vscode.window.showErrorMessage(errorText(error));
        return;
      }
      if (!(await ask.confirmHost(error.host))) return;
      url = checkHookUrl(typed, { allowedHost: error.host });
    }
    const connection = await deps.environment.connection();
    const target = connection.account
      ? vscode.l10n.t('the account "{0}"', connection.account.name)
      : vscode.l10n.t('the sandbox');
    const key = accountKey(connection.account);
    const targetId = connection.account?.id ?? 'sandbox';
    stop('a new forwarding started');
    let secrets = await readSecrets(key);
    let fresh: string | undefined;
    if (secrets === undefined) {
      fresh = generateEventSecret();
      secrets = { current: fresh };
      await context.secrets.store(secretKeyOf(key), JSON.stringify(secrets));
    }
    sessionKey = key;
    try {
      session = new ForwardSession({
        client: connection.client,
        account: key,
        url,
        secrets,
        stateFile: stateFileOf(key),
        target,
        maxRps: readSetting('exchangeTx.forward.maxRequestsPerSecond'),
        payload: readSetting('exchangeTx.forward.payload'),
        statuses: new Set(readSetting('exchangeTx.forward.statuses')),
        log: events,
        onChange: render,
        // Never older than what forwarding reported: the view and the watches read the same store.
        onRecords: (records) => deps.store?.upsert(records, targetId),
        onGap: (reason) =>
          void vscode.window.showWarningMessage(
            vscode.l10n.t(
              'Forwarding reached a bound ({0}): a gap event tells your receiver to resynchronise.',
              reason,
            ),
          ),
      });
    } catch (error) {
      // Another window or the CLI forwards from this state file (it is named), or the file is not this account's.
      void vscode.window.showErrorMessage(errorText(error));
      return;
    }
    shown = session;
    deps.log.info(
      `forwarding status changes to ${url.host}${needsAllowance(url) ? ' (another machine, confirmed)' : ''}`,
    );
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, true);
    void vscode.commands.executeCommand('setContext', USED_KEY, true);
    render();
    if (fresh !== undefined) ask.showSecret(fresh, url.href);
  };

  const rotate = async (): Promise<void> => {
    const key = session ? sessionKey : accountKey((await deps.environment.connection()).account);
    const kept = await readSecrets(key);
    const fresh = generateEventSecret();
    const next = kept === undefined ? { current: fresh } : rotateSecrets(kept, fresh);
    await context.secrets.store(secretKeyOf(key), JSON.stringify(next));
    if (session && sessionKey === key) session.setSecrets(next);
    events.info(`signing secret rotated${kept === undefined ? '' : '; the previous one also signs for 24 hours'}`);
    prompts().showSecret(fresh, session?.url.href ?? '');
  };

  const stopAsked = async (): Promise<void> => {
    if (!session) return;
    const waiting = session.pending;
    const failed = session.failed;
    if (waiting + failed > 0 && !(await prompts().confirmStop(waiting, failed))) return;
    stop('stopped by the user');
  };

  const resend = (node: unknown): void => {
    const eventId =
      typeof node === 'object' && node !== null && 'eventId' in node && typeof node.eventId === 'string'
        ? node.eventId
        : undefined;
    if (eventId === undefined) return;
    if (!session) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Start forwarding again to resend: events are sent by a running forwarding.'),
      );
      return;
    }
    if (!session.resend(eventId))
      void vscode.window.showInformationMessage(vscode.l10n.t('That event is waiting already, or no longer kept.'));
    render();
  };

  context.subscriptions.push(
    item,
    treeChanged,
    { dispose: () => stop('the extension stopped') },
    vscode.window.registerTreeDataProvider<EventNode>(VIEW_ID, {
      onDidChangeTreeData: treeChanged.event,
      getTreeItem: (node) => node.item,
      getChildren: (node) => [...(node ? node.children : nodes())],
    }),
    deps.environment.onDidReset(() => {
      const wasSandbox = session !== undefined && sessionKey === 'sandbox';
      stop('the environment changed (another account or the sandbox, or the sandbox was reset)');
      // A reset sandbox is a new ledger: what was known of the old one must not become events.
      if (wasSandbox)
        void vscode.workspace.fs
          .delete(vscode.Uri.file(stateFileOf('sandbox')), { useTrash: false })
          .then(undefined, () => undefined);
    }),
  );
  return {
    events,
    item,
    get session() {
      return session;
    },
    nodes,
    start,
    stopAsked,
    resend,
    resendAllFailed: () => {
      const count = session?.resendAllFailed() ?? 0;
      events.info(`resend: ${count} failed events back to waiting`);
      render();
    },
    rotate,
  };
}
