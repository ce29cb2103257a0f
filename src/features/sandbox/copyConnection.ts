/**
 * "Copy Sandbox Connection": the built-in sandbox's URL, API key and private key as `.env` lines
 * or JSON on the clipboard, so the developer's own backend on this machine talks to the
 * extension's sandbox while they debug it. The key is the sandbox's own (it guards only this
 * local simulation), never an account's; it is not logged. The format is asked; only the
 * extension's tests may pass it as an argument (another extension could otherwise copy the key
 * without the user seeing it).
 */
import * as vscode from 'vscode';
import type { EnvironmentService } from '../accounts/environmentService';
import type { Logger } from '../log';
import type { ConnectionFormat } from './connectionText';
import { connectionText, isConnectionFormat } from './connectionText';
import { portSetting, stableKeySetting } from './sandboxHost';

interface FormatItem extends vscode.QuickPickItem {
  readonly format: ConnectionFormat;
}

/** What the command did (never the key), for tests. */
export interface CopyConnectionResult {
  readonly format: ConnectionFormat;
  readonly url: string;
  /** Whether the settings make it survive a reload (a fixed port and a stable key). */
  readonly survivesReload: boolean;
}

/** The command's work (registered at activation by registerSandboxCommands.ts). */
export function copyConnectionHandler(context: vscode.ExtensionContext, environment: EnvironmentService, log: Logger): (arg?: unknown) => Promise<CopyConnectionResult | undefined> {
  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  return async (arg?: unknown): Promise<CopyConnectionResult | undefined> => {
      let format: ConnectionFormat | undefined = testMode && isConnectionFormat(arg) ? arg : undefined;
      if (!format) {
        const items: FormatItem[] = [
          { format: 'env', label: vscode.l10n.t('.env lines'), detail: 'EXCHANGE_API_URL=…  EXCHANGE_API_KEY=…  EXCHANGE_API_PRIVATE_KEY=…' },
          { format: 'json', label: vscode.l10n.t('JSON'), detail: '{ "url": …, "endpoint": …, "apiKey": …, "privateKey": … }' },
        ];
        format = (
          await vscode.window.showQuickPick(items, {
            title: vscode.l10n.t('Copy Sandbox Connection'),
            placeHolder: vscode.l10n.t("The sandbox's URL, API key and private key, for a program of yours on this machine"),
          })
        )?.format;
      }
      if (!format) return undefined;
      const { sandbox, credentials, keyText } = await environment.runningSandbox();
      await vscode.env.clipboard.writeText(connectionText({ url: sandbox.url, apiKey: credentials.apiKey, privateKey: keyText }, format));
      const survivesReload = portSetting() !== 0 && stableKeySetting();
      log.info(`copied the sandbox connection (${sandbox.url}, ${format === 'env' ? '.env lines' : 'JSON'})`);
      const settings = vscode.l10n.t('Open Settings');
      const note = survivesReload
        ? vscode.l10n.t('A fixed port and a stable key are set: it stays valid after a reload.')
        : vscode.l10n.t('It is valid while this window runs; set a fixed port and a stable key to keep it across reloads.');
      void vscode.window
        .showInformationMessage(vscode.l10n.t("Copied the sandbox's connection ({0}) as {1}. {2}", sandbox.url, format === 'env' ? '.env' : 'JSON', note), ...(survivesReload ? [] : [settings]))
        .then((choice) => (choice === settings ? vscode.commands.executeCommand('workbench.action.openSettings', 'exchangeTx.sandbox') : undefined));
      return { format, url: sandbox.url, survivesReload };
  };
}
