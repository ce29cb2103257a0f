/**
 * The pair-limits page: the add form, the pairs used before, the getPairsParams banner, a status line
 * and the limits table. It draws what the extension sends and keeps nothing but the text being typed;
 * focus stays on its row (or the next one after a removal) when the table is drawn again.
 */
import { checkNewPair, pairKey } from '../shared/currencyPairs';
import { BOUND_HEADINGS, columnsOf, LIMIT_COLUMNS, RATE_HEADINGS, RATES, rowFailed } from '../shared/pairLimitsRows';
import { fill } from '../shared/pairLimitsStrings';
import type { CurrencyPairKey } from '../shared/currencyPairs';
import type { HostMessage, ViewState, WebviewMessage } from '../shared/pairLimitsProtocol';
import type { PairRow } from '../shared/pairLimitsRows';
import type { UiStrings } from '../shared/pairLimitsStrings';
import { AddForm } from './addForm';
import { el, setText, shown } from './dom';
import { activeRowControl, focusControl, integerWidths, neighbourOf, pairRow, rowControl } from './pairRow';
import type { RowControl, Widths } from './pairRow';

/** What the page needs of `acquireVsCodeApi()`. */
export interface HostChannel {
  postMessage(message: WebviewMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}

export class PairLimitsPage {
  private strings: UiStrings | undefined;
  private state: ViewState | undefined;
  private form!: AddForm;
  private notice!: HTMLElement;
  private recent!: HTMLElement;
  private status!: HTMLElement;
  private errorBox!: HTMLElement;
  private errorText!: HTMLElement;
  private badge!: HTMLElement;
  private bannerText!: HTMLElement;
  private banner!: HTMLElement;
  private body!: HTMLTableSectionElement;
  private table!: HTMLTableElement;
  private empty!: HTMLElement;
  /** The pair just asked for: the fields are cleared once it shows in the list. */
  private adding: string | undefined;
  /** Where focus goes after the next drawing of the table. */
  private focusAfter: RowControl | 'from' | undefined;

  constructor(
    private readonly root: HTMLElement,
    private readonly host: HostChannel,
  ) {}

  /** Handles one checked message from the extension. */
  receive(message: HostMessage): void {
    switch (message.type) {
      case 'init':
        this.build(message.strings);
        if (this.state) this.render(this.state);
        return;
      case 'state':
        this.state = message.state;
        if (this.strings) this.render(message.state);
        return;
      case 'notice':
        this.showNotice(message.text, message.severity, message.field);
        return;
    }
  }

  private post(message: WebviewMessage): void {
    this.host.postMessage(message);
  }

  private build(strings: UiStrings): void {
    this.strings = strings;
    document.title = strings.title;

    this.badge = el('vscode-badge', { class: 'environment' });
    const heading = el('header', { class: 'heading' }, el('h1', {}, strings.title), this.badge);

    this.bannerText = el('p', { id: 'banner-text' }, strings.deprecated);
    this.banner = el(
      'div',
      { id: 'banner', class: 'banner', role: 'note' },
      el('vscode-icon', { name: 'warning', class: 'banner-icon', 'aria-hidden': 'true' }),
      this.bannerText,
    );

    this.form = new AddForm(strings, this.host, {
      add: () => this.submit(),
      refresh: () => this.post({ type: 'refresh' }),
    });

    this.notice = el('p', { id: 'notice', class: 'notice', role: 'status', 'aria-live': 'polite' });
    this.recent = el('div', { id: 'recent', class: 'recent', hidden: true });
    this.status = el('div', { id: 'status', class: 'status', role: 'status', 'aria-live': 'polite' });
    this.errorText = el('span', { class: 'error-text' });
    const retry = el('vscode-button', { id: 'retry', type: 'button', secondary: true, icon: 'refresh' }, strings.retry);
    retry.addEventListener('click', () => this.post({ type: 'refresh' }));
    this.errorBox = el(
      'div',
      { id: 'error', class: 'error-box', role: 'alert', hidden: true },
      el('vscode-icon', { name: 'error', class: 'error-icon', 'aria-hidden': 'true' }),
      this.errorText,
      retry,
    );

    const groupRow = el(
      'tr',
      {},
      el('th', { scope: 'col', rowspan: '2' }, strings.from),
      el('th', { scope: 'col', rowspan: '2' }, strings.to),
      ...RATES.map((rate) =>
        el(
          'th',
          { scope: 'colgroup', colspan: String(columnsOf(rate).length), class: 'group-head' },
          strings[RATE_HEADINGS[rate]],
        ),
      ),
      el(
        'th',
        { scope: 'col', rowspan: '2', class: 'actions-head' },
        el('span', { class: 'visually-hidden' }, strings.actions),
      ),
    );
    const boundRow = el(
      'tr',
      {},
      ...LIMIT_COLUMNS.map((c) => el('th', { scope: 'col', class: 'amount-head' }, strings[BOUND_HEADINGS[c.bound]])),
    );
    this.body = el('tbody');
    this.table = el(
      'table',
      { id: 'limits', class: 'limits', 'aria-label': strings.tableLabel },
      el('thead', {}, groupRow, boundRow),
      this.body,
    );
    this.empty = el('p', { id: 'empty', class: 'empty', hidden: true }, strings.empty);

    this.root.replaceChildren(
      heading,
      this.banner,
      this.form.element,
      this.notice,
      this.recent,
      this.status,
      this.errorBox,
      el('div', { class: 'table-wrap' }, this.table),
      this.empty,
    );
    this.root.removeAttribute('aria-busy');
  }

