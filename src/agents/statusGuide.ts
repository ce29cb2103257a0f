/**
 * What each status means, what normally comes next, how long it usually takes and what to do now:
 * the facts of the service's public documentation, each with its page, and our own advice beside
 * them, marked as ours. Read by the diagnosis tool, the MCP server's status guide resource and the
 * details document. Pure data.
 *
 * Sources (the service's documentation):
 * - transaction statuses: https://docs.changelly.com/transaction-statuses (also /info/get-status)
 * - hold and KYC: https://docs.changelly.com/usage/kyc-aml
 * - fixed-rate flow: https://docs.changelly.com/fix/create-fix-transaction
 */
import type { TransactionStatus } from '../shared/status';

export const STATUS_DOCS_URL = 'https://docs.changelly.com/transaction-statuses';
export const KYC_DOCS_URL = 'https://docs.changelly.com/usage/kyc-aml';
export const FIXED_RATE_DOCS_URL = 'https://docs.changelly.com/fix/create-fix-transaction';

export interface Advice {
  readonly text: string;
  /** `docs`: the service's documentation says so (at `url`); `ours`: Exchange Tx's advice, not the service's. */
  readonly source: 'docs' | 'ours';
  readonly url?: string;
}

export interface StatusFacts {
  /** What the status means (the service's documentation). */
  readonly meaning: string;
  /** What normally comes next (ours where the documentation gives no transitions). */
  readonly next: string;
  /** How long it usually takes, in words (ours: the documentation gives no times). */
  readonly usually: string;
  /** Whether it needs nobody's action while within the usual time. */
  readonly final: boolean;
  readonly advice: readonly Advice[];
}

const docs = (text: string, url = STATUS_DOCS_URL): Advice => ({ text, source: 'docs', url });
const ours = (text: string): Advice => ({ text, source: 'ours' });

