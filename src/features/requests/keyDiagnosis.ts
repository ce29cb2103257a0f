/**
 * "Diagnose Keys…": each step of signing with the active key checked here, then one harmless call
 * (`getTransactions` with limit 1), and which step failed, with the fix, in a Markdown document.
 */
import type { EnvironmentService } from '../accounts/environmentService';
import type { SandboxHost } from '../builtInSandbox/sandboxHost';
import * as vscode from 'vscode';
import type { EnvironmentKind } from '../common/environmentDeps';
import { classifyError } from '../common/errorKind';
import { errorDetail } from '../common/errorMessages';
import { plainText } from '../common/userMessages';
import type { AnswerDocuments } from './answerDocuments';
import { explainSignature } from './signatureExplain';

/**
 * The key requests are signed with now (PEM or hex text; undefined when the account has none),
 * where they go and the target's name: the chosen account's unless the workspace is restricted,
 * else the built-in sandbox's (started if needed). The text stays in memory, never shown whole.
 */
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

export interface DiagnosisStep {
  readonly step: string;
  readonly ok: boolean;
  readonly detail: string;
}

export interface DiagnosisDeps {
  readonly environment: Pick<EnvironmentService, 'client' | 'state' | 'accounts' | 'chosen'>;
  readonly sandboxHost: Pick<SandboxHost, 'start'>;
  readonly answers: AnswerDocuments;
}

export async function diagnoseKeys(
  deps: DiagnosisDeps,
  options: { readonly silent?: boolean },
): Promise<{ steps: DiagnosisStep[]; uri: vscode.Uri; text: string }> {
  const steps: DiagnosisStep[] = [];
  const add = (step: string, ok: boolean, detail: string): number => steps.push({ step, ok, detail });
  const key = await signingKey(deps.environment, deps.sandboxHost);
  const body = JSON.stringify({ jsonrpc: '2.0', id: 'diagnose', method: 'getTransactions', params: { limit: 1 } });
  let usable = false;
  if (!key.text) {
    add(vscode.l10n.t('Key'), false, vscode.l10n.t('No key is saved for "{0}". Fix: Set API Keys….', key.target));
  } else {
    try {
      const explained = explainSignature(key.text, body);
      const { formatName, bits } = explained.key;
      add(vscode.l10n.t('Key format'), true, vscode.l10n.t('{0}, RSA {1} bits', formatName, bits));
      add(
        vscode.l10n.t('API key'),
        true,
        vscode.l10n.t(
          'Derived from the key: {0}… (the X-Api-Key the service must know for this key)',
          explained.apiKey.slice(0, 6),
        ),
      );
      add(
        vscode.l10n.t('Local signature'),
        explained.verified,
        explained.verified
          ? vscode.l10n.t("A signature of the body verifies with the key's public half.")
          : vscode.l10n.t('The signature does not verify: the key is damaged. Fix: set the key again.'),
      );
      usable = explained.verified;
    } catch (error) {
      add(
        vscode.l10n.t('Key format'),
        false,
        vscode.l10n.t(
          '{0} Fix: Set API Keys… with the key as the service issued it (PEM, or hex of DER).',
          errorDetail(error),
        ),
      );
    }
  }
  if (usable) steps.push(await probe(deps.environment, body));
  const lines = [
    `# ${vscode.l10n.t('Diagnose Keys: {0}', key.target)}`,
    '',
    `${vscode.l10n.t('Address')}: ${key.baseUrl ?? '—'}`,
    '',
  ];
  // Words, not emoji: the preview has no codicons, and an emoji is an empty box where no emoji font is installed.
  for (const s of steps)
    lines.push(`- **${s.ok ? vscode.l10n.t('Passed') : vscode.l10n.t('FAILED')}** · ${s.step}: ${s.detail}`);
  const failed = steps.find((s) => !s.ok);
  lines.push(
    '',
    failed
      ? vscode.l10n.t('The first failed step is "{0}".', failed.step)
      : vscode.l10n.t('Every step passed: the service accepts this key.'),
  );
  const text = `${lines.join('\n')}\n`;
  const uri = deps.answers.newUri('keys', 'markdown', undefined, 'diagnosis');
  deps.answers.put(uri, text);
  if (!options.silent) await deps.answers.show(uri, 'markdown', { focus: true });
  return { steps, uri, text };
}

async function probe(environment: Pick<EnvironmentService, 'client'>, body: string): Promise<DiagnosisStep> {
  const step = vscode.l10n.t('The service');
  const failed = (detail: string): DiagnosisStep => ({ step, ok: false, detail });
  try {
    const client = await environment.client();
    const answer = await client.send(Buffer.from(body, 'utf8'));
    if (answer.status === 401 || answer.status === 403)
      return failed(
        vscode.l10n.t(
          "HTTP {0}: the service does not accept this key. Check that the key is the one issued with this account's API key, and that it is the account (host) it was issued for.",
          answer.status,
        ),
      );
    if (answer.status < 200 || answer.status > 299)
      return failed(vscode.l10n.t('HTTP {0}: the service failed, not the key. Try again later.', answer.status));
    if (answer.rateLimited)
      return failed(
        vscode.l10n.t(
          'The rate limit was reached: the key works, but other programs use it at the same time. Wait a second.',
        ),
      );
    if (/"result"\s*:/.test(answer.text))
      return {
        step,
        ok: true,
        detail: vscode.l10n.t('HTTP {0}: a signed call was accepted ({1} ms).', answer.status, answer.durationMs),
      };
    return failed(vscode.l10n.t('HTTP {0}: an unexpected answer: {1}', answer.status, plainText(answer.text, 200)));
  } catch (error) {
    const kind = classifyError(error);
    const message = errorDetail(error);
    if (kind === 'network' || kind === 'timeout')
      return failed(
        vscode.l10n.t("The host could not be reached: {0} Fix: check the account's address and the network.", message),
      );
    return failed(message);
  }
}