  private submit(): void {
    const strings = this.strings;
    if (!strings) return;
    const existing = this.state?.rows ?? [];
    const check = checkNewPair(this.form.from.value, this.form.to.value, existing);
    if ('problem' in check) {
      this.showNotice(strings[`problem.${check.problem}`], 'error', check.side);
      return;
    }
    this.adding = pairKey(check.pair);
    this.post({ type: 'add', ...check.pair });
  }

  private showNotice(text: string, severity: 'info' | 'error', field?: 'from' | 'to'): void {
    setText(this.notice, text);
    this.notice.classList.toggle('notice-error', severity === 'error');
    this.form.from.invalid = severity === 'error' && field === 'from';
    this.form.to.invalid = severity === 'error' && field === 'to';
    if (severity === 'error') {
      this.adding = undefined;
      const target = field === 'to' ? this.form.to : field === 'from' ? this.form.from : undefined;
      target?.focus();
    }
  }

  private render(state: ViewState): void {
    const strings = this.strings;
    if (!strings) return;
    const active = activeRowControl(this.body);
    setText(this.badge, state.environment === 'live' ? strings.live : strings.sandbox);
    const gone = state.pairsParams === 'gone';
    setText(this.bannerText, gone ? strings.pairsParamsGone : strings.deprecated);
    this.banner.classList.toggle('banner-gone', gone);
    // It explains the figures beneath the amounts: with no pair listed there are none, and it would fill the page.
    this.banner.hidden = state.rows.length === 0;
    this.renderStatus(state, strings);
    this.renderRecent(state.recent, strings);

    const widths = integerWidths(state.rows);
    this.body.replaceChildren(...state.rows.map((row) => this.row(row, state.loading, widths, strings)));
    this.table.hidden = state.rows.length === 0;
    this.empty.hidden = state.rows.length > 0;

    if (this.adding !== undefined && state.rows.some((r) => pairKey(r) === this.adding)) {
      this.adding = undefined;
      this.form.clear();
      setText(this.notice, '');
      this.focusAfter = 'from';
    }
    this.restoreFocus(active);
    this.post({ type: 'rendered', rows: state.rows.length, failed: state.rows.filter(rowFailed).length });
  }

  private renderStatus(state: ViewState, strings: UiStrings): void {
    const parts: Node[] = [];
    if (state.loading)
      parts.push(
        el('vscode-progress-ring', { class: 'spinner', 'aria-hidden': 'true' }),
        el('span', {}, strings.loading),
      );
    else if (state.updated !== null) parts.push(el('span', {}, state.updated));
    this.status.replaceChildren(...parts);
    this.root.setAttribute('aria-busy', state.loading ? 'true' : 'false');
    this.errorBox.hidden = state.error === null;
    setText(this.errorText, state.error ?? '');
  }

  private renderRecent(recent: readonly CurrencyPairKey[], strings: UiStrings): void {
    this.recent.hidden = recent.length === 0;
    const buttons = recent.map((pair) => {
      const label = shown(`${pair.from} → ${pair.to}`);
      const button = el(
        'vscode-button',
        {
          type: 'button',
          secondary: true,
          class: 'recent-pair',
          'data-key': pairKey(pair),
          'aria-label': fill(strings.recentAdd, label),
        },
        label,
      );
      button.addEventListener('click', () => {
        this.focusAfter = 'from';
        this.post({ type: 'add', from: pair.from, to: pair.to });
      });
      return button;
    });
    this.recent.replaceChildren(el('span', { class: 'recent-label' }, strings.recent), ...buttons);
  }

  private row(row: PairRow, loading: boolean, widths: Readonly<Widths>, strings: UiStrings): HTMLTableRowElement {
    const key = pairKey(row);
    return pairRow(row, loading, widths, strings, {
      copy: () => this.post({ type: 'copy', from: row.from, to: row.to }),
      remove: () => {
        this.focusAfter = neighbourOf(this.state?.rows ?? [], key);
        this.post({ type: 'remove', from: row.from, to: row.to });
      },
    });
  }

  private restoreFocus(active: RowControl | undefined): void {
    const target = this.focusAfter ?? active;
    this.focusAfter = undefined;
    if (target === undefined) return;
    if (target === 'from') {
      this.form.from.focus();
      return;
    }
    const match = rowControl(this.body, target);
    if (match) focusControl(match);
    else this.form.from.focus();
  }
}
