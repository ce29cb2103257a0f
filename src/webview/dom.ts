/**
 * The one way the pair-limits page builds its DOM: fixed tag and attribute names, every value put in
 * as text. No HTML is parsed from data, and no `style` attribute is written (sizes go through the CSSOM).
 */
import { MAX_VALUE_LENGTH } from '../shared/currencyPairs';
import { safeText } from '../shared/safeText';

/** Attributes the page may set; values are text. */
type AttributeName =
  | 'id'
  | 'class'
  | 'role'
  | 'title'
  | 'scope'
  | 'colspan'
  | 'rowspan'
  | 'hidden'
  | 'for'
  | 'name'
  | 'icon'
  | 'label'
  | 'placeholder'
  | 'maxlength'
  | 'type'
  | 'secondary'
  | 'spellcheck'
  | 'autocomplete'
  | 'novalidate'
  | 'data-key'
  | 'data-action'
  | 'data-label'
  | 'aria-label'
  | 'aria-live'
  | 'aria-busy'
  | 'aria-hidden'
  | 'aria-describedby'
  | 'aria-invalid';

export type Attributes = Partial<Record<AttributeName, string | true>>;

/** Text as shown: control and bidi characters made visible as U+FFFD, length bounded. */
export function shown(text: string): string {
  return safeText(text, MAX_VALUE_LENGTH);
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes?: Attributes,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K];
/** A custom element of @vscode-elements (its tag is registered by the import of its module). */
export function el(tag: `vscode-${string}`, attributes?: Attributes, ...children: (Node | string)[]): HTMLElement;
export function el(tag: string, attributes: Attributes = {}, ...children: (Node | string)[]): HTMLElement {
  const element = document.createElement(tag);
  setAttributes(element, attributes);
  for (const child of children)
    element.append(typeof child === 'string' ? document.createTextNode(shown(child)) : child);
  return element;
}

export function setAttributes(element: Element, attributes: Attributes): void {
  for (const [name, value] of Object.entries(attributes) as [AttributeName, string | true | undefined][]) {
    if (value === undefined) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
}

/** Replaces the children of `parent` with text. */
export function setText(parent: Element, text: string): void {
  parent.textContent = shown(text);
}
