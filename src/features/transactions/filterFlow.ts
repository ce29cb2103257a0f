/** "Filter…": a quick pick of the fields; picking one edits the draft, Apply applies it, Escape keeps the filter. */
import * as vscode from 'vscode';
import { KNOWN_STATUSES } from '../../shared/status';
import type { KnownStatus } from '../../shared/status';
import { statusLook } from '../common/statusPresentation';
import type { FilterField, ListField, SincePreset, TransactionFilter } from './filterModel';
import {
  FILTER_FIELDS,
  isEmptyFilter,
  listProblem,
  parseLongerThan,
  parseSinceDate,
  splitList,
  withField,
} from './filterModel';
import { fieldName, fieldValue, filterDescription, presetName, problemText } from './filterText';

export type MenuChoice = FilterField | 'apply' | 'clear';
export interface MenuItem extends vscode.QuickPickItem {
  readonly choice: MenuChoice;
}
export interface StatusItem extends vscode.QuickPickItem {
  readonly status: KnownStatus;
}
export type SinceChoice = SincePreset | 'any' | 'date';
export interface SinceItem extends vscode.QuickPickItem {
  readonly choice: SinceChoice;
}
export interface TextPrompt {
  readonly title: string;
  readonly prompt: string;
  readonly value: string;
  readonly placeHolder: string;
  readonly validate: (text: string) => string | undefined;
}

/** Each resolves undefined when the user cancels (Escape). */
export interface FilterPrompts {
  menu(items: readonly MenuItem[], title: string): Promise<MenuChoice | undefined>;
  statuses(items: readonly StatusItem[], title: string): Promise<KnownStatus[] | undefined>;
  since(items: readonly SinceItem[], title: string): Promise<SinceChoice | undefined>;
  text(prompt: TextPrompt): Promise<string | undefined>;
}

const FIELD_ICONS: Record<FilterField, string> = {
  status: 'symbol-enum',
  currency: 'symbol-constant',
  address: 'arrow-small-right',
  payoutAddress: 'arrow-small-left',
  extraId: 'tag',
  since: 'calendar',
  inStatusLongerThan: 'watch',
};

export const windowPrompts: FilterPrompts = {
  async menu(items, title) {
    return (
      await vscode.window.showQuickPick(items, {
        title,
        placeHolder: vscode.l10n.t('Pick a filter to change, then Apply'),
      })
    )?.choice;
  },
  async statuses(items, title) {
    const picked = await vscode.window.showQuickPick(items, {
      title,
      canPickMany: true,
      placeHolder: vscode.l10n.t('Statuses to show (none: every status)'),
    });
    return picked?.map((item) => item.status);
  },
  async since(items, title) {
    return (
      await vscode.window.showQuickPick(items, {
        title,
        placeHolder: vscode.l10n.t('Show transactions created since…'),
      })
    )?.choice;
  },
  async text(prompt) {
    return vscode.window.showInputBox({
      title: prompt.title,
      prompt: prompt.prompt,
      value: prompt.value,
      placeHolder: prompt.placeHolder,
      ignoreFocusOut: true,
      validateInput: (text) => prompt.validate(text),
    });
  },
};

const TITLE = () => vscode.l10n.t('Filter Transactions');

function menuItems(draft: TransactionFilter): MenuItem[] {
  const any = vscode.l10n.t('any');
  const items: MenuItem[] = [
    {
      choice: 'apply',
      label: vscode.l10n.t('$(check) Apply'),
      description: filterDescription(draft) || vscode.l10n.t('no filter: every transaction'),
    },
    { choice: 'apply', label: '', kind: vscode.QuickPickItemKind.Separator },
    ...FILTER_FIELDS.map((field): MenuItem => ({
      choice: field,
      label: `$(${FIELD_ICONS[field]}) ${fieldName(field)}`,
      description: fieldValue(draft, field) ?? any,
    })),
  ];
  if (!isEmptyFilter(draft)) items.push({ choice: 'clear', label: vscode.l10n.t('$(clear-all) Clear All Filters') });
  return items;
}

