/** The tools beside Send: "Copy as…" (a snippet signing with the user's key) and "Explain Signature". */
import type { EnvironmentService } from '../accounts/environmentService';
import type { SandboxHost } from '../builtInSandbox/sandboxHost';
import * as vscode from 'vscode';
import type { EnvironmentKind } from '../common/environmentDeps';
import { endpointUrl, loadCredentials } from '../../api';
import { errorDetail } from '../common/errorMessages';
import type { MessagePresenter } from '../common/userMessages';
import type { Logger } from '../common/log';
import type { AnswerDocuments } from './answerDocuments';
import { prepareRequest } from '../../documents/document';
import type { DocumentRequest } from '../../documents/document';
import { accountWithKey, explainSignature, renderExplanation } from './signatureExplain';
import { keyVariableFor, snippet, SNIPPET_KINDS } from './snippets';
import type { SnippetKeySource } from './snippetScripts';

export interface ToolsDeps {
  readonly environment: Pick<EnvironmentService, 'client' | 'state' | 'accounts' | 'chosen'>;
  readonly sandboxHost: Pick<SandboxHost, 'start'>;
  readonly answers: AnswerDocuments;
  readonly messages: MessagePresenter;
  readonly log: Logger;
}

/** The key requests are signed with now: the chosen account's unless restricted, else the sandbox's (started). */
export async function signingKey(
  environment: Pick<EnvironmentService, 'state' | 'accounts' | 'chosen'>,
  sandbox: Pick<SandboxHost, 'start'>,
): Promise<{ text: string | undefined; kind: EnvironmentKind; target: string; baseUrl: string | undefined }> {
  const chosen = environment.chosen;
  const account = chosen === 'sandbox' ? undefined : environment.accounts.get(chosen);
  if (account && !environment.state.restricted)
    return {
      text: await environment.accounts.keyText(account.id),
      kind: 'live',
      target: account.name,
      baseUrl: account.baseUrl,
    };
  const { sandbox: running, keyText } = await sandbox.start();
  return { text: keyText, kind: 'sandbox', target: vscode.l10n.t('Sandbox'), baseUrl: running.url };
}

/** What Explain Signature made (for tests and callers): the document and its text, or why not. */
export interface ExplainResult {
  readonly uri?: vscode.Uri;
  readonly text?: string;
  readonly body?: string;
  readonly error?: string;
}

export class RequestTools {
  constructor(private readonly deps: ToolsDeps) {}

  /** The snippet of a request, copied to the clipboard; returns its text. */
  async copyAs(request: DocumentRequest, options: { readonly silent?: boolean } = {}): Promise<string | undefined> {
    const kind = (
      await vscode.window.showQuickPick(
        SNIPPET_KINDS.map((k) => ({ label: k.label, snippet: k.kind })),
        { title: vscode.l10n.t('Copy as…') },
      )
    )?.snippet;
    if (!kind) return undefined;
    // Where it goes first: the variable offered for the key depends on it.
    const { baseUrl, kind: where } = await signingKey(this.deps.environment, this.deps.sandboxHost);
    if (!baseUrl) return undefined;
    const keySource = await this.pickKeySource(keyVariableFor(where), where);
    if (!keySource) return undefined;
    const prepared = prepareRequest(request);
    const text = snippet(kind, { url: endpointUrl(baseUrl), body: prepared.body, keySource });
    await vscode.env.clipboard.writeText(text);
    const from = keySource.kind === 'env' ? `$${keySource.name}` : keySource.path;
    const note =
      where === 'sandbox'
        ? vscode.l10n.t('Copied. It signs with the key in {0} and sends to the sandbox of this window.', from)
        : vscode.l10n.t('Copied. It signs with the key in {0}; the snippet holds no key and no signature.', from);
    this.deps.messages.present({ severity: 'info', text: note, actions: [] }, options);
    return text;
  }

  private async pickKeySource(variable: string, where: 'sandbox' | 'live'): Promise<SnippetKeySource | undefined> {
    const fromVariable = {
      label: vscode.l10n.t('From the environment variable {0}', variable),
      detail:
        where === 'sandbox'
          ? vscode.l10n.t("The sandbox's key: the .env lines of Copy Sandbox Connection set it")
          : undefined,
      source: { kind: 'env', name: variable } as SnippetKeySource,
    };
    const fromFile = { label: vscode.l10n.t('From a PEM file…'), source: undefined };
    const pick = await vscode.window.showQuickPick([fromVariable, fromFile], {
      title: vscode.l10n.t('Where the snippet reads the private key'),
    });
    if (!pick) return undefined;
    if (pick.source) return pick.source;
    const files = await vscode.window.showOpenDialog({
      canSelectMany: false,
      title: vscode.l10n.t('The private key file (PEM) the snippet reads'),
      openLabel: vscode.l10n.t('Use This File'),
    });
    const file = files?.[0];
    return file ? { kind: 'file', path: file.fsPath } : undefined;
  }

