/**
 * The cells of the pair-limits table: per rate, the estimate's min and max as exact decimals
 * aligned on their points (the getPairsParams figure beneath each while the service has it), or
 * why a source has none.
 */
import { BOUND_HEADINGS, columnsOf, LIMIT_COLUMNS, RATE_HEADINGS } from '../shared/pairLimitsRows';
import { fill } from '../shared/pairLimitsStrings';
import type { EstimateCell, LimitColumn, PairRow, Rate } from '../shared/pairLimitsRows';
import type { UiStrings } from '../shared/pairLimitsStrings';
import { el, setAttributes, shown, vsc } from './dom';

type Column = LimitColumn;
/** A plain decimal: split at the point so the column can align on it. */
const DECIMAL = /^(-?\d+)(\.\d+)?$/;

export type Widths = Record<string, number>;

function columnKey(column: Column): string {
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
    vsc('vscode-icon', { name: 'error', class: 'reason-icon', 'aria-hidden': 'true' }),
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
