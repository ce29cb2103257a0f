/**
 * Read-only answer documents (`exchange-tx-answer:/…`), opened beside the request in one result
 * column (resultColumn.ts), Markdown ones (Explain Signature, Diagnose Keys) as a rendered preview:
 * their texts are kept in memory only (a virtual document is never backed up or saved), the last
 * MAX_KEPT of them.
 */
import * as vscode from 'vscode';
import { resultColumn } from './resultColumn';

export const ANSWER_SCHEME = 'exchange-tx-answer';
/** The built-in Markdown extension's preview editor (a webview showing the rendered document). */
export const MARKDOWN_PREVIEW_EDITOR = 'vscode.markdown.preview.editor';
const MAX_KEPT = 100;

export type DocumentLanguage = 'jsonc' | 'plaintext' | 'markdown';
const EXTENSIONS: Readonly<Record<DocumentLanguage, string>> = { jsonc: 'jsonc', plaintext: 'txt', markdown: 'md' };

function safeName(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || 'request';
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

  /** The text of an answer document, if it is one of ours and still kept. */
  textOf(uri: vscode.Uri): string | undefined {
    return this.texts.get(uri.toString());
  }

  /** A new answer document's address: `…/<n>/<method>.answer.jsonc` (or `.txt` for plain text). */
  newUri(method: string, language: DocumentLanguage, folder = String(++this.seq), kind = 'answer'): vscode.Uri {
    return vscode.Uri.from({
      scheme: ANSWER_SCHEME,
      path: `/${folder}/${safeName(method)}.${kind}.${EXTENSIONS[language]}`,
    });
  }

  /** Keeps `text` under `uri` (the oldest kept text goes past MAX_KEPT). */
  put(uri: vscode.Uri, text: string): void {
    const key = uri.toString();
    this.texts.delete(key);
    this.texts.set(key, text);
    while (this.texts.size > MAX_KEPT) {
      const oldest = this.texts.keys().next().value;
      if (oldest === undefined) break;
      this.texts.delete(oldest);
    }
    this.changed.fire(uri);
  }

  /**
   * Opens an answer document in the result column (beside the active editor the first time),
   * keeping the focus where it is unless asked; Markdown rendered, as a preview.
   */
  async show(uri: vscode.Uri, language: DocumentLanguage, options: { readonly focus?: boolean } = {}): Promise<void> {
    const shown = { viewColumn: resultColumn(ANSWER_SCHEME), preview: true, preserveFocus: !options.focus };
    if (language === 'markdown') {
      try {
        // The preview opens the document itself: no round trip to open it first.
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