  /**
   * How a request's body is signed, in a read-only document. An account's signature is withheld: the
   * service signs no time or nonce, so it would replay. `at` lets the note's action explain the same request.
   */
  async explain(
    request: DocumentRequest,
    options: { readonly silent?: boolean } = {},
    at: readonly unknown[] = [],
  ): Promise<ExplainResult> {
    const key = await signingKey(this.deps.environment, this.deps.sandboxHost);
    if (!key.text) {
      const error = vscode.l10n.t('The account "{0}" has no key to sign with.', key.target);
      this.deps.messages.present(
        {
          severity: 'warning',
          text: error,
          actions: [{ title: vscode.l10n.t('Set API Keys…'), command: 'exchangeTx.setApiKeys', args: [] }],
        },
        options,
      );
      return { error };
    }
    const live = key.kind === 'live';
    const header = live
      ? vscode.l10n.t(
          'Explained with the key of the account "{0}". Its signature is computed and checked here, but not shown: use Explain Signature with a Pasted Key… or the sandbox to see one.',
          key.target,
        )
      : vscode.l10n.t(
          'Signed with the key of {0}. The signature below is valid for exactly these bytes: do not share it.',
          key.target,
        );
    const result = await this.showExplanation(request, key.text, header, !live, options);
    if (live && result.uri) {
      this.deps.messages.present(
        {
          severity: 'info',
          text: vscode.l10n.t('The signature of the account "{0}" is not shown.', key.target),
          actions: [
            {
              title: vscode.l10n.t('Explain with a Pasted Key…'),
              command: 'exchangeTx.explainSignatureWithKey',
              args: at,
            },
          ],
        },
        options,
      );
    }
    return result;
  }

  /** The explanation with a key the user pastes (never saved or logged), signature shown. */
  async explainWithPastedKey(
    request: DocumentRequest,
    options: { readonly silent?: boolean } = {},
  ): Promise<ExplainResult> {
    const text = await vscode.window.showInputBox({
      title: vscode.l10n.t('Explain Signature with a Pasted Key'),
      prompt: vscode.l10n.t(
        'A private key of your own (PEM, or hex or base64 of DER). It is used in memory for this explanation only, and its signature is shown.',
      ),
      password: true,
      ignoreFocusOut: true,
    });
    if (!text) return {};
    // An account's own key would make a live, replayable signature: refused, with why.
    const account = await this.accountOfKey(text);
    if (account !== undefined) {
      const error = vscode.l10n.t(
        'This is the key of the account "{0}": its signature would work against the service for as long as the key is valid, so it is not shown. Explain Signature shows every step for it without the signature; paste a key made for testing, or use the sandbox.',
        account,
      );
      this.deps.messages.present({ severity: 'warning', text: error, actions: [] }, options);
      return { error };
    }
    return this.showExplanation(
      request,
      text,
      vscode.l10n.t(
        'Signed with the key you pasted (it was not saved). The signature below is valid for exactly these bytes: do not share it.',
      ),
      true,
      options,
    );
  }

  /** The saved account whose key `keyText` is, if any; a key that does not parse is no account's. */
  private async accountOfKey(keyText: string): Promise<string | undefined> {
    let apiKey: string;
    try {
      apiKey = loadCredentials(keyText).apiKey;
    } catch {
      return undefined;
    }
    const { accounts } = this.deps.environment;
    const saved: { name: string; apiKey: string }[] = [];
    for (const account of accounts.accounts) {
      const credentials = await accounts.credentials(account.id);
      if (credentials) saved.push({ name: account.name, apiKey: credentials.apiKey });
    }
    return accountWithKey(apiKey, saved);
  }

  private async showExplanation(
    request: DocumentRequest,
    keyText: string,
    header: string,
    withSignature: boolean,
    options: { readonly silent?: boolean },
  ): Promise<ExplainResult> {
    const { method, body } = prepareRequest(request);
    let text: string;
    try {
      text = `> ${header}\n\n${renderExplanation(explainSignature(keyText, body, { withSignature }))}`;
    } catch (error) {
      const message = errorDetail(error);
      this.deps.messages.present({ severity: 'error', text: message, actions: [] }, options);
      return { error: message };
    }
    const uri = this.deps.answers.newUri(method, 'markdown', undefined, 'signature');
    this.deps.answers.put(uri, text);
    await this.deps.answers.show(uri, 'markdown');
    return { uri, text, body };
  }
}
