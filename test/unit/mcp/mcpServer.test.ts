/**
 * The MCP server as an MCP client meets it: the bundled dist/mcp.js (the production build, as it
 * ships) spawned over stdio by the SDK's own Client, against real sandboxes over real HTTP. It
 * lists every agent tool with the core's schemas, runs every one of them on the sandbox (the
 * state-changing ones too, seen in the sandbox's ledger), refuses them on an account (a second
 * sandbox posing as the service), keeps stdout to the protocol and no key in any result or log.
 */
import { strict as assert } from 'assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AGENT_TOOLS } from '../../../src/agents';
import { loadCredentials } from '../../../src/api/keys';
import type { Sandbox } from '../../../packages/sandbox/src';
import { SkippableClock, startSandbox } from '../../../packages/sandbox/src';
import { noteSignature, registeredKeys } from '../../secrets/registry';
import { productionBuild } from '../bundle/productionBuild';

interface Key {
  readonly hex: string;
  readonly apiKey: string;
  /** Every text of the key that must not appear: hex, base64 of its DER, the API key. */
  readonly forms: readonly string[];
}

function makeKey(): Key {
  const keys = registeredKeys();
  const credentials = loadCredentials(keys.privateKeyHex);
  const der = credentials.privateKey.export({ format: 'der', type: 'pkcs8' });
  return {
    hex: keys.privateKeyHex,
    apiKey: keys.apiKey,
    forms: [keys.privateKeyHex, der.toString('base64'), keys.apiKey],
  };
}

interface Served {
  readonly client: Client;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  /** Errors the client's transport met (a line on stdout that is not the protocol is one). */
  readonly errors: Error[];
  close(): Promise<void>;
}

/** The environment a child gets: PATH and the like, never a key of the test run's own shell. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'SystemRoot', 'TEMP', 'TMP']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

async function serve(args: readonly string[], env: Readonly<Record<string, string>>): Promise<Served> {
  const script = productionBuild().file('dist/mcp.js');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [script, ...args],
    env: { ...baseEnv(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'exchange-tx-test', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return { client, stderr: () => stderr, errors, close: () => client.close() };
}

function texts(result: CallToolResult): string[] {
  return result.content.map((item) => (item.type === 'text' ? item.text : ''));
}

/** The result's text and its JSON (the second text item, the same as structuredContent). */
function readResult(result: CallToolResult): { text: string; data: Record<string, unknown> } {
  const [text, json] = texts(result);
  assert.ok(text !== undefined && json !== undefined, `two text items: ${JSON.stringify(result)}`);
  const data = JSON.parse(json) as Record<string, unknown>;
  assert.deepEqual(result.structuredContent, data, 'structuredContent is the JSON of the second item');
  return { text, data };
}

async function call(served: Served, name: string, input: Record<string, unknown>): Promise<CallToolResult> {
  return (await served.client.callTool({ name, arguments: input })) as CallToolResult;
}

function assertNoKey(text: string, keys: readonly Key[], where: string): void {
  for (const key of keys) for (const form of key.forms) assert.ok(!text.includes(form), `a key appears in ${where}`);
}

/** The schemas as the core declares them, as JSON. */
function coreSchemas(): Record<string, unknown> {
  return Object.fromEntries(
    AGENT_TOOLS.map((tool) => [tool.name, JSON.parse(JSON.stringify(tool.inputSchema)) as unknown]),
  );
}

const STATE_CHANGING = AGENT_TOOLS.filter((tool) => tool.changesState).map((tool) => tool.name);
/** The tools served on an account: all but the sandbox-only ones. */
const ON_ACCOUNT = AGENT_TOOLS.filter((tool) => !tool.sandboxOnly).map((tool) => tool.name);