async function editList(
  prompts: FilterPrompts,
  draft: TransactionFilter,
  field: ListField,
): Promise<TransactionFilter> {
  const lower = field === 'currency';
  const read = (text: string) => {
    const values = splitList(text);
    return lower ? [...new Set(values.map((v) => v.toLowerCase()))] : values;
  };
  const answer = await prompts.text({
    title: `${TITLE()}: ${fieldName(field)}`,
    prompt:
      field === 'currency'
        ? vscode.l10n.t('Payin currency tickers, separated by commas (up to 10; empty: any)')
        : vscode.l10n.t('Addresses, separated by commas or spaces (up to 10; empty: any)'),
    value: (draft[field] ?? []).join(', '),
    placeHolder:
      field === 'currency'
        ? 'btc, eth, usdt20'
        : vscode.l10n.t('e.g. {0}', 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh'),
    validate: (text) => {
      const problem = listProblem(field, read(text));
      return problem ? problemText(problem) : undefined;
    },
  });
  return answer === undefined ? draft : withField(draft, field, read(answer));
}

async function editExtraId(prompts: FilterPrompts, draft: TransactionFilter): Promise<TransactionFilter> {
  const answer = await prompts.text({
    title: `${TITLE()}: ${fieldName('extraId')}`,
    prompt: vscode.l10n.t('The extra ID (memo, destination tag) of the payin address (empty: any)'),
    value: draft.extraId ?? '',
    placeHolder: vscode.l10n.t('e.g. {0}', '123456789'),
    validate: (text) =>
      text.trim().length > 200 ? vscode.l10n.t('An extra ID has at most 200 characters.') : undefined,
  });
  return answer === undefined ? draft : withField(draft, 'extraId', answer.trim());
}

async function editStatus(prompts: FilterPrompts, draft: TransactionFilter): Promise<TransactionFilter> {
  const items = KNOWN_STATUSES.map((status): StatusItem => {
    const look = statusLook(status);
    return {
      status,
      label: `$(${look.icon}) ${look.short}`,
      description: status,
      picked: draft.status?.includes(status) ?? false,
    };
  });
  const answer = await prompts.statuses(items, `${TITLE()}: ${fieldName('status')}`);
  if (answer === undefined) return draft;
  return withField(
    draft,
    'status',
    KNOWN_STATUSES.filter((s) => answer.includes(s)),
  );
}

async function editSince(
  prompts: FilterPrompts,
  draft: TransactionFilter,
  nowMs: () => number,
): Promise<TransactionFilter> {
  const current = draft.since;
  const presets: SincePreset[] = ['hour', 'day', 'week', 'month'];
  const items: SinceItem[] = [
    { choice: 'any', label: vscode.l10n.t('Any time'), picked: current === undefined },
    ...presets.map((preset): SinceItem => ({
      choice: preset,
      label: vscode.l10n.t('Created in {0}', presetName(preset)),
      picked: current !== undefined && 'preset' in current && current.preset === preset,
    })),
    {
      choice: 'date',
      label: vscode.l10n.t('On or after a date…'),
      description: current && 'micros' in current ? fieldValue(draft, 'since') : undefined,
    },
  ];
  const choice = await prompts.since(items, `${TITLE()}: ${fieldName('since')}`);
  if (choice === undefined) return draft;
  if (choice === 'any') return withField(draft, 'since', undefined);
  if (choice !== 'date') return withField(draft, 'since', { preset: choice });
  const answer = await prompts.text({
    title: `${TITLE()}: ${fieldName('since')}`,
    prompt: vscode.l10n.t('Transactions created on or after this time, in UTC: YYYY-MM-DD or YYYY-MM-DD HH:MM'),
    value:
      current && 'micros' in current
        ? new Date(current.micros / 1000).toISOString().slice(0, 16).replace('T', ' ')
        : '',
    placeHolder: new Date(nowMs() - 86_400_000).toISOString().slice(0, 10),
    validate: (text) => {
      const parsed = parseSinceDate(text, nowMs());
      return typeof parsed === 'number' ? undefined : problemText(parsed);
    },
  });
  if (answer === undefined) return draft;
  const parsed = parseSinceDate(answer, nowMs());
  return typeof parsed === 'number' ? withField(draft, 'since', { micros: parsed }) : draft;
}

async function editLongerThan(prompts: FilterPrompts, draft: TransactionFilter): Promise<TransactionFilter> {
  const answer = await prompts.text({
    title: `${TITLE()}: ${fieldName('inStatusLongerThan')}`,
    prompt: vscode.l10n.t(
      'Transactions in their status for longer than this: 30m, 1h, 2d, 1h30m (empty: any). Without a status filter, only statuses that are not final.',
    ),
    value: draft.inStatusLongerThan === undefined ? '' : durationInput(draft.inStatusLongerThan),
    placeHolder: '1h',
    validate: (text) => {
      if (text.trim() === '') return undefined;
      const parsed = parseLongerThan(text);
      return typeof parsed === 'number' ? undefined : problemText(parsed);
    },
  });
  if (answer === undefined) return draft;
  if (answer.trim() === '') return withField(draft, 'inStatusLongerThan', undefined);
  const parsed = parseLongerThan(answer);
  return typeof parsed === 'number' ? withField(draft, 'inStatusLongerThan', parsed) : draft;
}

/** A duration as the input box shows it again: `1h30m`, `2d`, `45s`. */
export function durationInput(ms: number): string {
  const units: [string, number][] = [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
  ];
  let rest = Math.floor(ms / 1000) * 1000;
  let text = '';
  for (const [unit, size] of units) {
    const n = Math.floor(rest / size);
    if (n > 0) text += `${n}${unit}`;
    rest -= n * size;
  }
  return text === '' ? '1s' : text;
}

/** Resolves the filter to apply, or undefined when cancelled. */

export async function runFilterFlow(
  current: TransactionFilter,
  prompts: FilterPrompts,
  nowMs: () => number = Date.now,
): Promise<TransactionFilter | undefined> {
  let draft = current;
  for (;;) {
    const choice = await prompts.menu(menuItems(draft), TITLE());
    switch (choice) {
      case undefined:
        return undefined;
      case 'apply':
        return draft;
      case 'clear':
        return {};
      case 'status':
        draft = await editStatus(prompts, draft);
        break;
      case 'currency':
      case 'address':
      case 'payoutAddress':
        draft = await editList(prompts, draft, choice);
        break;
      case 'extraId':
        draft = await editExtraId(prompts, draft);
        break;
      case 'since':
        draft = await editSince(prompts, draft, nowMs);
        break;
      case 'inStatusLongerThan':
        draft = await editLongerThan(prompts, draft);
        break;
    }
  }
}
