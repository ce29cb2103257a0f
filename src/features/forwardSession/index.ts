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
 * shown once, kept until rotated). Activation registers the commands only: the first to run loads
 * forwarding (forwarding.ts: the status bar item, the view's provider, the events channel, and
 * the session's code). Most windows never forward.
 */
import * as vscode from 'vscode';
import { lazyModule } from '../common/lazyModule';
import { errorText } from '../../shared/errorText';
import type { ForwardPrompts } from './forwardPrompts';
import type { EventNode } from './forwardedEventsView';
import type { ForwardSession } from './forwardSession';
import type { Forwarding, ForwardSessionDeps } from './forwarding';
import type { RecentLog } from '../common/log';

export type { ForwardSessionDeps } from './forwarding';

export const FORWARD_COMMANDS = [
  'exchangeTx.forwardStatusChanges',
  'exchangeTx.stopForwarding',
  'exchangeTx.resendForwardedEvent',
  'exchangeTx.resendAllFailedEvents',
  'exchangeTx.rotateForwardingSecret',
] as const;

/** What the tests get: the prompts to replace, the session, the events channel's recent lines, the status bar item, the view's nodes. */
export interface ForwardSessionHandle {
  /** The questions asked; undefined: the default ones (dialogs), loaded with the command. */
  prompts: ForwardPrompts | undefined;
  readonly session: ForwardSession | undefined;
  /** The events channel's recent lines (once a command of forwarding ran: reading it before throws). */
  readonly events: RecentLog;
  /** The status bar item (once a command of forwarding ran: reading it before throws). */
  readonly item: vscode.StatusBarItem;
  /** The view's top-level nodes as it shows them now. */
  nodes(): readonly EventNode[];
}

export function register(context: vscode.ExtensionContext, deps: ForwardSessionDeps): ForwardSessionHandle {
  let forwarding: Forwarding | undefined;
  const loadCode = lazyModule(() => import('./forwarding'));
  const load = async (): Promise<Forwarding> => {
    const code = await loadCode();
    // Made once, after the load: two commands run at once share one forwarding.
    return (forwarding ??= code.makeForwarding(context, deps, () => handle.prompts));
  };
  const loaded = (): Forwarding => {
    if (!forwarding) throw new Error('forwarding loads with its first command: run one first');
    return forwarding;
  };

  const handle: ForwardSessionHandle = {
    prompts: undefined,
    get session() {
      return forwarding?.session;
    },
    get events() {
      return loaded().events;
    },
    get item() {
      return loaded().item;
    },
    nodes: () => forwarding?.nodes() ?? [],
  };

  const run =
    (name: string, action: (forwarding: Forwarding, arg?: unknown) => Promise<void> | void) =>
    async (arg?: unknown) => {
      try {
        await action(await load(), arg);
      } catch (error) {
        const message = errorText(error);
        deps.log.warn(`${name} failed: ${message}`);
        void vscode.window.showErrorMessage(vscode.l10n.t('Forwarding: {0}', message));
      }
    };

  context.subscriptions.push(
    vscode.commands.registerCommand(
      'exchangeTx.forwardStatusChanges',
      run('Forward Status Changes', (f) => f.start()),
    ),
    // With nothing loaded nothing runs: there is nothing to stop.
    vscode.commands.registerCommand('exchangeTx.stopForwarding', async () => {
      if (forwarding) await run('Stop Forwarding', (f) => f.stopAsked())();
    }),
    vscode.commands.registerCommand(
      'exchangeTx.resendForwardedEvent',
      run('Resend', (f, node) => f.resend(node)),
    ),
    vscode.commands.registerCommand(
      'exchangeTx.resendAllFailedEvents',
      run('Resend All Failed', (f) => f.resendAllFailed()),
    ),
    vscode.commands.registerCommand(
      'exchangeTx.rotateForwardingSecret',
      run('Rotate Forwarding Secret', (f) => f.rotate()),
    ),
  );
  return handle;
}