describe('MCP server (dist/mcp.js over stdio, the SDK client)', function () {
  this.timeout(120_000);
  const sandboxKey = makeKey();
  const accountKey = makeKey();
  const keys = [sandboxKey, accountKey];
  let sandbox: Sandbox;
  /** The second sandbox, posing as the live service. */
  let service: Sandbox;

  before(async () => {
    productionBuild();
    sandbox = await startSandbox({
      seed: 5,
      ledgerSize: 40,
      clock: new SkippableClock(),
      keys: [loadCredentials(sandboxKey.hex)],
      onSignature: noteSignature,
    });
    service = await startSandbox({
      seed: 6,
      ledgerSize: 40,
      keys: [loadCredentials(accountKey.hex)],
      onSignature: noteSignature,
    });
  });

  after(async () => {
    await sandbox.stop();
    await service.stop();
  });

  it('there are tools to serve, read-only and state-changing', () => {
    assert.ok(
      ON_ACCOUNT.length > 0 && STATE_CHANGING.length > 0,
      `${ON_ACCOUNT.length} read-only, ${STATE_CHANGING.length} state-changing`,
    );
  });

  describe('bound to a running sandbox ("Copy Sandbox Connection"\'s variables)', () => {
    let served: Served;
    before(async () => {
      served = await serve([], {
        EXCHANGE_TX_SANDBOX_URL: sandbox.url,
        EXCHANGE_TX_SANDBOX_API_KEY: sandboxKey.apiKey,
        EXCHANGE_TX_SANDBOX_PRIVATE_KEY: sandboxKey.hex,
      });
    });
    after(async () => {
      await served.close();
      assert.deepEqual(
        served.errors.map((e) => e.message),
        [],
        'stdout carried the protocol only',
      );
      assertNoKey(served.stderr(), keys, 'stderr');
    });

    it('lists every tool with the same name, title and input schema as the core', async () => {
      const { tools } = await served.client.listTools();
      assert.deepEqual(
        tools.map((tool) => tool.name),
        AGENT_TOOLS.map((tool) => tool.name),
      );
      assert.deepEqual(Object.fromEntries(tools.map((tool) => [tool.name, tool.inputSchema])), coreSchemas());
      for (const tool of tools) {
        const core = AGENT_TOOLS.find((t) => t.name === tool.name);
        assert.equal(tool.title, core?.title);
        assert.equal(tool.annotations?.readOnlyHint, !core?.changesState, tool.name);
        if (core?.changesState)
          assert.match(
            tool.description ?? '',
            /Over MCP: served only for the sandbox.*without asking for a confirmation/s,
            tool.name,
          );
        else assert.equal(tool.description, core?.description);
      }
      assert.match(served.client.getInstructions() ?? '', /sandbox/);
    });

    it('runs every tool on the sandbox: the state-changing ones change its ledger', async () => {
      const results: CallToolResult[] = [];
      const run = async (
        name: string,
        input: Record<string, unknown>,
      ): Promise<{ text: string; data: Record<string, unknown> }> => {
        const result = await call(served, name, input);
        results.push(result);
        assert.notEqual(result.isError, true, `${name}: ${texts(result).join('\n')}`);
        const read = readResult(result);
        assert.match(read.text, /^On the sandbox:/, name);
        return read;
      };
      const known = sandbox.ledger.visible()[0];
      assert.ok(known);

      const created = await run('exchangeTx_createSandboxTransaction', {});
      const id = (created.data.transaction as { id?: unknown } | undefined)?.id;
      assert.equal(typeof id, 'string', JSON.stringify(created.data));
      assert.equal(sandbox.ledger.statusOf(id as string), 'waiting', 'created in the sandbox the server is bound to');
      await run('exchangeTx_paySandboxTransaction', { id });
      assert.notEqual(sandbox.ledger.statusOf(id as string), 'waiting', 'paid');
      await run('exchangeTx_moveSandboxTransaction', { id, status: 'hold' });
      assert.equal(sandbox.ledger.statusOf(id as string), 'hold', 'moved');

      const found = await run('exchangeTx_getTransactions', { ids: [known.id, id] });
      assert.ok(found.text.includes(known.id) && found.text.includes(id as string), found.text);
      await run('exchangeTx_listTransactions', {});
      await run('exchangeTx_explainError', { code: -32600, message: 'Invalid Request' });
      await run('exchangeTx_getPairLimits', { pairs: [{ from: 'btc', to: 'eth' }] });
      await run('exchangeTx_getEstimate', { from: 'btc', to: 'eth', amountFrom: '1' });
      await run('exchangeTx_getFixedRate', { from: 'btc', to: 'eth', amountFrom: '1' });
      await run('exchangeTx_validateAddress', {
        currency: 'eth',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
      });
      await run('exchangeTx_diagnoseTransaction', { id });
      const journal = await run('exchangeTx_listSandboxRequests', { includeEditor: true, method: 'getTransactions' });
      assert.ok((journal.data.entries as unknown[]).length > 0, "the server's own lookups, journaled");
      const quote = await run('exchangeTx_getFixedRate', { from: 'btc', to: 'eth', amountFrom: 0.5 });
      const fixed = await run('exchangeTx_createSandboxFixedTransaction', {
        from: 'btc',
        to: 'eth',
        rateId: (quote.data.quote as { id: string }).id,
        amountFrom: 0.5,
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        refundAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      });
      const fixedId = (fixed.data.transaction as { id: string }).id;
      await run('exchangeTx_advanceSandbox', { id: fixedId, toStatus: 'finished' });
      assert.equal(sandbox.ledger.statusOf(fixedId), 'finished', 'run to finished');

      const called = new Set([
        'exchangeTx_diagnoseTransaction',
        'exchangeTx_createSandboxFixedTransaction',
        'exchangeTx_advanceSandbox',
        'exchangeTx_createSandboxTransaction',
        'exchangeTx_paySandboxTransaction',
        'exchangeTx_moveSandboxTransaction',
        'exchangeTx_getTransactions',
        'exchangeTx_listTransactions',
        'exchangeTx_explainError',
        'exchangeTx_getPairLimits',
        'exchangeTx_getEstimate',
        'exchangeTx_getFixedRate',
        'exchangeTx_validateAddress',
        'exchangeTx_listSandboxRequests',
      ]);
      assert.deepEqual(
        AGENT_TOOLS.map((tool) => tool.name).filter((name) => !called.has(name)),
        [],
        'every tool is called',
      );
      for (const result of results) assertNoKey(JSON.stringify(result), keys, 'a result');
    });

    it("passes a tool's error result on as isError, and answers an unknown tool with a protocol error", async () => {
      const result = await call(served, 'exchangeTx_getTransactions', { ids: [] });
      assert.equal(result.isError, true, texts(result).join('\n'));
      assertNoKey(JSON.stringify(result), keys, 'an error result');
      await assert.rejects(call(served, 'exchangeTx_noSuchTool', {}), /no tool named/);
    });
  });

  describe('bound to an account (--account, a second sandbox posing as the service)', () => {
    let served: Served;
    before(async () => {
      sandbox.clearRequests();
      service.clearRequests();
      served = await serve(['--account', '--url', service.url, '--name', 'Prod'], {
        EXCHANGE_TX_PRIVATE_KEY: accountKey.hex,
        EXCHANGE_TX_API_KEY: accountKey.apiKey,
        // Also present: the sandbox's variables, which account mode must not use.
        EXCHANGE_TX_SANDBOX_URL: sandbox.url,
        EXCHANGE_TX_SANDBOX_API_KEY: sandboxKey.apiKey,
        EXCHANGE_TX_SANDBOX_PRIVATE_KEY: sandboxKey.hex,
      });
    });
    after(async () => {
      await served.close();
      assert.deepEqual(
        served.errors.map((e) => e.message),
        [],
        'stdout carried the protocol only',
      );
      assertNoKey(served.stderr(), keys, 'stderr');
    });

    it('lists only the tools that read', async () => {
      const { tools } = await served.client.listTools();
      assert.deepEqual(
        tools.map((tool) => tool.name),
        ON_ACCOUNT,
      );
      assert.match(served.client.getInstructions() ?? '', /Read-only/);
    });

    it('refuses every state-changing tool, sending nothing; reads go to the account with its key', async () => {
      const size = service.ledger.size;
      for (const name of STATE_CHANGING) {
        const result = await call(served, name, { id: service.ledger.visible()[0]?.id ?? 'x', status: 'hold' });
        assert.equal(result.isError, true, name);
        assert.match(texts(result).join('\n'), /served only for the sandbox/, name);
        assertNoKey(JSON.stringify(result), keys, 'a refusal');
      }
      assert.equal(service.ledger.size, size, 'nothing was created');
      assert.deepEqual(
        service.requests.map((entry) => entry.path),
        [],
        'nothing was sent for a refused tool',
      );

      const listed = await call(served, 'exchangeTx_listTransactions', {});
      assert.notEqual(listed.isError, true, texts(listed).join('\n'));
      assert.match(readResult(listed).text, /^On account 'Prod' \(127\.0\.0\.1:\d+\):/);
      assert.ok(
        service.requests.length > 0 && service.requests.every((entry) => entry.outcome === 'ok'),
        'the account answered, signed with its key',
      );
      assert.equal(sandbox.requests.length, 0, 'nothing went to the sandbox');
      assertNoKey(JSON.stringify(listed), keys, 'a result');
    });
  });

  it('without a sandbox given, starts one of its own and serves every tool there', async () => {
    const served = await serve([], {});
    try {
      const { tools } = await served.client.listTools();
      assert.equal(tools.length, AGENT_TOOLS.length);
      const created = await call(served, 'exchangeTx_createSandboxTransaction', {});
      assert.notEqual(created.isError, true, texts(created).join('\n'));
      assert.match(readResult(created).text, /^On the sandbox:/);
      assert.match(served.stderr(), /a sandbox started here at http:\/\/127\.0\.0\.1:\d+/);
    } finally {
      await served.close();
    }
    assert.deepEqual(
      served.errors.map((e) => e.message),
      [],
    );
  });
});
