/** The manifest's language-model tools: the tool table plus what VS Code and the docs need. */
import { AGENT_TOOLS } from '../../agents';

/** Offered only while the sandbox is in use (the context key the environment service sets). */
export const SANDBOX_ONLY_WHEN = 'exchangeTx.environment != live';

export const TOOL_SET_NAME = 'exchangeTx';

/** English; package.nls.json `languageModelToolSets.exchangeTx.description`. */
export const TOOL_SET_DESCRIPTION =
  'Exchange Tx: diagnose, look up and list transactions, quotes and limits; on the sandbox, create, pay and advance.';

interface VsCodeMeta {
  readonly reference: string;
  readonly icon: string;
  /** The key in package.nls.json (`languageModelTools.<key>.displayName` / `.userDescription`). */
  readonly key: string;
  /** What VS Code shows under the name (English; the display name is the tool's title). */
  readonly userDescription: string;
  /** Its cell in docs/mcp.md. */
  readonly mcpDoc: string;
  /** Its cell in the agent guide (SKILL.md), after "Sandbox only: " for a tool that changes state. */

  readonly skillDoc: string;
}

export const TOOL_META: Readonly<Record<string, VsCodeMeta>> = {
  exchangeTx_diagnoseTransaction: {
    reference: 'exchangeTxDiagnose',
    icon: '$(pulse)',
    key: 'diagnoseTransaction',
    userDescription: 'Why a transaction is stuck: since when, what it means, what comes next, what to do.',
    mcpDoc: '"why is it stuck?": status and since when, meaning, next step and usual time, what to do, ids for support',
    skillDoc:
      '"Why is it stuck?" for one id: status and since when, meaning, next step and usual time, what to do (the service\'s documentation, and our own advice marked as ours), ids for support.',
  },
  exchangeTx_getTransactions: {
    reference: 'exchangeTxLookup',
    icon: '$(search)',
    key: 'getTransactions',
    userDescription: 'Looks transactions up by id on the sandbox or the account in use.',
    mcpDoc: 'looks transactions up by id (`getTransactions`), compact or `full`',
    skillDoc:
      'Records of 1–20 transaction ids, compact (`full: true` for every field); unknown ids listed as not found.',
  },
  exchangeTx_listTransactions: {
    reference: 'exchangeTxList',
    icon: '$(list-unordered)',
    key: 'listTransactions',
    userDescription: 'Lists recent transactions, filtered by status, currency and time.',
    mcpDoc:
      'lists recent transactions, filtered by status, currency, creation time and `inStatusLongerThan` (stuck ones); `cursor` pages',
    skillDoc:
      'Recent transactions, filtered by `status`, `currency`, `since` (ISO 8601) and `inStatusLongerThan` ("1h": stuck ones); `limit`, then `cursor` = the result\'s `nextCursor` for the next page.',
  },
  exchangeTx_explainError: {
    reference: 'exchangeTxExplainError',
    icon: '$(question)',
    key: 'explainError',
    userDescription: 'Explains an error answer of the service and what to do about it.',
    mcpDoc: 'explains an error answer of the service (sends nothing)',
    skillDoc:
      'What an error answer means and what to do (give `errorJson`, or `code` + `message`, or `httpStatus`). Sends nothing.',
  },
  exchangeTx_getPairLimits: {
    reference: 'exchangeTxPairLimits',
    icon: '$(arrow-swap)',
    key: 'getPairLimits',
    userDescription: 'Reads the minimum and maximum amounts of currency pairs.',
    mcpDoc: 'minimum and maximum amounts of currency pairs',
    skillDoc: 'Minimum and maximum payin amounts of pairs, float and fixed.',
  },
  exchangeTx_getEstimate: {
    reference: 'exchangeTxEstimate',
    icon: '$(graph-line)',
    key: 'getEstimate',
    userDescription: 'Estimates what a floating-rate exchange pays out.',
    mcpDoc: 'a floating-rate estimate',
    skillDoc: 'Floating-rate estimate (`getExchangeAmount`).',
  },
  exchangeTx_getFixedRate: {
    reference: 'exchangeTxFixedRate',
    icon: '$(lock)',
    key: 'getFixedRate',
    userDescription: 'Gets a fixed-rate quote and its rate id.',
    mcpDoc: 'a fixed-rate quote with its rate id',
    skillDoc: 'Fixed-rate quote with its rate id (`getFixRateForAmount`).',
  },
  exchangeTx_validateAddress: {
    reference: 'exchangeTxValidateAddress',
    icon: '$(pass)',
    key: 'validateAddress',
    userDescription: 'Checks whether an address is valid for a currency.',
    mcpDoc: 'checks an address (and extra id) for a currency',
    skillDoc: 'Whether an address (and extra id) is valid for a currency.',
  },
  exchangeTx_createSandboxTransaction: {
    reference: 'exchangeTxSandboxCreate',
    icon: '$(add)',
    key: 'createSandboxTransaction',
    userDescription: 'Creates a transaction in the local sandbox (asks first; never on an account).',
    mcpDoc: 'creates a transaction in the sandbox',
    skillDoc: 'create a transaction, optionally in a given status.',
  },
  exchangeTx_createSandboxFixedTransaction: {
    reference: 'exchangeTxSandboxCreateFixed',
    icon: '$(lock-small)',
    key: 'createSandboxFixedTransaction',
    userDescription: "Creates a fixed-rate transaction with a quote's rate id in the sandbox, never on an account.",
    mcpDoc: "`createFixTransaction` in the sandbox with a quote's rate id",
    skillDoc: "`createFixTransaction` with a quote's rate id, as an integration sends it.",
  },
  exchangeTx_paySandboxTransaction: {
    reference: 'exchangeTxSandboxPay',
    icon: '$(credit-card)',
    key: 'paySandboxTransaction',
    userDescription: 'Pays a waiting sandbox transaction (asks first; never on an account).',
    mcpDoc: 'pays a waiting sandbox transaction',
    skillDoc: 'pay a waiting transaction (the expected or another amount).',
  },
  exchangeTx_listSandboxRequests: {
    reference: 'exchangeTxSandboxRequests',
    icon: '$(output)',
    key: 'listSandboxRequests',
    userDescription: 'What your own code sent the sandbox, and why a refused request was refused.',
    mcpDoc: 'lists what reached the sandbox from your code, with the diagnosis of each refused request',
    skillDoc:
      'what the user\'s own code sent the sandbox (`outcome`: "unauthorized" for 401s), each refused request with its diagnosis code and what to change.',
  },
  exchangeTx_moveSandboxTransaction: {
    reference: 'exchangeTxSandboxMove',
    icon: '$(debug-step-over)',
    key: 'moveSandboxTransaction',
    userDescription: 'Moves a sandbox transaction to a status (asks first; never on an account).',
    mcpDoc: 'moves a sandbox transaction to a status (hold, failed, refunded…)',
    skillDoc: 'move a transaction to a status.',
  },
  exchangeTx_advanceSandbox: {
    reference: 'exchangeTxSandboxAdvance',
    icon: '$(debug-continue)',
    key: 'advanceSandbox',
    userDescription: 'Runs a transaction through its steps or skips the clock in the sandbox, never on an account.',
    mcpDoc: "runs a transaction to a status through its normal steps, or skips the sandbox's clock",
    skillDoc:
      'run a transaction to a status through its normal steps (`id`, `toStatus`), or skip the sandbox\'s clock (`skip`: "2h").',
  },
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
      ...(tool.sandboxOnly ? { when: SANDBOX_ONLY_WHEN } : {}),
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
