/** A transaction node's tooltip: untrusted Markdown, every service string escaped so it brings no link or icon. */
import * as vscode from 'vscode';
import type { TransactionRecord } from '../../api/types';
import { escapeMarkdown as esc, formatTimeWithUtc, isoTextWithUtc, ticker } from '../../shared/format';
import type { TimeStyle } from '../../shared/format';
import { userTimeStyle } from '../common/timeStyle';
import { statusLook } from '../common/statusPresentation';
import { addressText, createdText, rateKind } from '../common/recordText';
import { knownAmount, recordAmounts } from '../../shared/recordAmounts';

function amount(value: string, currency: string): string {
  return knownAmount(value) ? `${esc(value, 40)} ${esc(ticker(currency), 20)}` : '—';
}

function address(value: string | null, extraId: string | null, extraIdName: string | null): string | undefined {
  return value === null || value.trim() === '' ? undefined : addressText(value, extraId, extraIdName);
}

function percent(value: string): string {
  return knownAmount(value) ? `${esc(value, 20)} %` : '0 %';
}

export function transactionTooltip(
  record: TransactionRecord,
  nowMs: number = Date.now(),
  style: TimeStyle = userTimeStyle(),
): vscode.MarkdownString {
  const look = statusLook(record.status, record.rawStatus);
  const md = new vscode.MarkdownString('', true);
  md.isTrusted = false;
  md.supportHtml = false;
  md.appendMarkdown(`$(${look.icon}) **${esc(look.label)}** · ${esc(rateKind(record))}  \n${esc(record.id, 64)}\n\n`);

  // The same rule as the watch's tooltip: a payout only once `amountTo` says one happened.
  const amounts = recordAmounts(record);
  const lines: [string, string | undefined][] = [
    [
      vscode.l10n.t('Payin'),
      `${amount(amounts.received ?? '', record.currencyFrom)} (${vscode.l10n.t('expected {0}', amount(record.amountExpectedFrom, record.currencyFrom))})`,
    ],
    [
      vscode.l10n.t('Payout'),
      `${amount(amounts.paidOut ?? '', record.currencyTo)} (${vscode.l10n.t('expected {0}', amount(amounts.expectedPayout ?? '', record.currencyTo))})`,
    ],
    [vscode.l10n.t('Rate'), knownAmount(record.rate) ? esc(record.rate, 40) : undefined],
    [
      vscode.l10n.t('Fees'),
      [
        vscode.l10n.t('network {0}', amount(record.networkFee, record.currencyTo)),
        vscode.l10n.t('exchange {0}', percent(record.exchangeFee)),
        vscode.l10n.t('API extra {0}', percent(record.apiExtraFee)),
        vscode.l10n.t('total {0}', record.totalFee === null ? '—' : amount(record.totalFee, record.currencyTo)),
      ].join(' · '),
    ],
    [vscode.l10n.t('Payin address'), address(record.payinAddress, record.payinExtraId, record.payinExtraIdName)],
    [vscode.l10n.t('Payout address'), address(record.payoutAddress, record.payoutExtraId, record.payoutExtraIdName)],
    [vscode.l10n.t('Refund address'), address(record.refundAddress, record.refundExtraId, null)],
    [vscode.l10n.t('Payin hash'), knownAmount(record.payinHash) ? esc(record.payinHash, 100) : undefined],
    [
      vscode.l10n.t('Payin confirmations'),
      record.status === 'confirming' && knownAmount(record.payinConfirmations)
        ? esc(record.payinConfirmations, 10)
        : undefined,
    ],
    [vscode.l10n.t('Payout hash'), knownAmount(record.payoutHash) ? esc(record.payoutHash, 100) : undefined],
    [vscode.l10n.t('Refund hash'), knownAmount(record.refundHash) ? esc(record.refundHash, 100) : undefined],
    [vscode.l10n.t('Created'), createdText(record, nowMs, style)],
    [
      vscode.l10n.t('Money received'),
      record.moneyReceived > 0 ? esc(formatTimeWithUtc(record.moneyReceived, style)) : undefined,
    ],
    [vscode.l10n.t('Money sent'), record.moneySent > 0 ? esc(formatTimeWithUtc(record.moneySent, style)) : undefined],
    [
      vscode.l10n.t('Pay till'),
      record.type === 'fixed' && knownAmount(record.payTill)
        ? esc(isoTextWithUtc(record.payTill, style), 80)
        : undefined,
    ],
  ];
  md.appendMarkdown(
    lines
      .filter((line): line is [string, string] => line[1] !== undefined)
      .map(([label, value]) => `**${esc(label)}:** ${value}`)
      .join('  \n'),
  );
  return md;
}
