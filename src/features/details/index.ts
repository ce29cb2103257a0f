/**
 * The details document at activation: its content provider (`exchange-tx-record:` documents, also
 * those VS Code restores after a reload) and "Show Transaction Details" are registered with relays
 * that load the documents' code (detailsProvider.ts) the first time one
 * is asked for.
 */
import * as vscode from 'vscode';
import { lazyModule } from '../common/lazyModule';
import type { DetailsDeps, DetailsOptions, RecordDocuments } from './detailsProvider';
import { RECORD_SCHEME } from './recordScheme';

export type { DetailsDeps };

/** The details documents as activation holds them: loaded on first use. */
export interface DetailsHandle {
  /** The documents' provider, once loaded (undefined before). */
  readonly current: RecordDocuments | undefined;
  /** Loads the documents' code (once). */
  load(): Promise<RecordDocuments>;
}

export function register(context: vscode.ExtensionContext, deps: DetailsDeps): DetailsHandle {
  const changed = new vscode.EventEmitter<vscode.Uri>();
  let current: RecordDocuments | undefined;
  const load = lazyModule(async () => {
    const { RecordDocuments } = await import('./detailsProvider');
    const documents = new RecordDocuments(deps);
    context.subscriptions.push(
      documents,
      documents.onDidChange((uri) => changed.fire(uri)),
    );
    current = documents;
    return documents;
  });
  const relay: vscode.TextDocumentContentProvider = {
    onDidChange: changed.event,
    provideTextDocumentContent: async (uri, token) => (await load()).provideTextDocumentContent(uri, token),
  };
  context.subscriptions.push(
    changed,
    vscode.workspace.registerTextDocumentContentProvider(RECORD_SCHEME, relay),
    vscode.commands.registerCommand('exchangeTx.showDetails', async (arg?: unknown, options?: DetailsOptions) =>
      (await load()).show(arg, options),
    ),
  );
  return {
    get current() {
      return current;
    },
    load,
  };
}
