/**
 * "Forward Status Changes…", "Stop Forwarding", the Forwarded Events view and its Resend / Resend
 * All Failed, and "Rotate Forwarding Secret": asks where to send (a host other than this machine
 * only after a modal naming it), then forwards status changes of the connection in use (the sandbox
 * or the account: the same client and limiter as the views, within the share of requests per
 * second set by `exchangeTx.forward.maxRequestsPerSecond`) until stopped: from the status bar item,
 * the command (which asks first when events wait, saying how many are kept), or a switch of
 * environment (forwarding stops then, rather than follow: events of one account must never silently
 * continue from another).
 *
 * Durable per account: the state (what each transaction's status was, the events not delivered)
 * is a file in the extension's global storage, the signing secret is in SecretStorage (made and
 * shown once, kept until rotated). Activation registers the commands, the status bar item and a
 * view whose provider only reads a running session: the forwarding code loads on first use.
 */
import type { CurrentConnection, CurrentTarget, EnvironmentResets } from '../common/environmentDeps';
import * as vscode from 'vscode';
import type { TransactionStore } from '../../store/transactionStore';
import type { AccountSightings } from '../common/accountSightings';
import type { Logger } from '../common/log';
import { RecentLog } from '../common/log';
import { readSetting } from '../common/settings';
import type { ForwardPrompts } from './forwardPrompts';
import type { EventNode } from './forwardedEventsView';
import type { ForwardSession } from './forwardSession';
import type * as SessionCode from './forwardSession';
import { errorText } from '../../shared/errorText';

export const FORWARD_COMMANDS = [
  'exchangeTx.forwardStatusChanges',
  'exchangeTx.stopForwarding',
  'exchangeTx.resendForwardedEvent',
  'exchangeTx.resendAllFailedEvents',
  'exchangeTx.rotateForwardingSecret',
] as const;
const CONTEXT_KEY = 'exchangeTx.forwarding';
const USED_KEY = 'exchangeTx.forwardingUsed';
const VIEW_ID = 'exchangeTx.forwardedEvents';
type SessionModule = typeof SessionCode;

export interface ForwardSessionDeps {
  readonly environment: CurrentConnection & EnvironmentResets & CurrentTarget;
  /** The extension's own log (start, stop, refusals). */
  readonly log: Logger;
  /** The store the views and watches read: what forwarding fetches updates it (while its target is in use). */
  readonly store?: Pick<TransactionStore, 'upsert'>;
  /** Where what forwarding sees of an account's records is noted. */
  readonly sightings?: Pick<AccountSightings, 'note'>;
}

/** What the tests get: the prompts to replace, the session, the events channel's recent lines, the status bar item, the view's nodes. */
export interface ForwardSessionHandle {
  /** The questions asked; undefined: the default ones (dialogs), loaded with the command. */
  prompts: ForwardPrompts | undefined;
  readonly session: ForwardSession | undefined;
  readonly events: RecentLog;
  readonly item: vscode.StatusBarItem;
  /** The view's top-level nodes as it shows them now. */
  nodes(): readonly EventNode[];
}

/** Where one account's state and secret are kept: `sandbox`, or `account:<id>` (no secret in it). */
function accountKey(account: { readonly id: string } | undefined): string {
  return account === undefined ? 'sandbox' : `account:${account.id}`;
}

