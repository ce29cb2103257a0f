/**
 * The editor side of driving the built-in sandbox: "Sandbox: Faults…" (presets of latency,
 * HTTP 5xx, -32603, rate-limit answers, hostile strings and "service down", shown in the status
 * item's tooltip), "Sandbox: Stop Fault Injection" (which says what it did; no word of its title is
 * "Faults", so typing "Sandbox: Faults" in the palette never finds it), "Sandbox: Reset" (a new ledger), all through the
 * sandbox's signed control endpoint; "Sandbox: New Transaction…" (newTransactionCommand.ts),
 * "Copy Sandbox Connection" (copyConnection.ts), "Simulate Payment" and "Move to Status…"
 * (transactionControl.ts). Loaded, from its own file of the bundle, when one of these commands
 * first runs (registerSandboxCommands.ts registers them at activation).
 */
import * as vscode from 'vscode';
import type { TransactionStore } from '../../store/transactionStore';
import type { EnvironmentService } from '../accounts/environmentService';
import type { Logger } from '../log';
import type { TransactionChoices } from '../lookup/transactionChoices';
import { copyConnectionHandler } from './copyConnection';
import { NewTransactionCommand } from './newTransactionCommand';
import { TransactionControl } from './transactionControl';
import type { SandboxCommand } from './registerSandboxCommands';
import { describeFaults, FAULT_PRESETS, faultsOf, presetIdsOf, presetsIn } from './faultPresets';
import type { FaultPresetId } from './faultPresets';

type PresetItem = vscode.QuickPickItem & { readonly id: FaultPresetId };

/** What the sandbox commands hand to the test API. */
export interface SandboxApi {
  /** "Sandbox: New Transaction…" (its prompts are replaceable by tests). */
  readonly newTransaction: NewTransactionCommand;
  /** "Simulate Payment" and "Move to Status…" (their prompts are replaceable by tests). */
  readonly control: TransactionControl;
  /** The last information message a sandbox command showed (for tests). */
  readonly lastNotice: string | undefined;
}

export interface SandboxCommandDeps {
  readonly environment: EnvironmentService;
  readonly store: TransactionStore;
  readonly log: Logger;
  /** The known transactions Simulate Payment and Move to Status offer before the input box. */
  readonly choices?: TransactionChoices;
}

export type SandboxCommandHandlers = Readonly<Record<SandboxCommand, (arg?: unknown, second?: unknown) => Promise<unknown>>>;

/** The commands' work, and what the test API gets of it. */
export function sandboxCommandHandlers(context: vscode.ExtensionContext, deps: SandboxCommandDeps): { readonly handlers: SandboxCommandHandlers; readonly api: SandboxApi } {
  const { environment, log } = deps;
  const newTransaction = new NewTransactionCommand(deps);
  const control = new TransactionControl(deps);
  let lastNotice: string | undefined;
  const notify = (text: string): void => {
    lastNotice = text;
    void vscode.window.showInformationMessage(text);
  };
  const apply = async (ids: readonly FaultPresetId[]): Promise<string[]> => {
    const faults = faultsOf(ids);
    await environment.setSandboxFaults(faults);
    const words = describeFaults(faults);
    log.info(words.length > 0 ? `sandbox faults: ${words.join(', ')}` : 'sandbox faults cleared');
    return words;
  };
  const handlers: SandboxCommandHandlers = {
    'exchangeTx.sandbox.faults': async (arg?: unknown) => {
      // Faults touch only the local sandbox: any caller may set them with an argument.
      if (arg !== undefined) return apply(presetIdsOf(arg));
      const current = new Set(presetsIn(await (await environment.sandboxControl()).faults()));
      const items: PresetItem[] = FAULT_PRESETS.map((preset) => ({ id: preset.id, label: preset.label, detail: preset.detail, picked: current.has(preset.id) }));
      const picked = await vscode.window.showQuickPick(items, {
        canPickMany: true,
        title: vscode.l10n.t('Sandbox Faults'),
        placeHolder: vscode.l10n.t('The faults the built-in sandbox injects (none: it answers normally)'),
      });
      if (!picked) return undefined;
      const words = await apply(picked.map((item) => item.id));
      if (environment.kind !== 'sandbox' && words.length > 0) {
        void vscode.window.showInformationMessage(vscode.l10n.t('The faults apply to the built-in sandbox; an account is in use now.'));
      }
      return words;
    },
    'exchangeTx.sandbox.clearFaults': async () => {
      // Say what happened: clearing is otherwise invisible (the palette may have run it for "Faults…").
      const before = describeFaults(await (await environment.sandboxControl()).faults());
      const words = await apply([]);
      notify(before.length > 0 ? vscode.l10n.t('Sandbox faults cleared.') : vscode.l10n.t('No sandbox faults were on.'));
      return words;
    },
    'exchangeTx.sandbox.reset': async () => {
      await environment.resetSandbox();
      return true;
    },
    'exchangeTx.sandbox.newTransaction': async (arg?: unknown) => {
      const result = await newTransaction.run(arg);
      if (result?.id) control.lastId = result.id;
      return result;
    },
    'exchangeTx.sandbox.simulatePayment': (arg?: unknown, second?: unknown) => control.simulatePayment(arg, second),
    'exchangeTx.sandbox.moveToStatus': (arg?: unknown, second?: unknown) => control.moveToStatus(arg, second),
    'exchangeTx.sandbox.copyConnection': copyConnectionHandler(context, environment, deps.log),
  };
  return {
    handlers,
    api: {
      newTransaction,
      control,
      get lastNotice() {
        return lastNotice;
      },
    },
  };
}
