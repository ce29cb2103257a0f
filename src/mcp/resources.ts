/**
 * The MCP server's resources and prompts: the status guide (what each status means, what comes
 * next, what to do), a template for a transaction by id (its record and diagnosis, read through
 * the diagnosis tool), and two prompts: "diagnose a transaction" and "integrate the fixed-rate
 * flow". Kept apart from server.ts, which wires them to the protocol.
 */
import type { AgentTool, AgentToolContext } from '../agents/types';
import { FIXED_RATE_DOCS_URL, statusGuideMarkdown } from '../agents/statusGuide';
import { ID_PATTERN } from '../agents/schemaParts';

export const STATUS_GUIDE_URI = 'exchange-tx://status-guide';
export const TRANSACTION_URI_TEMPLATE = 'exchange-tx://transaction/{id}';
const TRANSACTION_URI = /^exchange-tx:\/\/transaction\/([^/?#]+)$/;

export const RESOURCES = [
  {
    uri: STATUS_GUIDE_URI,
    name: 'status-guide',
    title: 'Transaction Status Guide',
    description:
      "What each transaction status means (the service's documentation), what normally comes next, how long it usually takes and what to do.",
    mimeType: 'text/markdown',
  },
];

export const RESOURCE_TEMPLATES = [
  {
    uriTemplate: TRANSACTION_URI_TEMPLATE,
    name: 'transaction',
    title: 'Transaction by ID',
    description:
      'One transaction of the target in use: its diagnosis (status since when, meaning, next step, what to do) and its record, as text and JSON.',
    mimeType: 'text/plain',
  },
];

export class ResourceError extends Error {}

/** The contents of a resource by URI (the diagnosis tool reads a transaction). */
export async function readResource(
  uri: string,
  diagnoseTool: AgentTool | undefined,
  context: AgentToolContext,
): Promise<{ uri: string; mimeType: string; text: string }[]> {
  if (uri === STATUS_GUIDE_URI) return [{ uri, mimeType: 'text/markdown', text: statusGuideMarkdown() }];
  const id = TRANSACTION_URI.exec(uri)?.[1];
  if (id === undefined)
    throw new ResourceError(
      `There is no resource ${JSON.stringify(uri.slice(0, 80))}: the resources are ${STATUS_GUIDE_URI} and ${TRANSACTION_URI_TEMPLATE}.`,
    );
  const decoded = decodeURIComponent(id);
  if (!new RegExp(ID_PATTERN).test(decoded))
    throw new ResourceError('A transaction id is 4-64 letters, digits, "-" or "_".');
  if (!diagnoseTool)
    throw new ResourceError('The diagnosis tool is not served (--tools): transactions cannot be read as resources.');
  const result = await diagnoseTool.run(context, { id: decoded });
  return [
    { uri, mimeType: 'text/plain', text: result.text },
    { uri, mimeType: 'application/json', text: JSON.stringify(result.data) },
  ];
}

export const PROMPTS = [
  {
    name: 'diagnose-transaction',
    title: 'Diagnose a Transaction',
    description: 'Why is this transaction stuck, and what should I do? Diagnoses one transaction by id.',
    arguments: [{ name: 'id', description: 'The transaction id.', required: true }],
  },
  {
    name: 'integrate-fixed-rate-flow',
    title: 'Integrate the Fixed-Rate Flow',
    description:
      'Walks through the fixed-rate flow as the service documents it (quote, create with the rate id, pay before payTill, track), tried on the sandbox.',
    arguments: [
      { name: 'from', description: 'The payin currency (default btc).', required: false },
      { name: 'to', description: 'The payout currency (default eth).', required: false },
      { name: 'amountFrom', description: 'The payin amount (default 0.1).', required: false },
    ],
  },
];

function argument(
  args: Readonly<Record<string, string>> | undefined,
  name: string,
  fallback: string,
  pattern: RegExp,
): string {
  const value = args?.[name]?.trim();
  if (value === undefined || value === '') return fallback;
  if (!pattern.test(value)) throw new ResourceError(`The argument "${name}" does not have the expected form.`);
  return value;
}

/** A prompt's messages. */
export function getPrompt(
  name: string,
  args: Readonly<Record<string, string>> | undefined,
  sandbox: boolean,
): { description: string; messages: { role: 'user'; content: { type: 'text'; text: string } }[] } {
  if (name === 'diagnose-transaction') {
    const id = argument(args, 'id', '', new RegExp(ID_PATTERN));
    if (id === '') throw new ResourceError('The prompt "diagnose-transaction" needs the argument "id".');
    const text =
      `Why is the exchange transaction "${id}" stuck? Call exchangeTx_diagnoseTransaction with {"id": "${id}"}. ` +
      'Tell me its status and since when, what that status means, what normally comes next and how long it usually takes, and what I should do now. ' +
      "Keep the service's documented advice apart from advice marked as Exchange Tx's own, and end with the ids and links a support request needs.";
    return { description: `Diagnose ${id}`, messages: [{ role: 'user', content: { type: 'text', text } }] };
  }
  if (name === 'integrate-fixed-rate-flow') {
    const ticker = /^[A-Za-z0-9]{1,32}$/;
    const from = argument(args, 'from', 'btc', ticker).toLowerCase();
    const to = argument(args, 'to', 'eth', ticker).toLowerCase();
    const amount = argument(args, 'amountFrom', '0.1', /^[0-9]{1,20}(\.[0-9]{1,20})?$/);
    const steps = [
      `Help me integrate the fixed-rate flow of the exchange service for ${amount} ${from.toUpperCase()} → ${to.toUpperCase()}, as its documentation describes it (${FIXED_RATE_DOCS_URL}):`,
      `1. Quote: exchangeTx_getFixedRate {"from": "${from}", "to": "${to}", "amountFrom": "${amount}"} gives a single-use rate id and when it expires.`,
      '2. Create before it expires: createFixTransaction with that rate id, the same amount, the payout address and the refund address (required for fixed rate).',
      '3. The user pays amountExpectedFrom to the payin address (with the payin extra id when there is one) before payTill; after it the transaction expires.',
      '4. Track it with getTransactions/getStatus: waiting → confirming → exchanging → sending → finished; hold means an AML/KYC check.',
    ];
    if (sandbox) {
      steps.push(
        'Try it on the sandbox: exchangeTx_createSandboxFixedTransaction with the rate id (step 2), exchangeTx_advanceSandbox {"id": …, "toStatus": "finished"} to pay it and run it through its steps, and exchangeTx_diagnoseTransaction at any point.',
      );
    }
    steps.push(
      'Show me the request bodies my code must send at each step and how it should handle expired, hold and refunded.',
    );
    return {
      description: 'The fixed-rate flow',
      messages: [{ role: 'user', content: { type: 'text', text: steps.join('\n') } }],
    };
  }
  throw new ResourceError(
    `There is no prompt ${JSON.stringify(name.slice(0, 64))}: the prompts are ${PROMPTS.map((p) => p.name).join(', ')}.`,
  );
}