export function register(context: vscode.ExtensionContext, deps: ForwardSessionDeps): ForwardSessionHandle {
  // The events' own output channel, made with its first line: most windows never forward, and a
  // log channel is not free to make at activation.
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
  let code: SessionModule | undefined;
  let sessionKey = '';
  const load = async (): Promise<SessionModule> => (code ??= await import('./forwardSession'));
  const stateFileOf = (key: string): string =>
    vscode.Uri.joinPath(context.globalStorageUri, 'forward', `${key.replace(/[^A-Za-z0-9_-]/g, '_')}.json`).fsPath;
  const secretKeyOf = (key: string): string => `exchangeTx.forward.secrets.${key}`;

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

  const handle: ForwardSessionHandle = {
    prompts: undefined,
    get session() {
      return session;
    },
    events,
    item,
    nodes: () => (shown && code ? code.eventNodes(shown.entries()) : []),
  };

  const prompts = async (): Promise<ForwardPrompts> => handle.prompts ?? (await load()).forwardPrompts;

  const start = async (): Promise<void> => {
    const { checkHookUrl, generateEventSecret, HookTargetError, needsAllowance, startForwardSession } = await load();
    const ask = await prompts();
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
    session = startForwardSession({
      client: connection.client,
      account: key,
      url,
      secrets,
      stateFile: stateFileOf(key),
      target,
      maxRps: readSetting('exchangeTx.forward.maxRequestsPerSecond'),
      log: events,
      onChange: render,
      onRecords: (records) => {
        // Never older than what forwarding reported: the view and the watches read the same store.
        // Only while the session's target is in use (a switch stops forwarding, but a poll may still answer).
        if (deps.environment.target === targetId) deps.store?.upsert(records);
        deps.sightings?.note(targetId, records);
      },
      onGap: (reason) =>
        void vscode.window.showWarningMessage(
          vscode.l10n.t('Forwarding reached a bound ({0}): a gap event tells your receiver to resynchronise.', reason),
        ),
    });
    shown = session;
    deps.log.info(
      `forwarding status changes to ${url.host}${needsAllowance(url) ? ' (another machine, confirmed)' : ''}`,
    );
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, true);
    void vscode.commands.executeCommand('setContext', USED_KEY, true);
    render();
    if (fresh !== undefined) ask.showSecret(fresh, url.href);
  };

  const readSecrets = async (
    key: string,
  ): Promise<{ current: string; previous?: string; previousUntilMs?: number } | undefined> => {
    const text = await context.secrets.get(secretKeyOf(key));
    if (text === undefined) return undefined;
    try {
      const parsed = JSON.parse(text) as { current?: unknown; previous?: unknown; previousUntilMs?: unknown };
      if (typeof parsed.current !== 'string' || parsed.current.length < 16) return undefined;
      return {
        current: parsed.current,
        ...(typeof parsed.previous === 'string' && typeof parsed.previousUntilMs === 'number'
          ? { previous: parsed.previous, previousUntilMs: parsed.previousUntilMs }
          : {}),
      };
    } catch {
      return undefined;
    }
  };

  const rotate = async (): Promise<void> => {
    const { generateEventSecret, rotateSecrets } = await load();
    const key = session ? sessionKey : accountKey((await deps.environment.connection()).account);
    const kept = await readSecrets(key);
    const fresh = generateEventSecret();
    const next = kept === undefined ? { current: fresh } : rotateSecrets(kept, fresh);
    await context.secrets.store(secretKeyOf(key), JSON.stringify(next));
    if (session && sessionKey === key) session.setSecrets(next);
    events.info(`signing secret rotated${kept === undefined ? '' : '; the previous one also signs for 24 hours'}`);
    (await prompts()).showSecret(fresh, session?.url.href ?? '');
  };

  const stopAsked = async (): Promise<void> => {
    if (!session) return;
    const waiting = session.pending;
    const failed = session.failed;
    if (waiting + failed > 0 && !(await (await prompts()).confirmStop(waiting, failed))) return;
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

  const run = (name: string, action: (arg?: unknown) => Promise<void> | void) => async (arg?: unknown) => {
    try {
      await action(arg);
    } catch (error) {
      const message = errorText(error);
      deps.log.warn(`${name} failed: ${message}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('Forwarding: {0}', message));
    }
  };

  context.subscriptions.push(
    item,
    treeChanged,
    { dispose: () => stop('the extension stopped') },
    vscode.window.registerTreeDataProvider<EventNode>(VIEW_ID, {
      onDidChangeTreeData: treeChanged.event,
      getTreeItem: (node) => node.item,
      getChildren: (node) => [...(node ? node.children : handle.nodes())],
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
    vscode.commands.registerCommand('exchangeTx.forwardStatusChanges', run('Forward Status Changes', start)),
    vscode.commands.registerCommand('exchangeTx.stopForwarding', run('Stop Forwarding', stopAsked)),
    vscode.commands.registerCommand('exchangeTx.resendForwardedEvent', run('Resend', resend)),
    vscode.commands.registerCommand(
      'exchangeTx.resendAllFailedEvents',
      run('Resend All Failed', () => {
        const count = session?.resendAllFailed() ?? 0;
        events.info(`resend: ${count} failed events back to waiting`);
        render();
      }),
    ),
    vscode.commands.registerCommand('exchangeTx.rotateForwardingSecret', run('Rotate Forwarding Secret', rotate)),
  );
  return handle;
}
