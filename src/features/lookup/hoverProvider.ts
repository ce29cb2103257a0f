/**
 * The hover over a transaction id: status, a short diagnosis, command links, key fields. Service text
 * is escaped; a miss is said only where `exchangeTx.hover.answerMissesIn` says.
 */
import * as vscode from 'vscode';
import { diagnose, diagnosisBrief } from '../../agents/diagnosis';
import type { DiagnosisFacts } from '../../agents/diagnosis';
import { statusTimes } from '../../agents/statusSince';
import type { TransactionRecord } from '../../api';
import { errorText } from '../../shared/errorText';
import { escapeMarkdown, isoTextWithUtc, pairLabel, ticker } from '../../shared/format';
import type { TimeStyle } from '../../shared/format';
import { isFinalStatus } from '../../shared/status';
import type { EnvironmentKind } from '../common/environmentDeps';
import { environmentName } from '../common/environmentNames';
import { describeError, notFound } from '../common/errorMessages';
import type { Logger } from '../common/log';
import type { Services } from '../common/services';
import { recordClockNow } from '../common/recordClock';
import { addressText, createdText, rateKind } from '../common/recordText';
import { statusLook } from '../common/statusPresentation';
import { timesContext } from '../common/timesContext';
import { userTimeStyle } from '../common/timeStyle';
import { answersMissesIn, hoverEnabledFor } from './hoverSettings';

/** The only commands a hover's links may run. */
export const HOVER_COMMANDS: readonly string[] = [
  'exchangeTx.watch',
  'exchangeTx.showDetails',
  'exchangeTx.openAsRequest',
];
/** And, on a transaction of the built-in sandbox, these (they act on the local simulation only). */
export const SANDBOX_HOVER_COMMANDS: readonly string[] = [
  'exchangeTx.sandbox.simulatePayment',
  'exchangeTx.sandbox.moveToStatus',
];

function markdown(trusted: boolean, sandbox = false): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', true);
  md.supportHtml = false;
  md.isTrusted = trusted ? { enabledCommands: [...HOVER_COMMANDS, ...(sandbox ? SANDBOX_HOVER_COMMANDS : [])] } : false;
  return md;
}

const esc = (text: string, max?: number) => escapeMarkdown(text, max);

function commandLink(title: string, icon: string, command: string, id: string): string {
  return `[$(${icon}) ${esc(title)}](command:${command}?${encodeURIComponent(JSON.stringify([id]))})`;
}

/** `0.5 BTC → 12.3 ETH`, with `—` for an amount not known yet. */
function amounts(from: string, currencyFrom: string, to: string, currencyTo: string): string {
  const amount = (value: string) => (value === '' || value === '0' ? '—' : esc(value, 40));
  return `${amount(from)} ${esc(ticker(currencyFrom), 20)} → ${amount(to)} ${esc(ticker(currencyTo), 20)}`;
}

/** Since when it is in its status: from the sightings or the sandbox's schedule; else undefined. */
async function hoverFacts(
  record: TransactionRecord,
  deps: HoverDeps,
  signal: AbortSignal,
): Promise<DiagnosisFacts | undefined> {
  try {
    const context = await timesContext(deps.environment, deps.sandboxHost, deps.sightings, signal);
    const times = await statusTimes(context, [record]);
    const since = times.since.get(record.id);
    const next = times.next.get(record.id);
    return { nowMs: times.nowMs, ...(since ? { since } : {}), ...(next !== undefined ? { scheduleNext: next } : {}) };
  } catch (error) {
    deps.log.warn(`hover of ${record.id}: no time in status (${errorText(error)})`);
    return undefined;
  }
}

