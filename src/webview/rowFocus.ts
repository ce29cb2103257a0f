/**
 * The focus on the pair-limits table's row controls (each a `data-key` and a `data-action`): which
 * one has it before the table is drawn again, where it goes after a removal, and giving it back.
 */
import { pairKey } from '../shared/currencyPairs';
import type { PairRow } from '../shared/pairLimitsRows';

/** A row's control: the row's key and the control's action (`copy`, `remove`). */
export interface RowControl {
  key: string;
  action: string;
}

/** The row control of `body` that has focus, to give it back after drawing. */
export function activeRowControl(body: HTMLElement): RowControl | undefined {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !body.contains(active)) return undefined;
  const key = active.getAttribute('data-key');
  const action = active.getAttribute('data-action');
  return key !== null && action !== null ? { key, action } : undefined;
}

/** After removing `key` from `rows`: the remove button of the next row, or the previous one, or the form. */
export function neighbourOf(rows: readonly PairRow[], key: string): RowControl | 'from' {
  const keys = rows.map(pairKey);
  const index = keys.indexOf(key);
  const next = keys[index + 1] ?? keys[index - 1];
  return next === undefined ? 'from' : { key: next, action: 'remove' };
}

/** The control of `body` that is `target`, or another control of its row; undefined when the row is gone. */
export function rowControl(body: HTMLElement, target: RowControl): HTMLElement | undefined {
  const candidates = Array.from(body.querySelectorAll<HTMLElement>('[data-action]'));
  return (
    candidates.find(
      (c) => c.getAttribute('data-key') === target.key && c.getAttribute('data-action') === target.action,
    ) ?? candidates.find((c) => c.getAttribute('data-key') === target.key)
  );
}

/**
 * Focuses a control; a toolbar button's own `<button>` sits in its shadow root, which a button just
 * made has not drawn yet (its host takes no focus): then the focus waits for its first update.
 */
export function focusControl(control: HTMLElement): void {
  const inner = (): HTMLElement | null | undefined => control.shadowRoot?.querySelector('button');
  const drawn = inner();
  if (drawn) return drawn.focus();
  const update = (control as Partial<{ updateComplete: Promise<unknown> }>).updateComplete;
  if (update) void update.then(() => inner()?.focus());
  else control.focus();
}
