/** "Show Transaction Details" and the `exchange-tx-record:` documents (also those VS Code restores after a reload). */
import * as vscode from 'vscode';
import type { Services } from '../common/services';
import { tagged } from '../common/log';
import { RecordDocuments } from './detailsProvider';
import type { DetailsOptions } from './detailsProvider';
import { RECORD_SCHEME } from './recordScheme';

export function register(context: vscode.ExtensionContext, services: Services): RecordDocuments {
  const documents = new RecordDocuments({
    store: services.store,
    environment: services.environment,
    messages: services.messages,
    log: tagged(services.log, 'details'),
    chooseId: (silent) => services.chooseId(silent, vscode.l10n.t('Show Transaction Details')),
  });
  context.subscriptions.push(
    documents,
    vscode.workspace.registerTextDocumentContentProvider(RECORD_SCHEME, documents),
    vscode.commands.registerCommand('exchangeTx.showDetails', (arg?: unknown, options?: DetailsOptions) =>
      documents.show(arg, options),
    ),
  );
  return documents;
}