export function recordHover(
  record: TransactionRecord,
  environment: EnvironmentKind,
  nowMs: number = Date.now(),
  style: TimeStyle = userTimeStyle(),
  facts?: DiagnosisFacts,
): vscode.MarkdownString {
  const look = statusLook(record.status, record.rawStatus);
  const sandbox = environment === 'sandbox';
  const md = markdown(true, sandbox);
  md.appendMarkdown(
    `$(${look.icon}) **${esc(look.label)}** · ${esc(record.id, 64)} · ${esc(environmentName(environment))}\n\n`,
  );
  // The diagnosis first: VS Code bounds a hover's height, and the record is whole in Show Details.
  const brief = facts ? diagnosisBrief(diagnose(record, facts)) : undefined;
  if (brief) {
    const parts: [string, string][] = [
      [vscode.l10n.t('In this status'), brief.since],
      [vscode.l10n.t('Next'), brief.next],
    ];
    if (brief.todo !== undefined) parts.push([vscode.l10n.t('What to do'), brief.todo]);
    md.appendMarkdown(
      `$(pulse) ${parts.map(([label, value]) => `**${esc(label)}:** ${esc(value, 400)}`).join('  \n')}\n\n`,
    );
  }
  const lines: [string, string][] = [
    [vscode.l10n.t('Pair'), `${esc(pairLabel(record))} · ${rateKind(record)}`],
    [
      vscode.l10n.t('Expected'),
      amounts(record.amountExpectedFrom, record.currencyFrom, record.amountExpectedTo, record.currencyTo),
    ],
    [vscode.l10n.t('Actual'), amounts(record.amountFrom, record.currencyFrom, record.amountTo, record.currencyTo)],
    [vscode.l10n.t('Created'), createdText(record, nowMs, style)],
  ];
  if (record.type === 'fixed' && record.payTill !== null)
    lines.push([vscode.l10n.t('Pay till'), esc(isoTextWithUtc(record.payTill, style), 80)]);
  lines.push([
    vscode.l10n.t('Payin address'),
    addressText(record.payinAddress, record.payinExtraId, record.payinExtraIdName),
  ]);
  lines.push([
    vscode.l10n.t('Payout address'),
    addressText(record.payoutAddress, record.payoutExtraId, record.payoutExtraIdName),
  ]);
  if (record.payinHash !== null && record.payinHash !== '')
    lines.push([vscode.l10n.t('Payin hash'), esc(record.payinHash, 100)]);
  if (record.payoutHash !== null && record.payoutHash !== '')
    lines.push([vscode.l10n.t('Payout hash'), esc(record.payoutHash, 100)]);
  // The actions come before the fields, within the hover's bounded height.
  // Watch only while it moves: a settled transaction would leave the status bar a minute later.
  const watch = isFinalStatus(record.status)
    ? ''
    : `${commandLink(vscode.l10n.t('Watch in Status Bar'), 'eye', 'exchangeTx.watch', record.id)} · `;
  md.appendMarkdown(
    `${watch}${commandLink(vscode.l10n.t('Show Details'), 'json', 'exchangeTx.showDetails', record.id)} · ${commandLink(vscode.l10n.t('Open as Request'), 'file-code', 'exchangeTx.openAsRequest', record.id)}`,
  );
  if (sandbox) {
    const pay =
      record.status === 'waiting'
        ? `${commandLink(vscode.l10n.t('Simulate Payment'), 'credit-card', 'exchangeTx.sandbox.simulatePayment', record.id)} · `
        : '';
    md.appendMarkdown(
      `  \n${vscode.l10n.t('Sandbox:')} ${pay}${commandLink(vscode.l10n.t('Move to Status…'), 'debug-step-over', 'exchangeTx.sandbox.moveToStatus', record.id)}`,
    );
  }
  md.appendMarkdown('\n\n');
  md.appendMarkdown(lines.map(([label, value]) => `**${esc(label)}:** ${value}`).join('  \n'));
  return md;
}

/** One quiet line: the id is not known to the environment in use. */
export function notFoundHover(text: string): vscode.MarkdownString {
  return markdown(false).appendMarkdown(`$(question) ${esc(text)}`);
}

/** One line for a failed lookup (never a notification from a hover). */
export function errorHover(text: string): vscode.MarkdownString {
  return markdown(false).appendMarkdown(`$(warning) ${esc(text)}`);
}

/** The text documents hovers are offered in (files, unsaved files, remote and virtual files, logs). */
export const HOVER_SELECTOR: vscode.DocumentSelector = [
  { scheme: 'file' },
  { scheme: 'untitled' },
  { scheme: 'vscode-remote' },
  { scheme: 'vscode-userdata' },
  { scheme: 'vscode-vfs' },
  { scheme: 'vscode-notebook-cell' },
  { scheme: 'output' },
  { scheme: 'git' },
];

export type HoverDeps = Pick<Services, 'store' | 'environment' | 'sandboxHost' | 'idPattern' | 'sightings'> & {
  readonly log: Logger;
};

export class IdHoverProvider implements vscode.HoverProvider {
  constructor(private readonly deps: HoverDeps) {}

  async provideHover(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    if (!hoverEnabledFor(document)) return undefined;
    const line = document.lineAt(position.line).text;
    const match = this.deps.idPattern.find(line, position.character);
    if (!match || token.isCancellationRequested) return undefined;
    const range = new vscode.Range(position.line, match.start, position.line, match.end);
    const environment = this.deps.environment.kind;
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    try {
      const record = await this.deps.store.lookup(match.id, { signal: controller.signal });
      if (!record && !answersMissesIn(document)) return undefined;
      if (!record) return new vscode.Hover(notFoundHover(notFound({ id: match.id, environment }).short), range);
      const facts = isFinalStatus(record.status) ? undefined : await hoverFacts(record, this.deps, controller.signal);
      return new vscode.Hover(
        recordHover(
          record,
          environment,
          recordClockNow(this.deps.environment, this.deps.sandboxHost),
          undefined,
          facts,
        ),
        range,
      );
    } catch (error) {
      const description = describeError(error, { id: match.id, environment });
      if (!description) return undefined;
      this.deps.log.debug(`hover of ${match.id} failed (${description.kind}): ${errorText(error)}`);
      if (!answersMissesIn(document)) return undefined;
      return new vscode.Hover(errorHover(description.short), range);
    } finally {
      subscription.dispose();
    }
  }
}
