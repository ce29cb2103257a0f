/** A quick pick of the known transactions, with status and pair; "Enter an ID…" opens the command's box. */
import * as vscode from 'vscode';
import { pairLabel } from '../../shared/format';
import { idProblem, MAX_ID_LENGTH, MIN_ID_LENGTH, trimId } from '../../shared/transactionId';
import type { IdProblem } from '../../shared/transactionId';
import type { TransactionStore } from '../../store/transactionStore';
import { statusLook } from '../common/statusPresentation';
import type { Choice, ChooseOptions, ChoiceSource } from './choiceList';
import { choiceList } from './choiceList';
import { safeText } from '../../shared/safeText';

/** Ids looked up lately, kept in memory. */
const RECENT = 10;

interface ChoiceItem extends vscode.QuickPickItem {
  readonly id?: string;
  readonly enter?: true;
}

function sourceLabel(source: ChoiceSource): string {
  switch (source) {
    case 'selected':
      return vscode.l10n.t('Selected in Transactions');
    case 'editor':
      return vscode.l10n.t('In the editor');
    case 'watched':
      return vscode.l10n.t('Watched');
    case 'recent':
      return vscode.l10n.t('Looked up lately');
    case 'view':
      return vscode.l10n.t('In the Transactions view');
  }
}

export function problemText(problem: IdProblem): string {
  switch (problem) {
    case 'empty':
      return vscode.l10n.t('Enter a transaction ID.');
    case 'characters':
      return vscode.l10n.t('A transaction ID has only letters, digits, "-" and "_".');
    case 'length':
      return vscode.l10n.t('A transaction ID has {0} to {1} characters.', MIN_ID_LENGTH, MAX_ID_LENGTH);
  }
}

/** The input box of an id, checked as typed: starts with `value`, else the editor's selection. */
async function askId(title: string, value: string | undefined): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  const selected =
    editor && !editor.selection.isEmpty && editor.selection.isSingleLine
      ? trimId(editor.document.getText(editor.selection))
      : '';
  const answer = await vscode.window.showInputBox({
    title,
    prompt: vscode.l10n.t('The ID of the transaction, as the service gave it'),
    placeHolder: vscode.l10n.t('e.g. {0}', 'jt8v5hq2w4ks9d'),
    value: value ?? (selected.length <= MAX_ID_LENGTH ? selected : ''),
    ignoreFocusOut: true,
    validateInput: (text) => {
      const problem = idProblem(text);
      return problem === undefined ? undefined : problemText(problem);
    },
  });
  return answer === undefined ? undefined : trimId(answer);
}

export class TransactionChoices {
  private readonly sources = new Map<ChoiceSource, () => readonly string[]>();
  private readonly recent: string[] = [];
  /** What the last pick offered, in order (tests read it, then accept an item with VS Code's own command). */
  lastOffered: readonly Choice[] | undefined;

  constructor(private readonly store: TransactionStore) {}

  provide(source: ChoiceSource, ids: () => readonly string[]): vscode.Disposable {
    this.sources.set(source, ids);
    return new vscode.Disposable(() => {
      if (this.sources.get(source) === ids) this.sources.delete(source);
    });
  }

  /** An id a lookup found: offered under "Looked up lately". */
  remember(id: string): void {
    const at = this.recent.indexOf(id);
    if (at >= 0) this.recent.splice(at, 1);
    this.recent.unshift(id);
    this.recent.length = Math.min(this.recent.length, RECENT);
  }

  known(offered: readonly Choice[] = []): Choice[] {
    const ids: Partial<Record<ChoiceSource, string[]>> = {};
    const add = (source: ChoiceSource, list: readonly string[]) => (ids[source] = [...(ids[source] ?? []), ...list]);
    for (const choice of offered) add(choice.source, [choice.id]);
    for (const [source, list] of this.sources) {
      try {
        add(source, list());
      } catch {
        // A source that fails (a view being disposed) offers nothing.
      }
    }
    add('recent', this.recent);
    return choiceList(ids);
  }

  async choose(options: ChooseOptions): Promise<string | undefined> {
    const choices = this.known(options.offered);
    this.lastOffered = choices;
    if (choices.length === 0) return askId(options.title, options.value);
    const base: ChoiceItem[] = [];
    let section: ChoiceSource | undefined;
    for (const choice of choices) {
      if (choice.source !== section) {
        section = choice.source;
        base.push({ label: sourceLabel(choice.source), kind: vscode.QuickPickItemKind.Separator });
      }
      base.push(this.item(choice.id));
    }
    base.push(
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      { label: `$(edit) ${vscode.l10n.t('Enter an ID…')}`, enter: true, alwaysShow: true },
    );
    const pick = vscode.window.createQuickPick<ChoiceItem>();
    pick.title = options.title;
    pick.placeholder = vscode.l10n.t('Pick a transaction, or type its ID');
    pick.matchOnDescription = true;
    pick.ignoreFocusOut = true;
    pick.items = base;
    const chosen = await new Promise<ChoiceItem | undefined>((resolve) => {
      let result: ChoiceItem | undefined;
      pick.onDidChangeValue((value) => {
        const id = trimId(value);
        const typed: ChoiceItem[] =
          idProblem(value) === undefined && !choices.some((c) => c.id === id)
            ? [{ label: `$(arrow-right) ${vscode.l10n.t('Use {0}', id)}`, id, alwaysShow: true }]
            : [];
        pick.items = [...typed, ...base];
      });
      pick.onDidAccept(() => {
        result = pick.selectedItems[0] ?? pick.activeItems[0];
        if (result) pick.hide();
      });
      pick.onDidHide(() => {
        pick.dispose();
        resolve(result);
      });
      pick.show();
    });
    if (!chosen) return undefined;
    return chosen.enter ? askId(options.title, options.value) : chosen.id;
  }

  private item(id: string): ChoiceItem {
    const record = this.store.peek(id);
    if (!record) return { label: `$(symbol-key) ${safeText(id, 64)}`, id };
    const look = statusLook(record.status, record.rawStatus);
    return {
      label: `$(${look.icon}) ${safeText(id, 64)}`,
      description: `${look.short} · ${safeText(pairLabel(record), 80)}`,
      id,
    };
  }
}
