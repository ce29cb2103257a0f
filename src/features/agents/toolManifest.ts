/**
 * The manifest's language-model tools, made from the tool table (src/agents): the model
 * description and input schema are the tool's, sandbox-only tools carry the `when` clause that
 * offers them only while the sandbox is in use, and this file adds what only VS Code needs (the
 * chat reference name, the icon, the localized name and description keys). Pure (no `vscode`):
 * `npm run manifest:tools` writes package.json from it and the manifest test checks it.
 */
import { AGENT_TOOLS } from '../../agents';

/** Offered only while the sandbox is in use (the context key the environment service sets). */
export const SANDBOX_ONLY_WHEN = 'exchangeTx.environment != live';

export const TOOL_SET_NAME = 'exchangeTx';

interface VsCodeMeta {
  readonly reference: string;
  readonly icon: string;
  /** The key in package.nls.json (`languageModelTools.<key>.displayName` / `.userDescription`). */
  readonly key: string;
}

export const TOOL_META: Readonly<Record<string, VsCodeMeta>> = {
  exchangeTx_diagnoseTransaction: { reference: 'exchangeTxDiagnose', icon: '$(pulse)', key: 'diagnoseTransaction' },
  exchangeTx_getTransactions: { reference: 'exchangeTxLookup', icon: '$(search)', key: 'getTransactions' },
  exchangeTx_listTransactions: { reference: 'exchangeTxList', icon: '$(list-unordered)', key: 'listTransactions' },
  exchangeTx_explainError: { reference: 'exchangeTxExplainError', icon: '$(question)', key: 'explainError' },
  exchangeTx_getPairLimits: { reference: 'exchangeTxPairLimits', icon: '$(arrow-swap)', key: 'getPairLimits' },
  exchangeTx_getEstimate: { reference: 'exchangeTxEstimate', icon: '$(graph-line)', key: 'getEstimate' },
  exchangeTx_getFixedRate: { reference: 'exchangeTxFixedRate', icon: '$(lock)', key: 'getFixedRate' },
  exchangeTx_validateAddress: { reference: 'exchangeTxValidateAddress', icon: '$(pass)', key: 'validateAddress' },
  exchangeTx_createSandboxTransaction: { reference: 'exchangeTxSandboxCreate', icon: '$(add)', key: 'createSandboxTransaction' },
  exchangeTx_createSandboxFixedTransaction: { reference: 'exchangeTxSandboxCreateFixed', icon: '$(lock-small)', key: 'createSandboxFixedTransaction' },
  exchangeTx_paySandboxTransaction: { reference: 'exchangeTxSandboxPay', icon: '$(credit-card)', key: 'paySandboxTransaction' },
  exchangeTx_moveSandboxTransaction: { reference: 'exchangeTxSandboxMove', icon: '$(debug-step-over)', key: 'moveSandboxTransaction' },
  exchangeTx_advanceSandbox: { reference: 'exchangeTxSandboxAdvance', icon: '$(debug-continue)', key: 'advanceSandbox' },
};

function metaOf(name: string): VsCodeMeta {
  const meta = TOOL_META[name];
  if (!meta) throw new Error(`No manifest metadata for the tool ${name}.`);
  return meta;
}

/** The `languageModelTools` entries, in the tool table's order. */
export function manifestToolEntries(): Record<string, unknown>[] {
  return AGENT_TOOLS.map((tool) => {
    const meta = metaOf(tool.name);
    return {
      name: tool.name,
      toolReferenceName: meta.reference,
      displayName: `%languageModelTools.${meta.key}.displayName%`,
      userDescription: `%languageModelTools.${meta.key}.userDescription%`,
      modelDescription: tool.description,
      canBeReferencedInPrompt: true,
      icon: meta.icon,
      ...(tool.changesState ? { when: SANDBOX_ONLY_WHEN } : {}),
      inputSchema: JSON.parse(JSON.stringify(tool.inputSchema)) as unknown,
    };
  });
}

/** One tool set of every tool, referenced in chat as #exchangeTx. */
export function manifestToolSets(): Record<string, unknown>[] {
  return [
    {
      name: TOOL_SET_NAME,
      description: '%languageModelToolSets.exchangeTx.description%',
      icon: '$(arrow-swap)',
      tools: AGENT_TOOLS.map((tool) => metaOf(tool.name).reference),
    },
  ];
}
