/**
 * Read-only answer documents (`exchange-tx-answer:/…`), opened beside the request in one result
 * column, Markdown ones as a rendered preview. Their texts live in memory only, the last MAX_KEPT.
 */
import * as vscode from 'vscode';

export const ANSWER_SCHEME = 'exchange-tx-answer';
/** The built-in Markdown extension's preview editor. */
export const MARKDOWN_PREVIEW_EDITOR = 'vscode.markdown.preview.editor';
const MAX_KEPT = 100;

export type DocumentLanguage = 'jsonc' | 'plaintext' | 'markdown';
const EXTENSIONS: Readonly<Record<DocumentLanguage, string>> = { jsonc: 'jsonc', plaintext: 'txt', markdown: 'md' };

/** Whether a tab shows an answer document (as text, in a diff, or as a preview). */
function showsAnswer(tab: vscode.Tab): boolean {
  const input = tab.input;
  if (input instanceof vscode.TabInputText || input instanceof vscode.TabInputCustom)
    return input.uri.scheme === ANSWER_SCHEME;
  if (input instanceof vscode.TabInputTextDiff)
    return input.original.scheme === ANSWER_SCHEME || input.modified.scheme === ANSWER_SCHEME;
  return false;
}

/**
 * Where a result opens: the column that shows one already, else the other column of a split
 * editor, else beside the active one. So results never split the editor into a third column.
 */
function resultColumn(): vscode.ViewColumn {
  const groups = vscode.window.tabGroups.all;
  const holding = groups.find((group) => group.tabs.some(showsAnswer));
  if (holding) return holding.viewColumn;
  const active = vscode.window.tabGroups.activeTabGroup;
  const others = groups.filter((group) => group !== active);
  if (others.length === 0) return vscode.ViewColumn.Beside;
  // The column right of the active one if there is one, else the nearest to its left.
  const right = others.find((group) => group.viewColumn > active.viewColumn);
  return (right ?? others[others.length - 1] ?? active).viewColumn;
}

export class AnswerDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private seq = 0;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return (
      this.texts.get(uri.toString()) ??
      vscode.l10n.t('// This answer is no longer kept. Send the request again, or open it from History.\n')
    );
  }

  /** A new answer document's address: `…/<n>/<method>.answer.jsonc` (or `.txt`, `.md`). */
  newUri(method: string, language: DocumentLanguage, folder = String(++this.seq), kind = 'answer'): vscode.Uri {
    const name = method.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || 'request';
    return vscode.Uri.from({ scheme: ANSWER_SCHEME, path: `/${folder}/${name}.${kind}.${EXTENSIONS[language]}` });
  }

  /** Keeps `text` under `uri` (the oldest kept text goes past MAX_KEPT). */
  put(uri: vscode.Uri, text: string): void {
    const key = uri.toString();
    this.texts.delete(key);
    this.texts.set(key, text);
    for (const oldest of this.texts.keys()) {
      if (this.texts.size <= MAX_KEPT) break;
      this.texts.delete(oldest);
    }
    this.changed.fire(uri);
  }

  /** Opens an answer document in the result column, keeping the focus where it is unless asked. */
  async show(uri: vscode.Uri, language: DocumentLanguage, options: { readonly focus?: boolean } = {}): Promise<void> {
    const shown = { viewColumn: resultColumn(), preview: true, preserveFocus: !options.focus };
    if (language === 'markdown') {
      try {
        await vscode.commands.executeCommand('vscode.openWith', uri, MARKDOWN_PREVIEW_EDITOR, shown);
        return;
      } catch {
        // The Markdown extension is disabled: the source, as text.
      }
    }
    let document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId !== language) document = await vscode.languages.setTextDocumentLanguage(document, language);
    await vscode.window.showTextDocument(document, shown);
  }

  dispose(): void {
    this.changed.dispose();
    this.texts.clear();
  }
}
