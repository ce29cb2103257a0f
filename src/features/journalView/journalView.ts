/** The Sandbox Requests view: the built-in sandbox's journal, newest first, live; and each entry's read-only document. */
import * as vscode from 'vscode';
import type { Sandbox } from '../../../packages/sandbox/src';
import {
  diagnosisText,
  isOwn,
  journalDocument,
  journalEntry,
  journalRow,
  journalSummary,
} from '../../../packages/sandbox/src';
import { isRecord } from '../../shared/isRecord';
import type { JournalEntry, RequestOutcome } from '../../shared/requestJournal';
import type { SandboxHost } from '../builtInSandbox/sandboxHost';

/** `exchange-tx-journal:/Sandbox request 12?<its time>`: the time tells a restarted sandbox's entries apart. */
export const JOURNAL_SCHEME = 'exchange-tx-journal';

/** The view redraws at most once in this many ms, however many requests arrive. */
const REDRAW_MS = 100;

/** Each outcome's codicon and theme color. */
const ICONS: Record<RequestOutcome, readonly [string, string]> = {
  ok: ['pass', 'testing.iconPassed'],
  error: ['error', 'errorForeground'],
  'rate-limited': ['watch', 'editorWarning.foreground'],
  unauthorized: ['lock', 'errorForeground'],
  'not-found': ['question', 'editorWarning.foreground'],
  'too-large': ['warning', 'editorWarning.foreground'],
  fault: ['debug-disconnect', 'editorWarning.foreground'],
};

export class JournalView
  implements vscode.TreeDataProvider<JournalEntry>, vscode.TextDocumentContentProvider, vscode.Disposable
{
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly hostChange: vscode.Disposable;
  private listened: Sandbox | undefined;
  private stopListening: (() => void) | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  readonly onDidChangeTreeData = this.changed.event;
  /** Whether the extension's own requests are shown too. */
  showOwn = false;

  constructor(private readonly host: Pick<SandboxHost, 'sandbox' | 'onDidChange'>) {
    this.hostChange = host.onDidChange(() => this.follow());
    this.follow();
  }

  /** Listens to the sandbox running now: none, or a new one after a restart. */
  private follow(): void {
    const sandbox = this.host.sandbox;
    if (sandbox === this.listened) return;
    this.stopListening?.();
    this.listened = sandbox;
    this.stopListening = sandbox?.onRequest(() => this.redrawSoon());
    this.redrawSoon();
  }

  /** One redraw for a burst of changes, at most one per REDRAW_MS. */
  redrawSoon(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.changed.fire();
    }, REDRAW_MS);
  }

  /** The entries shown, newest first. */
  entries(): JournalEntry[] {
    const kept = this.host.sandbox?.requests ?? [];
    return kept
      .filter((entry) => this.showOwn || !isOwn(entry))
      .reverse()
      .map(journalEntry);
  }

  /** The entry still kept that `arg` names by its `seq` (a row, or what a command was given). */
  find(arg: unknown): JournalEntry | undefined {
    if (!isRecord(arg) || typeof arg.seq !== 'number') return undefined;
    const kept = this.host.sandbox?.requests.find((entry) => entry.seq === arg.seq);
    return kept && journalEntry(kept);
  }

  getChildren(element?: JournalEntry): JournalEntry[] {
    return element ? [] : this.entries();
  }

  getTreeItem(entry: JournalEntry): vscode.TreeItem {
    const { label, description } = journalRow(entry);
    const item = new vscode.TreeItem(label);
    item.id = String(entry.seq);
    item.description = description;
    item.tooltip = [journalSummary(entry), diagnosisText(entry)].filter((line) => line !== undefined).join('\n\n');
    const [icon, color] = ICONS[entry.outcome];
    item.iconPath = new vscode.ThemeIcon(icon, new vscode.ThemeColor(color));
    item.contextValue = 'journalEntry';
    item.command = { command: 'exchangeTx.sandboxRequests.showRequest', title: '', arguments: [entry] };
    return item;
  }

  uriOf(entry: JournalEntry): vscode.Uri {
    return vscode.Uri.from({ scheme: JOURNAL_SCHEME, path: `/Sandbox request ${entry.seq}`, query: `${entry.timeMs}` });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const seq = Number(/(\d+)$/.exec(uri.path)?.[1]);
    const entry = this.find({ seq });
    return entry && `${entry.timeMs}` === uri.query
      ? journalDocument(entry)
      : vscode.l10n.t(
          "This request is no longer in the sandbox's journal: it was cleared, or newer ones took its place.",
        );
  }

  async open(entry: JournalEntry): Promise<vscode.Uri> {
    const uri = this.uriOf(entry);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
    return uri;
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.stopListening?.();
    this.hostChange.dispose();
    this.changed.dispose();
  }
}
