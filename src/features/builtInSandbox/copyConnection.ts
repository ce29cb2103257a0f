/** "Copy Sandbox Connection"; the user picks the format, so no extension copies the key unseen. */
import type { SandboxHost } from './sandboxHost';
import * as vscode from 'vscode';
import { showUserMessage } from '../common/userMessages';
import type { Logger } from '../common/log';
import type { ConnectionFormat, ConnectionLife } from './connectionText';
import { connectionLife, connectionText } from './connectionText';
import { SANDBOX_ENV } from '../../shared/connectionNames';
import { stableKeySetting } from './sandboxKeyPair';
import { portSetting } from './sandboxPort';

interface FormatItem extends vscode.QuickPickItem {
  readonly format: ConnectionFormat;
}

/** What the command did (never the key), for tests. */
export interface CopyConnectionResult {
  readonly format: ConnectionFormat;
  readonly url: string;
  /** Whether it survives a reload (the sandbox runs on the fixed port of the setting with the kept key). */
  readonly survivesReload: boolean;
  readonly life: ConnectionLife;
  readonly message: string;
}

function lifeNote(life: ConnectionLife): string {
  switch (life.kind) {
    case 'reloads':
      return vscode.l10n.t(
        'It runs on the fixed port {0} with the kept key: it stays valid after a reload.',
        life.port,
      );
    case 'port-taken':
      return vscode.l10n.t(
        'Port {0} was taken, so it runs on {1}: it is valid while this window runs.',
        life.taken,
        life.port,
      );
    case 'port-differs':
      return vscode.l10n.t(
        'It keeps port {0} while this window runs; after a reload it takes port {1} of the setting: it is valid while this window runs.',
        life.port,
        life.fixedPort,
      );
    case 'window':
      if (life.fixedPort)
        return vscode.l10n.t(
          'It is valid while this window runs; turn on the stable key setting to keep it across reloads.',
        );
      if (life.keyKept)
        return vscode.l10n.t('It is valid while this window runs; set a fixed port to keep it across reloads.');
      return vscode.l10n.t(
        'It is valid while this window runs; set a fixed port and a stable key to keep it across reloads.',
      );
  }
}

export function copyConnectionHandler(
  sandboxHost: Pick<SandboxHost, 'start'>,
  log: Logger,
): () => Promise<CopyConnectionResult | undefined> {
  return async (): Promise<CopyConnectionResult | undefined> => {
    const items: FormatItem[] = [
      {
        format: 'env',
        label: vscode.l10n.t('.env lines'),
        detail: `${SANDBOX_ENV.url}=…  ${SANDBOX_ENV.apiKey}=…  ${SANDBOX_ENV.privateKey}=…`,
      },
      {
        format: 'json',
        label: vscode.l10n.t('JSON'),
        detail: '{ "url": …, "endpoint": …, "apiKey": …, "privateKey": … }',
      },
    ];
    const format = (
      await vscode.window.showQuickPick(items, {
        title: vscode.l10n.t('Copy Sandbox Connection'),
        placeHolder: vscode.l10n.t(
          "The sandbox's URL, API key and private key, for a program of yours on this machine",
        ),
      })
    )?.format;
    if (!format) return undefined;
    const { sandbox, credentials, keyText, portTaken, keyKept } = await sandboxHost.start();
    await vscode.env.clipboard.writeText(
      connectionText({ url: sandbox.url, apiKey: credentials.apiKey, privateKey: keyText }, format),
    );
    const life = connectionLife({
      port: sandbox.port,
      fixedPort: portSetting(),
      portTaken,
      keyKept: keyKept && stableKeySetting(),
    });
    const survivesReload = life.kind === 'reloads';
    log.info(
      `copied the sandbox connection (${sandbox.url}, ${format === 'env' ? '.env lines' : 'JSON'}; valid ${survivesReload ? 'after a reload too' : 'while this window runs'})`,
    );
    const message = vscode.l10n.t(
      "Copied the sandbox's connection ({0}) as {1}. {2}",
      sandbox.url,
      format === 'env' ? '.env' : 'JSON',
      lifeNote(life),
    );
    const settings = {
      title: vscode.l10n.t('Open Settings'),
      command: 'workbench.action.openSettings',
      args: ['exchangeTx.sandbox'],
    };
    showUserMessage({ severity: 'info', text: message, actions: survivesReload ? [] : [settings] });
    return { format, url: sandbox.url, survivesReload, life, message };
  };
}
