/**
 * What the editor says about a request document past the bounds of `unreadReason` (over 1 MiB,
 * or nested too deep): one CodeLens, one diagnostic and the refusal to send all use these words.
 */
import * as vscode from 'vscode';
import { MAX_JSON_DEPTH } from '../../shared/jsonDepth';
import { MAX_REQUEST_DOCUMENT_BYTES } from './requestDocument';
import type { UnreadReason } from './requestDocument';

/** The localized version of `unreadMessage`. */
export function unreadDocumentMessage(reason: UnreadReason): string {
  return reason === 'too-large'
    ? vscode.l10n.t(
        'This request document is larger than {0} MiB: requests are not read from it. Split it into smaller documents.',
        MAX_REQUEST_DOCUMENT_BYTES / (1024 * 1024),
      )
    : vscode.l10n.t(
        'This request document nests arrays and objects deeper than {0} levels: requests are not read from it. Flatten its values or split it.',
        MAX_JSON_DEPTH,
      );
}
