/**
 * The cells of the pair-limits table: per rate, the estimate's min and max as exact decimals
 * aligned on their points (the getPairsParams figure beneath each while the service has it), or
 * why a source has none.
 */
import { fill } from '../shared/pairLimitsProtocol';
import type { EstimateCell, PairRow, UiStrings } from '../shared/pairLimitsProtocol';
import { el, setAttributes, shown, vsc } from './dom';

/** The amount columns: per rate, min and max, with the getPairsParams field shown beneath each. */
export const COLUMNS = [
  { rate: 'float', bound: 'min', deprecated: 'minAmountFloat' },
  { rate: 'float', bound: 'max', deprecated: 'maxAmountFloat' },
  { rate: 'fixed', bound: 'min', deprecated: 'minAmountFixed' },
  { rate: 'fixed', bound: 'max', deprecated: 'maxAmountFixed' },
] as const;
type Column = (typeof COLUMNS)[number];
/** A plain decimal: split at the point so the column can align on it. */
const DECIMAL = /^(-?\d+)(\.\d+)?$/;

export type Widths = Record<string, number>;

function columnKey(column: Column): string {
  return `${column.rate}-${column.bound}`;
}

/** Per amount column, the longest integer part: the width that aligns the decimal points. */
export function integerWidths(rows: readonly PairRow[]): Widths {
  const widths: Widths = Object.fromEntries(COLUMNS.map((c) => [columnKey(c), 1]));
  for (const row of rows) {
    for (const column of COLUMNS) {
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
  const td = el('td', { class: 'reason', colspan: String(span) }, vsc('vscode-icon', { name: 'error', class: 'reason-icon', 'aria-hidden': 'true' }), el('span', { class: 'reason-text' }, reason));
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
export function rateCells(row: PairRow, rate: 'float' | 'fixed', loading: boolean, widths: Readonly<Widths>, strings: UiStrings): HTMLTableCellElement[] {
  const cell: EstimateCell = row[rate];
  if (cell.state === 'failed') return [reasonCell(cell.reason, cell.detail, 2)];
  if (cell.state === 'pending') return [el('td', { class: 'pending', colspan: '2' }, loading ? strings.loading : strings.notLoaded)];
  return COLUMNS.filter((c) => c.rate === rate).map((column) => {
    const value = column.bound === 'min' ? cell.minFrom : cell.maxFrom;
    const payout = column.bound === 'min' ? cell.minTo : cell.maxTo;
    const td = amountCell(value, widths[columnKey(column)]);
    // Where the page is too narrow for the table's columns, each amount carries its heading (CSS shows it).
    setAttributes(td, { 'data-label': `${rate === 'float' ? strings.floatGroup : strings.fixedGroup} · ${column.bound === 'min' ? strings.min : strings.max}` });
    if (payout !== '') setAttributes(td, { title: `${shown(value)} ${shown(row.from)} · ${fill(strings.payoutEquivalent, `${shown(payout)} ${shown(row.to)}`)}` });
    if (row.state === 'limits') td.append(el('span', { class: 'deprecated-value' }, fill(strings.pairsParamsValue, row[column.deprecated])));
    else if (row.state === 'failed') td.append(el('span', { class: 'deprecated-value', title: row.reason }, strings.pairsParamsRefused));
    return td;
  });
}
