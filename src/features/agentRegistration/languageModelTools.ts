/** The agent tools as language-model tools; one that changes state asks on the sandbox, refused on an account. */
import type { EnvironmentService } from '../accounts/environmentService';
import type { SandboxHost } from '../builtInSandbox/sandboxHost';
import * as vscode from 'vscode';
import { AGENT_TOOLS, failure, redactSecrets, sandboxOnlyRefusal } from '../../agents';
import type { AgentTarget, AgentTool, AgentToolContext, AgentToolResult } from '../../agents';
import type { ControlClient } from '../../api/controlClient';
import type { TransactionStore } from '../../store/transactionStore';
import type { AccountSightings } from '../common/accountSightings';
import { tagged } from '../common/log';
import type { Logger } from '../common/log';

export interface AgentToolsDeps {
  readonly environment: EnvironmentService;
  readonly sandboxHost: SandboxHost;
  readonly log: Logger;
  /** The store every record fetched passes: what a tool fetches too (the sightings are noted from it). */
  readonly store: Pick<TransactionStore, 'upsert'>;
  /** The first sightings of each account's transactions (the diagnosis's "at least since"). */
  readonly sightings?: Pick<AccountSightings, 'of'>;
}

function targetOf(kind: string, account: { readonly name: string; readonly host: string } | undefined): AgentTarget {
  if (kind === 'live' && account) return { kind: 'account', label: account.name, host: account.host };
  return { kind: 'sandbox', label: 'Sandbox' };
}

function targetName(target: AgentTarget): string {
  return target.kind === 'sandbox'
    ? vscode.l10n.t('the sandbox')
    : vscode.l10n.t("account '{0}' ({1})", target.label, target.host);
}

type Redact = (text: string) => string;

/** The result as its text and its JSON, with the API key and anything key-shaped cut out. */
function resultOf(result: AgentToolResult, byValue: Redact): vscode.LanguageModelToolResult {
  const clean = (text: string) => redactSecrets(byValue(text));
  return new vscode.LanguageModelToolResult([
    new vscode.LanguageModelTextPart(clean(result.text)),
    // Each string cut on its own: cutting the JSON text could take a quote or an escape with the key and break it.
    new vscode.LanguageModelTextPart(
      JSON.stringify(result.data, (_key, value: unknown) => (typeof value === 'string' ? clean(value) : value)),
    ),
  ]);
}

const asIs: Redact = (text) => text;

function signalOf(token: vscode.CancellationToken): { readonly signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  const listener = token.onCancellationRequested(() => controller.abort());
  return {
    signal: controller.signal,
    dispose: () => {
      listener.dispose();
    },
  };
}

export class LanguageModelAgentTool implements vscode.LanguageModelTool<unknown> {
  constructor(
    private readonly tool: AgentTool,
    private readonly deps: AgentToolsDeps,
  ) {}

  /** Names the target; a tool that creates or moves asks first, naming what it will do, on the sandbox. */
  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>): vscode.PreparedToolInvocation {
    const target = this.chosenTarget();
    if (this.tool.sandboxOnly && target.kind !== 'sandbox') {
      // Refused when it runs: nothing to confirm, nothing is sent.
      return {
        invocationMessage: vscode.l10n.t('{0}: refused on {1} (sandbox only)', this.tool.title, targetName(target)),
      };
    }
    if (!this.tool.changesState)
      return { invocationMessage: vscode.l10n.t('{0} on {1}', this.tool.title, targetName(target)) };
    const confirmation = this.tool.confirmation?.(options.input) ?? {
      title: this.tool.title,
      message: this.tool.description,
    };
    return {
      invocationMessage: vscode.l10n.t('{0} on {1}', this.tool.title, targetName(target)),
      confirmationMessages: confirmation,
    };
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<unknown>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const cancel = signalOf(token);
    // Set once the connection is known: its key, by value, is cut from the result and any error.
    const redact: { byValue: Redact } = { byValue: asIs };
    try {
      const result = await this.run(options.input, cancel.signal, redact).catch((error: unknown) =>
        failure({ target: this.chosenTarget() }, this.tool.title, error),
      );
      const error = (result.data as { error?: { kind?: string } } | undefined)?.error;
      this.deps.log.info(
        redactSecrets(
          redact.byValue(`${this.tool.name}: ${result.isError ? `failed (${error?.kind ?? 'error'})` : 'ok'}`),
        ),
      );
      return resultOf(result, redact.byValue);
    } finally {
      cancel.dispose();
    }
  }

  private chosenTarget(): AgentTarget {
    return targetOf(this.deps.environment.kind, this.deps.environment.state.account);
  }

  private async run(input: unknown, signal: AbortSignal, redact: { byValue: Redact }): Promise<AgentToolResult> {
    const chosen = this.chosenTarget();
    // Refused before the account's connection is even made (no trust prompt, nothing signed).
    if (this.tool.sandboxOnly && chosen.kind !== 'sandbox')
      return sandboxOnlyRefusal({ target: chosen }, this.tool.title);
    // The target is decided when the tool runs, so a switch never sends a changing call to an account.
    const connection = await this.deps.environment.connection();
    if (connection.redact) redact.byValue = connection.redact;
    const target = targetOf(connection.kind, connection.account);

    let control: ControlClient | undefined;
    if ((this.tool.changesState || this.tool.usesControl) && target.kind === 'sandbox')
      control = (await this.deps.sandboxHost.start()).control;
    const account = connection.kind === 'live' ? connection.account : undefined;
    const sightings = account ? this.deps.sightings?.of(account.id) : undefined;
    const context: AgentToolContext = {
      client: connection.client,
      target,
      signal,
      ...(control ? { control } : {}),
      ...(sightings ? { sightings } : {}),
      onRecords: (records) => this.deps.store.upsert(records, account?.id ?? 'sandbox'),
    };
    return this.tool.run(context, input);
  }
}

/** The implementation of every agent tool, by name; they log tagged `[agents]`. */
export function agentToolsByName(deps: AgentToolsDeps): Map<string, LanguageModelAgentTool> {
  const own = { ...deps, log: tagged(deps.log, 'agents') };
  return new Map(AGENT_TOOLS.map((tool) => [tool.name, new LanguageModelAgentTool(tool, own)]));
}
