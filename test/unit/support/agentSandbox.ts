/**
 * The agent tools' tests against a real sandbox: one harness (an empty, seeded ledger, a manual
 * clock) for the calling suite, and for each test a fresh client that does not retry, a control
 * client and the tools' context on the sandbox, with the sandbox's request list cleared.
 *
 *   const s = agentSandbox();
 *   … await tool('exchangeTx_getEstimate').run(s.context, input) … s.h.sandbox.requests …
 */
import { strict as assert } from 'assert';
import { ControlClient } from '../../../src/api';
import type { ExchangeClient } from '../../../src/api';
import { findAgentTool, SANDBOX_TARGET } from '../../../src/agents';
import type { AgentTool, AgentToolContext, AgentToolResult } from '../../../src/agents';
import { startHarness } from '../api/support';
import type { Harness } from '../api/support';

export interface AgentSandbox {
  /** The sandbox with its key and limiter (from the suite's `before`). */
  readonly h: Harness;
  /** This test's client (no retries). */
  readonly client: ExchangeClient;
  /** This test's control client of the sandbox. */
  readonly control: ControlClient;
  /** The tools' context on the sandbox: this test's client and control client, the sandbox target. */
  readonly context: AgentToolContext;
}

/** Registers the suite's hooks (see the file's comment) and returns what they make. */
export function agentSandbox(): AgentSandbox {
  let h: Harness | undefined;
  let client: ExchangeClient | undefined;
  let control: ControlClient | undefined;
  before(async () => {
    h = await startHarness({ ledgerSize: 0 });
  });
  after(async () => {
    await h?.sandbox.stop();
  });
  beforeEach(() => {
    const harness = ready(h);
    client = harness.client({ retry: { retries: 0 } });
    control = new ControlClient({
      baseUrl: harness.sandbox.url,
      credentials: harness.credentials,
      limiter: harness.limiter,
    });
    harness.sandbox.clearRequests();
  });
  afterEach(() => {
    client?.dispose();
    control?.dispose();
  });
  return {
    get h() {
      return ready(h);
    },
    get client() {
      return ready(client);
    },
    get control() {
      return ready(control);
    },
    get context() {
      return { client: ready(client), target: SANDBOX_TARGET, control: ready(control) };
    },
  };
}

function ready<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('made in the suite\'s "before" and "beforeEach"');
  return value;
}

/** The agent tool of that name. */
export function namedTool(name: string): AgentTool {
  const found = findAgentTool(name);
  assert.ok(found, `no tool ${name}`);
  return found;
}

/** A result's data, failing on an error result (with its text). */
export function okData(result: AgentToolResult): Record<string, unknown> {
  assert.notEqual(result.isError, true, result.text);
  return result.data as Record<string, unknown>;
}
