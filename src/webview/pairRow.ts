/**
 * A pair's row of the pair-limits table: its tickers, its limit cells per rate (limitCells.ts) or
 * the one reason every source refused it for, and its Copy (when it has limits) and Remove
 * buttons, which call back the page.
 */
import { pairKey } from '../shared/currencyPairs';
import { LIMIT_COLUMNS, RATES, rowFailed, rowHasLimits } from '../shared/pairLimitsRows';
import { fill } from '../shared/pairLimitsStrings';
import type { PairRow } from '../shared/pairLimitsRows';
import type { UiStrings } from '../shared/pairLimitsStrings';
import { el, shown, vsc } from './dom';
import { rateCells, reasonCell } from './limitCells';
import type { Widths } from './limitCells';

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
    const copy = vsc('vscode-toolbar-button', {
      icon: 'copy',
      label: fill(strings.copyPair, label),
      title: fill(strings.copyPair, label),
      'data-action': 'copy',
      'data-key': key,
    });
    copy.addEventListener('click', () => on.copy());
    actions.append(copy);
  }
  const remove = vsc('vscode-toolbar-button', {
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
