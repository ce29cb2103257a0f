/** The form to add a pair: two ticker fields (their text kept in the webview's state), Add and Refresh. */
import type { UiStrings } from '../shared/pairLimitsStrings';
import { isRecord } from '../shared/isRecord';
import { el } from './dom';

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

export interface FormActions {
  add(): void;
  refresh(): void;
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
    if (isRecord(draft) && typeof draft.from === 'string' && typeof draft.to === 'string') {
      this.from.value = draft.from.slice(0, 64);
      this.to.value = draft.to.slice(0, 64);
    }
    const addButton = el('vscode-button', { id: 'add', type: 'submit', icon: 'add' }, strings.add);
    const refreshButton = el(
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

  clear(): void {
    this.from.value = '';
    this.to.value = '';
    this.saveDraft();
  }

  private saveDraft(): void {
    this.state.setState({ from: this.from.value, to: this.to.value });
  }

  private textField(id: string, label: string, placeholder: string): TextField {
    const field = el('vscode-textfield', {
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

function labelled(id: string, label: string, input: HTMLElement): HTMLElement {
  return el('div', { class: 'field' }, el('vscode-label', { for: id }, label), input);
}