export const STATUS_FACTS: Readonly<Record<TransactionStatus, StatusFacts>> = {
  waiting: {
    meaning: 'The transaction is waiting for the incoming payment (payin) to its payin address.',
    next: 'confirming, once the payin is seen on the blockchain; overdue (floating rate) or expired (fixed rate) if nothing arrives in time.',
    usually: 'as long as the user takes to pay; a fixed-rate transaction must be paid before its payTill.',
    final: false,
    advice: [
      ours(
        'Check that the user sent the expected amount of the payin currency to the payin address (with the payin extra id when there is one).',
      ),
      ours(
        'A fixed-rate transaction past its payTill will not be exchanged at its rate: create a new one with a new rate id.',
      ),
    ],
  },
  confirming: {
    meaning:
      'The payin was received; the service waits for a number of blockchain confirmations that depends on the payin currency.',
    next: "exchanging, once the payin currency's confirmations are reached.",
    usually: "the payin currency's confirmations times its block time (see the confirmations below).",
    final: false,
    advice: [
      ours(
        'Nothing to do while the confirmations come in; past several times the usual time, check the payin hash in a block explorer, then contact support with the transaction id.',
      ),
    ],
  },
  exchanging: {
    meaning: 'The payment was confirmed and is being exchanged.',
    next: 'sending; or hold when an AML/KYC check is needed; refunded or failed when the exchange cannot be made.',
    usually: 'minutes.',
    final: false,
    advice: [ours('Nothing to do; well past the usual time, contact support with the transaction id.')],
  },
  sending: {
    meaning: 'The coins are being sent to the recipient (payout) address.',
    next: 'finished, once the payout is sent.',
    usually: "minutes (the payout currency's network).",
    final: false,
    advice: [ours('Nothing to do; the payout hash appears when it is sent.')],
  },
  hold: {
    meaning: 'The exchange is delayed by an AML/KYC procedure.',
    next: 'after the check: exchanging (and on to finished), or refunded.',
    usually: 'until the user passes the KYC procedure: nothing moves on its own.',
    final: false,
    advice: [
      docs(
        "Ask the user to contact the service's security team (the address is on the KYC/AML page) to pass the KYC procedure, with the transaction id.",
        KYC_DOCS_URL,
      ),
      docs('Tell users before they exchange that a transaction may be held for AML/KYC verification.', KYC_DOCS_URL),
    ],
  },
  finished: {
    meaning: 'The coins were sent to the recipient address.',
    next: 'nothing: final.',
    usually: 'final.',
    final: true,
    advice: [
      ours(
        'If the user says nothing arrived, give them the payout hash to look up in a block explorer of the payout currency.',
      ),
    ],
  },
  failed: {
    meaning: 'The transaction failed; in most cases the amount was less than the minimum.',
    next: 'nothing: final.',
    usually: 'final.',
    final: true,
    advice: [
      docs("Contact the service's support with the transaction id."),
      ours("Check the pair's minimum (getPairsParams) before creating the next one."),
    ],
  },
  refunded: {
    meaning: "The exchange failed and the coins were refunded to the user's wallet (the refund address the user gave).",
    next: 'nothing: final.',
    usually: 'final.',
    final: true,
    advice: [
      ours('Give the user the refund hash; if the refund did not arrive, contact support with the transaction id.'),
    ],
  },
  overdue: {
    meaning: 'The payin of a floating-rate transaction was not sent within the indicated time.',
    next: 'nothing: final.',
    usually: 'final.',
    final: true,
    advice: [
      ours(
        'The documentation does not say what happens to a payin that arrives late: do not pay it; if the user did, contact support with the transaction id and the payin hash. Create a new transaction for a new exchange.',
      ),
    ],
  },
  expired: {
    meaning: 'The payin of a fixed-rate transaction was not sent within the indicated time (its payTill).',
    next: 'nothing: final.',
    usually: 'final.',
    final: true,
    advice: [
      ours(
        'The documentation does not say what happens to a payin that arrives after payTill: do not pay it; if the user did, contact support with the transaction id and the payin hash. For a new exchange get a new quote (rate id) and create a new transaction.',
      ),
    ],
  },
  unknown: {
    meaning: 'A status this client does not know: the service answered a value outside its documented list.',
    next: 'not known.',
    usually: 'not known.',
    final: false,
    advice: [
      ours(
        "Look at the raw status and the service's documentation; contact support with the transaction id if it persists.",
      ),
    ],
  },
};

/** An advice line: the text and where it comes from. */
export function adviceLine(advice: Advice): string {
  return advice.source === 'docs'
    ? `${advice.text} (the service's documentation: ${advice.url ?? STATUS_DOCS_URL})`
    : `${advice.text} (our advice, not the service's)`;
}

/**
 * A status's notes for a person: what it means, what normally comes next, how long it usually
 * takes, what to do (the details document shows them under the record). Same text as the
 * diagnosis tool's.
 */
export function statusNotes(status: TransactionStatus): string[] {
  const facts = STATUS_FACTS[status];
  return [
    `Status ${status}: ${facts.meaning} (the service's documentation: ${STATUS_DOCS_URL})`,
    `Next (ours): ${facts.next}`,
    `Usually (ours): ${facts.usually}`,
    ...facts.advice.map((advice) => `What to do: ${adviceLine(advice)}`),
  ];
}

/** The status guide as Markdown (the MCP resource, the agent guide). */
export function statusGuideMarkdown(): string {
  const lines = [
    '# Transaction statuses: meaning, next step, what to do',
    '',
    `Meanings from the service's documentation (${STATUS_DOCS_URL}); transitions, times and advice marked "ours" are Exchange Tx's, not the service's.`,
    '',
  ];
  for (const [status, facts] of Object.entries(STATUS_FACTS)) {
    lines.push(
      `## ${status}`,
      '',
      `- Meaning: ${facts.meaning}`,
      `- Next (ours): ${facts.next}`,
      `- Usually (ours): ${facts.usually}`,
    );
    for (const advice of facts.advice) lines.push(`- What to do: ${adviceLine(advice)}`);
    lines.push('');
  }
  return lines.join('\n');
}
