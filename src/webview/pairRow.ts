/**
 * A pair's row of the pair-limits table: tickers, per rate the estimate's min and max aligned on their
 * decimal points (the getPairsParams figure beneath) or why a source has none, Copy and Remove; and
 * where focus goes among the rows' controls when the table is redrawn.
 */
import { pairKey } from '../shared/currencyPairs';
import {
  BOUND_HEADINGS,
  columnsOf,
  LIMIT_COLUMNS,
  RATE_HEADINGS,
  RATES,
  rowFailed,
  rowHasLimits,
} from '../shared/pairLimitsRows';
import { fill } from '../shared/pairLimitsStrings';
import type { EstimateCell, LimitColumn, PairRow, Rate } from '../shared/pairLimitsRows';
import type { UiStrings } from '../shared/pairLimitsStrings';
import { el, setAttributes, shown } from './dom';

/** A plain decimal: split at the point so the column can align on it. */
const DECIMAL = /^(-?\d+)(\.\d+)?$/;

export type Widths = Record<string, number>;

function columnKey(column: LimitColumn): string {
  return `${column.rate}-${column.bound}`;
}

/** Per amount column, the longest integer part: the width that aligns the decimal points. */
export function integerWidths(rows: readonly PairRow[]): Widths {
  const widths: Widths = Object.fromEntries(LIMIT_COLUMNS.map((c) => [columnKey(c), 1]));
  for (const row of rows) {
    for (const column of LIMIT_COLUMNS) {
      const cell = row[column.rate];
      if (cell.state !== 'limits') continue;
      const whole = DECIMAL.exec(column.bound === 'min' ? cell.minFrom : cell.maxFrom)?.[1];
      const key = columnKey(column);
      if (whole !== undefined) widths[key] = Math.max(widths[key] ?? 1, whole.length);
    }
  }
  return widths;
}

/** Why a source (or every source) has no limits for the row: the reason, the service's words beneath. */
export function reasonCell(reason: string, detail: string, span: number): HTMLTableCellElement {
  const td = el(
    'td',
    { class: 'reason', colspan: String(span) },
    el('vscode-icon', { name: 'error', class: 'reason-icon', 'aria-hidden': 'true' }),
    el('span', { class: 'reason-text' }, reason),
  );
  if (detail) td.append(el('span', { class: 'reason-detail' }, detail));
  return td;
}

/** An exact decimal string, its integer part right-aligned to `width` characters. */
function amountCell(value: string, width = 1): HTMLTableCellElement {
  if (value === '') return el('td', { class: 'amount amount-none' }, el('span', { class: 'whole' }, '—'));
  const match = DECIMAL.exec(value);
  if (!match) return el('td', { class: 'amount amount-odd' }, value);
  const whole = el('span', { class: 'whole' }, match[1] ?? '');
  whole.style.minWidth = `${width}ch`;
  const cell = el('td', { class: 'amount' }, whole, el('span', { class: 'fraction' }, match[2] ?? ''));
  setAttributes(cell, { title: shown(value) });
  return cell;
}

/** The two cells of one rate: the estimate's min and max (the getPairsParams figure beneath), or why it has none. */
export function rateCells(
  row: PairRow,
  rate: Rate,
  loading: boolean,
  widths: Readonly<Widths>,
  strings: UiStrings,
): HTMLTableCellElement[] {
  const cell: EstimateCell = row[rate];
  const span = columnsOf(rate).length;
  if (cell.state === 'failed') return [reasonCell(cell.reason, cell.detail, span)];
  if (cell.state === 'pending')
    return [el('td', { class: 'pending', colspan: String(span) }, loading ? strings.loading : strings.notLoaded)];
  return columnsOf(rate).map((column) => {
    const value = column.bound === 'min' ? cell.minFrom : cell.maxFrom;
    const payout = column.bound === 'min' ? cell.minTo : cell.maxTo;
    const td = amountCell(value, widths[columnKey(column)]);
    // Where the page is too narrow for the table's columns, each amount carries its heading (CSS shows it).
    setAttributes(td, { 'data-label': `${strings[RATE_HEADINGS[rate]]} · ${strings[BOUND_HEADINGS[column.bound]]}` });
    if (payout !== '')
      setAttributes(td, {
        title: `${shown(value)} ${shown(row.from)} · ${fill(strings.payoutEquivalent, `${shown(payout)} ${shown(row.to)}`)}`,
      });
    if (row.state === 'limits')
      td.append(el('span', { class: 'deprecated-value' }, fill(strings.pairsParamsValue, row[column.pairsParams])));
    else if (row.state === 'failed')
      td.append(el('span', { class: 'deprecated-value', title: row.reason }, strings.pairsParamsRefused));
    return td;
  });
}

/** What the row's buttons do. */
export interface RowActions {
  copy(): void;
  remove(): void;
}

export function pairRow(
  row: PairRow,
  loading: boolean,
  widths: Readonly<Widths>,
  strings: UiStrings,
  on: RowActions,
): HTMLTableRowElement {
  const key = pairKey(row);
  // Shown as text, tooltips and labels included: control and bidi characters made visible.
  const label = shown(`${row.from} → ${row.to}`);
  const cells: HTMLTableCellElement[] = [
    el('th', { scope: 'row', class: 'ticker' }, row.from),
    el('td', { class: 'ticker' }, row.to),
  ];
  if (rowFailed(row) && row.state === 'failed') {
    // Refused by every source for the same reason (a currency): one cell says why.
    cells.push(reasonCell(row.reason, row.detail, LIMIT_COLUMNS.length));
  } else {
    for (const rate of RATES) cells.push(...rateCells(row, rate, loading, widths, strings));
  }
  const actions = el('td', { class: 'actions' });
  if (rowHasLimits(row)) {
    const copy = el('vscode-toolbar-button', {
      icon: 'copy',
      label: fill(strings.copyPair, label),
      title: fill(strings.copyPair, label),
      'data-action': 'copy',
      'data-key': key,
    });
    copy.addEventListener('click', () => on.copy());
    actions.append(copy);
  }
  const remove = el('vscode-toolbar-button', {
    icon: 'close',
    label: fill(strings.removePair, label),
    title: fill(strings.removePair, label),
    'data-action': 'remove',
    'data-key': key,
  });
  remove.addEventListener('click', () => on.remove());
  actions.append(remove);
  cells.push(actions);
  const tr = el('tr', { class: `row-${row.state}`, 'data-key': key }, ...cells);
  return tr;
}

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

/** Focuses a control: a new toolbar button's inner `<button>` is focused once its shadow root is drawn. */
export function focusControl(control: HTMLElement): void {
  const inner = (): HTMLElement | null | undefined => control.shadowRoot?.querySelector('button');
  const drawn = inner();
  if (drawn) return drawn.focus();
  const update = (control as Partial<{ updateComplete: Promise<unknown> }>).updateComplete;
  if (update) void update.then(() => inner()?.focus());
  else control.focus();
}
