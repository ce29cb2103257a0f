/** Forward Status Changes: signed status-change events until stopped, with their view and commands. */
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

/** What the tests drive. */
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
  const register = (id: string, name: string, action: (f: Forwarding, arg?: unknown) => Promise<void> | void) =>
    vscode.commands.registerCommand(id, async (arg?: unknown) => {
      try {
        await action(forwarding, arg);
      } catch (error) {
        const message = errorText(error);
        log.warn(`${name} failed: ${message}`);
        void vscode.window.showErrorMessage(vscode.l10n.t('Forwarding: {0}', message));
      }
    });

  context.subscriptions.push(
    register('exchangeTx.forwardStatusChanges', 'Forward Status Changes', (f) => f.start()),
    register('exchangeTx.stopForwarding', 'Stop Forwarding', (f) => f.stopAsked()),
    register('exchangeTx.resendForwardedEvent', 'Resend', (f, node) => f.resend(node)),
    register('exchangeTx.resendAllFailedEvents', 'Resend All Failed', (f) => f.resendAllFailed()),
    register('exchangeTx.rotateForwardingSecret', 'Rotate Forwarding Secret', (f) => f.rotate()),
  );

  return handle;
}
