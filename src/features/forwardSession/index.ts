/**
 * Forward Status Changes: status changes of the connection in use sent as signed events until
 * stopped, with the Forwarded Events view, Resend, Stop Forwarding and Rotate Forwarding Secret.
 */
import * as vscode from 'vscode';
import type { Services } from '../common/services';
import { tagged } from '../common/log';
import type { RecentLog } from '../common/log';
import { errorText } from '../../shared/errorText';
import type { ForwardPrompts } from './forwardPrompts';
import type { EventNode } from './forwardedEventsView';
import type { ForwardSession } from './forwardSession';
import type { Forwarding } from './forwarding';
import { makeForwarding } from './forwarding';

/** What the tests drive: the prompts to replace, the session, the events' lines, the status bar item, the view's nodes. */
export interface ForwardSessionHandle {
  /** The questions asked; undefined: the dialogs. */
  prompts: ForwardPrompts | undefined;
  readonly session: ForwardSession | undefined;
  readonly events: RecentLog;
  readonly item: vscode.StatusBarItem;
  nodes(): readonly EventNode[];
}

export function register(context: vscode.ExtensionContext, services: Services): ForwardSessionHandle {
  const log = tagged(services.log, 'forward');
  const forwarding = makeForwarding(
    context,
    { environment: services.environment, store: services.store, log },
    () => handle.prompts,
  );
  const handle: ForwardSessionHandle = {
    prompts: undefined,
    get session() {
      return forwarding.session;
    },
    events: forwarding.events,
    item: forwarding.item,
    nodes: () => forwarding.nodes(),
  };
  const run =
    (name: string, action: (forwarding: Forwarding, arg?: unknown) => Promise<void> | void) =>
    async (arg?: unknown) => {
      try {
        await action(forwarding, arg);
      } catch (error) {
        const message = errorText(error);
        log.warn(`${name} failed: ${message}`);
        void vscode.window.showErrorMessage(vscode.l10n.t('Forwarding: {0}', message));
      }
    };
  context.subscriptions.push(
    vscode.commands.registerCommand(
      'exchangeTx.forwardStatusChanges',
      run('Forward Status Changes', (f) => f.start()),
    ),
    vscode.commands.registerCommand(
      'exchangeTx.stopForwarding',
      run('Stop Forwarding', (f) => f.stopAsked()),
    ),
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
