/**
 * The pair-limits page's form to add a pair: the two ticker fields (the text typed in them kept in
 * the webview's state, so it survives the page being hidden and shown again), Add (Enter in a
 * field) and Refresh. Whether the pair may be added, and what is said about it, is the page's
 * (pairLimitsPage.ts).
 */
import type { UiStrings } from '../shared/pairLimitsStrings';
import { el, vsc } from './dom';

/** The value of a @vscode-elements text field (a custom element with a `value` property). */
export interface TextField extends HTMLElement {
  value: string;
  invalid: boolean;
}

/** Where the typed text is kept: the webview's state (`acquireVsCodeApi()`'s getState and setState). */
export interface DraftState {
  getState(): unknown;
  setState(state: unknown): void;
}

/** What the form's buttons do. */
export interface FormActions {
  add(): void;
  refresh(): void;
}

interface Draft {
  readonly from: string;
  readonly to: string;
}

function isDraft(value: unknown): value is Draft {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Draft).from === 'string' &&
    typeof (value as Draft).to === 'string'
  );
}

export class AddForm {
  readonly element: HTMLFormElement;
  readonly from: TextField;
  readonly to: TextField;

  constructor(
    strings: UiStrings,
    private readonly state: DraftState,
    on: FormActions,
  ) {
    const draft = state.getState();
    this.from = this.textField('from', strings.from, strings.fromPlaceholder);
    this.to = this.textField('to', strings.to, strings.toPlaceholder);
    if (isDraft(draft)) {
      this.from.value = draft.from.slice(0, 64);
      this.to.value = draft.to.slice(0, 64);
    }
    const addButton = vsc('vscode-button', { id: 'add', type: 'submit', icon: 'add' }, strings.add);
    const refreshButton = vsc(
      'vscode-button',
      { id: 'refresh', type: 'button', icon: 'refresh', secondary: true },
      strings.refresh,
    );
    refreshButton.addEventListener('click', () => on.refresh());
    this.element = el(
      'form',
      { class: 'add-form', novalidate: true, 'aria-label': strings.add },
      labelled('from', strings.from, this.from),
      el('span', { class: 'arrow', 'aria-hidden': 'true' }, '→'),
      labelled('to', strings.to, this.to),
      el('div', { class: 'form-buttons' }, addButton, refreshButton),
    );
    this.element.addEventListener('submit', (event) => {
      event.preventDefault();
      on.add();
    });
  }

  /** Empties both fields (and the text kept). */
  clear(): void {
    this.from.value = '';
    this.to.value = '';
    this.saveDraft();
  }

  private saveDraft(): void {
    this.state.setState({ from: this.from.value, to: this.to.value });
  }

  private textField(id: string, label: string, placeholder: string): TextField {
    const field = vsc('vscode-textfield', {
      id,
      name: id,
      label,
      placeholder,
      maxlength: '32',
      spellcheck: 'false',
      autocomplete: 'off',
      'aria-describedby': 'notice',
    }) as TextField;
    field.addEventListener('input', () => {
      field.invalid = false;
      this.saveDraft();
    });
    return field;
  }
}

/** A field with its label. */
function labelled(id: string, label: string, input: HTMLElement): HTMLElement {
  return el('div', { class: 'field' }, vsc('vscode-label', { for: id }, label), input);
}
