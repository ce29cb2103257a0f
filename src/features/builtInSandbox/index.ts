/** The built-in sandbox's commands (Faults…, Stop Fault Injection, Reset, New Transaction…), its traffic setting. */
import * as vscode from 'vscode';
import type { Services } from '../common/services';
import { tagged } from '../common/log';
import { readSetting } from '../common/settings';
import { copyConnectionHandler } from './copyConnection';
import { NewTransactionCommand } from './newTransactionCommand';
import { PayAndMove } from './payAndMove';
import { describeFaults, FAULT_PRESETS, faultsOf, presetIdsOf, presetsIn } from '../common/faultPresets';
import type { FaultPresetId } from '../common/faultPresets';

type PresetItem = vscode.QuickPickItem & { readonly id: FaultPresetId };

/** Asks before a reset (modal); resolves with whether to keep the user's own, or undefined. */
async function askReset(own: number): Promise<boolean | undefined> {
  const keep = vscode.l10n.t('Reset, Keep Mine');
  const everything = vscode.l10n.t('Reset Everything');
  const reset = vscode.l10n.t('Reset');
  const what = vscode.l10n.t('A new ledger: the sample transactions start over and every fault is turned off.');
  const detail =
    own > 0
      ? `${what} ${vscode.l10n.t('Your {0} own transactions (made with New Transaction, through the API or the control endpoint) are kept; Reset Everything deletes them too.', own)}`
      : `${what} ${vscode.l10n.t('There are no transactions of your own to keep.')}`;
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('Reset the sandbox?'),
    { modal: true, detail },
    ...(own > 0 ? [keep, everything] : [reset]),
  );
  if (choice === undefined) return undefined;
  return choice === keep;
}

export interface SandboxApi {
  readonly newTransaction: NewTransactionCommand;
  readonly payAndMove: PayAndMove;
  /** The last information message a sandbox command showed (for tests). */
  readonly lastNotice: string | undefined;
}

/** Registers the sandbox commands; gives what the tests drive of them. */
export function register(context: vscode.ExtensionContext, services: Services): SandboxApi {
  const { environment, sandboxHost } = services;
  const log = tagged(services.log, 'sandbox');
  const deps = { ...services, log };
  const newTransaction = new NewTransactionCommand(deps);
  const payAndMove = new PayAndMove(deps);
  let lastNotice: string | undefined;
  const notify = (text: string): void => {
    lastNotice = text;
    void vscode.window.showInformationMessage(text);
  };
  const apply = async (ids: readonly FaultPresetId[]): Promise<string[]> => {
    const faults = faultsOf(ids);
    await sandboxHost.setFaults(faults);
    const words = describeFaults(faults);
    log.info(words.length > 0 ? `sandbox faults: ${words.join(', ')}` : 'sandbox faults cleared');
    return words;
  };
  const handlers: Readonly<Record<string, (arg?: unknown, second?: unknown) => Promise<unknown>>> = {
    'exchangeTx.sandbox.faults': async (arg?: unknown) => {
      // Faults touch only the local sandbox: any caller may set them with an argument.
      if (arg !== undefined) return apply(presetIdsOf(arg));
      const current = new Set(presetsIn(await (await sandboxHost.start()).control.faults()));
      const items: PresetItem[] = FAULT_PRESETS.map((preset) => ({
        id: preset.id,
        label: preset.label,
        detail: preset.detail,
        picked: current.has(preset.id),
      }));
      const picked = await vscode.window.showQuickPick(items, {
        canPickMany: true,
        title: vscode.l10n.t('Sandbox Faults'),
        placeHolder: vscode.l10n.t('The faults the built-in sandbox injects (none: it answers normally)'),
      });
      if (!picked) return undefined;
      const words = await apply(picked.map((item) => item.id));
      if (environment.kind !== 'sandbox' && words.length > 0) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('The faults apply to the built-in sandbox; an account is in use now.'),
        );
      }
      return words;
    },
    'exchangeTx.sandbox.clearFaults': async () => {
      // Say what happened: clearing is otherwise invisible (the palette may have run it for "Faults…").
      const before = describeFaults(await (await sandboxHost.start()).control.faults());
      const words = await apply([]);
      notify(
        before.length > 0 ? vscode.l10n.t('Sandbox faults cleared.') : vscode.l10n.t('No sandbox faults were on.'),
      );
      return words;
    },
    'exchangeTx.sandbox.reset': async () => {
      const own = (await sandboxHost.start()).sandbox.ledger.ownTransactions().length;
      const keepOwn = await askReset(own);
      if (keepOwn === undefined) return undefined;
      const kept = await sandboxHost.resetLedger(keepOwn);
      notify(
        kept > 0
          ? vscode.l10n.t('Sandbox reset: a new ledger; your own transactions kept: {0}.', kept)
          : vscode.l10n.t('Sandbox reset: a new ledger.'),
      );
      return true;
    },
    'exchangeTx.sandbox.newTransaction': async (arg?: unknown) => {
      const result = await newTransaction.run(arg);
      if (result?.id) payAndMove.lastId = result.id;
      return result;
    },
    'exchangeTx.sandbox.simulatePayment': (arg?: unknown, second?: unknown) => payAndMove.simulatePayment(arg, second),
    'exchangeTx.sandbox.moveToStatus': (arg?: unknown, second?: unknown) => payAndMove.moveToStatus(arg, second),
    'exchangeTx.sandbox.copyConnection': copyConnectionHandler(sandboxHost, log),
  };
  for (const [command, handler] of Object.entries(handlers))
    context.subscriptions.push(vscode.commands.registerCommand(command, handler));
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('exchangeTx.sandbox.trafficPerHour'))
        sandboxHost.sandbox?.setTraffic(readSetting('exchangeTx.sandbox.trafficPerHour'));
    }),
  );
  return {
    newTransaction,
    payAndMove,
    get lastNotice() {
      return lastNotice;
    },
  };
}
