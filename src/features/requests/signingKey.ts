/**
 * The key requests are signed with now, as saved (PEM or hex text), where they go, and the
 * target's name; undefined text when the chosen account has no key. For Explain Signature and
 * Diagnose Keys: the text stays in memory and is never shown whole.
 */
import type { EnvironmentService } from '../accounts/environmentService';
import type { SandboxHost } from '../builtInSandbox/sandboxHost';
import * as vscode from 'vscode';
import type { EnvironmentKind } from '../common/environmentDeps';

export interface SigningKey {
  readonly text: string | undefined;
  readonly kind: EnvironmentKind;
  readonly target: string;
  readonly baseUrl: string | undefined;
}

/** The chosen account's key unless the workspace is restricted, else the built-in sandbox's (started if needed). */
export async function signingKey(
  environment: Pick<EnvironmentService, 'state' | 'accounts' | 'chosen'>,
  sandbox: Pick<SandboxHost, 'start'>,
): Promise<SigningKey> {
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
