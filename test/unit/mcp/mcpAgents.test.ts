/**
 * The MCP server as agents meet it (dist/mcp.js over stdio, the official SDK client, real
 * sandboxes over real HTTP): output schemas that every result fits (ajv), the hints, a client
 * pinned to the newest protocol revision, "why is it stuck?" answered for a transaction in each
 * status, stuck transactions found with progress notifications, amounts as JSON numbers, results
 * within the bound, resources and prompts, tool selection, a sandbox that is gone, hostile text
 * made safe, and a service that echoes the request's headers (signature and API key) leaving no
 * trace of them in results or on stderr.
 */
import { strict as assert } from 'assert';
import Ajv from 'ajv';
import * as http from 'http';
import type { AddressInfo } from 'net';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { AGENT_TOOLS } from '../../../src/agents';
import { MAX_RESULT_CHARS } from '../../../src/agents/bounded';
import { STATUS_FACTS } from '../../../src/agents/statusGuide';
import { loadCredentials } from '../../../src/api/keys';
import type { Sandbox } from '../../../packages/sandbox/src';
import { ManualClock, startSandbox } from '../../../packages/sandbox/src';
import type { ControlTransaction } from '../../../src/shared/controlProtocol';
import { KNOWN_STATUSES } from '../../../src/shared/status';
import { noteSignature, registeredKeys } from '../../secrets/registry';
import { productionBuild } from '../bundle/productionBuild';
import type { Served } from './mcpSupport';
import { readResult, serve, texts } from './mcpSupport';

const HOUR = 3_600_000;
/** What must never reach a model: control characters (but a line break), line/paragraph separators, bidi controls. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function envOf(sandbox: Sandbox, key: { hex: string; apiKey: string }): Record<string, string> {
  return {
    EXCHANGE_TX_SANDBOX_URL: sandbox.url,
    EXCHANGE_TX_SANDBOX_API_KEY: key.apiKey,
    EXCHANGE_TX_SANDBOX_PRIVATE_KEY: key.hex,
  };
}

function size(result: CallToolResult): number {
  return texts(result).reduce((sum, text) => sum + text.length, 0);
}

describe('MCP server for agents (dist/mcp.js, the SDK client, real sandboxes)', function () {
  this.timeout(180_000);
  const key = registeredKeys();
  let sandbox: Sandbox;
  let served: Served;
  const ajv = new Ajv({ strict: false, allErrors: true });
  let tools: Tool[] = [];

  async function call(name: string, input: Record<string, unknown>, on = served): Promise<CallToolResult> {
    const result = (await on.client.callTool({ name, arguments: input })) as CallToolResult;
    const tool = tools.find((t) => t.name === name);
    if (tool?.outputSchema && result.structuredContent) {
      const validate = ajv.compile(tool.outputSchema);
      assert.ok(validate(result.structuredContent), `${name}: ${JSON.stringify(validate.errors)}`);
    }
    assert.ok(size(result) <= MAX_RESULT_CHARS, `${name}: ${size(result)} characters`);
    return result;
  }

  before(async () => {
    productionBuild();
    sandbox = await startSandbox({
      seed: 7,
      ledgerSize: 150,
      clock: new ManualClock(Date.parse('2026-11-20T10:00:00Z')),
      keys: [loadCredentials(key.privateKeyHex)],
      onSignature: noteSignature,
    });
    served = await serve([], envOf(sandbox, { hex: key.privateKeyHex, apiKey: key.apiKey }), LATEST_PROTOCOL_VERSION);
    tools = (await served.client.listTools()).tools;
  });
  after(async () => {
    await served.close();
    await sandbox.stop();
    assert.deepEqual(
      served.errors.map((e) => e.message),
      [],
      'stdout carried the protocol only',
    );
  });

  it('speaks the newest protocol revision the SDK knows, to a client pinned to it', () => {
    assert.equal(served.negotiated(), LATEST_PROTOCOL_VERSION);
    assert.ok(served.client.getServerCapabilities()?.resources && served.client.getServerCapabilities()?.prompts);
  });

  it('lists every tool with an output schema and the right hints', () => {
    assert.deepEqual(
      tools.map((t) => t.name),
      AGENT_TOOLS.map((t) => t.name),
    );
    for (const tool of tools) {
      const core = AGENT_TOOLS.find((t) => t.name === tool.name);
      assert.ok(core && tool.outputSchema, tool.name);
      ajv.compile(tool.outputSchema);
      assert.equal(tool.annotations?.title, core.title);
      assert.equal(tool.annotations?.readOnlyHint, !core.changesState, tool.name);
      assert.equal(tool.annotations?.openWorldHint, false, `${tool.name}: the sandbox is a closed world`);
      assert.equal(tool.annotations?.idempotentHint, !core.changesState, tool.name);
    }
    const destructive = tools.filter((t) => t.annotations?.destructiveHint === true).map((t) => t.name);
    assert.deepEqual(destructive, [
      'exchangeTx_paySandboxTransaction',
      'exchangeTx_moveSandboxTransaction',
      'exchangeTx_advanceSandbox',
    ]);
  });

  it('answers "why is it stuck?" for a transaction in each status: since when, meaning, next step, advice', async () => {
    for (const status of KNOWN_STATUSES) {
      const tx = sandbox.control({
        action: 'create',
        status,
        type: status === 'expired' ? 'fixed' : 'float',
      }) as ControlTransaction;
      sandbox.control({ action: 'skip', ms: 3000 });
      const { text, data } = readResult(await call('exchangeTx_diagnoseTransaction', { id: tx.id }));
      const entered = [...tx.schedule].reverse().find((step) => step.status === status);
      assert.ok(entered);
      const since = new Date(entered.atMs).toISOString();
      assert.ok(
        text.includes(`Transaction "${tx.id}" is ${status} since ${since} (3 s; the sandbox's schedule, exact).`),
        text,
      );
      assert.ok(text.includes(`Meaning: ${STATUS_FACTS[status].meaning}`), text);
      assert.ok(text.includes(`Next (ours): ${STATUS_FACTS[status].next}`), text);
      assert.match(
        text,
        /\nWhat to do: .+\((our advice, not the service's|the service's documentation: https:\/\/docs\.changelly\.com\/.+)\)/,
      );
      assert.match(text, /\nFor a support request: transaction id /);
      assert.equal((data.diagnosis as { since: { at: string } }).since.at, since);
    }
    // The transaction resource is the same diagnosis.
    const some = sandbox.control({ action: 'create', status: 'hold' }) as ControlTransaction;
    const resource = await served.client.readResource({ uri: `exchange-tx://transaction/${some.id}` });
    assert.match(textOf(resource.contents[0]), new RegExp(`Transaction "${some.id}" is hold since`));
    assert.equal(
      (JSON.parse(textOf(resource.contents[1])) as { diagnosis: { status: string } }).diagnosis.status,
      'hold',
    );
  });

  it('finds exactly the transactions seeded stuck, reporting progress as it pages', async () => {
    const own = await startSandbox({
      ledgerSize: 0,
      clock: new ManualClock(Date.parse('2026-11-20T10:00:00Z')),
      keys: [loadCredentials(key.privateKeyHex)],
      onSignature: noteSignature,
    });
    const mine = await serve([], envOf(own, { hex: key.privateKeyHex, apiKey: key.apiKey }));
    try {
      const stuck = [0, 1, 2].map(() => (own.control({ action: 'create', status: 'hold' }) as ControlTransaction).id);
      own.control({ action: 'skip', ms: 3 * HOUR });
      const fresh = [0, 1].map(() => (own.control({ action: 'create', status: 'hold' }) as ControlTransaction).id);
      const progress: string[] = [];
      const result = (await mine.client.callTool(
        { name: 'exchangeTx_listTransactions', arguments: { status: ['hold'], inStatusLongerThan: '2h' } },
        undefined,
        {
          onprogress: (p) => progress.push(String(p.message)),
        },
      )) as CallToolResult;
      const { data } = readResult(result);
      assert.deepEqual((data.records as { id: string }[]).map((r) => r.id).sort(), [...stuck].sort());
      assert.ok(!fresh.some((id) => (data.records as { id: string }[]).some((r) => r.id === id)));
      // The SDK's client handles a notification a tick later than the response, so the last ones may come after it: at least one arrives.
      assert.ok(progress.length > 0, 'progress notifications');
      assert.ok(
        progress.every((m) => /^(schedule of \d+ of \d+|examined \d+ transactions, \d+ stuck)$/.test(m)),
        progress.join(' | '),
      );
    } finally {
      await mine.close();
      await own.stop();
    }
  });

  it('takes amounts as JSON numbers, and tickers in any case', async () => {
    const estimate = readResult(await call('exchangeTx_getEstimate', { from: 'BTC', to: 'Eth', amountFrom: 0.1 }));
    assert.equal((estimate.data.estimate as { amountFrom: string }).amountFrom, '0.1');
    const quote = readResult(await call('exchangeTx_getFixedRate', { from: 'btc', to: 'eth', amountFrom: 0.25 }));
    assert.match(quote.text, /0\.25 BTC →/);
    const refused = await call('exchangeTx_getEstimate', { from: 'btc', to: 'eth', amountFrom: 1.0000000000000002 });
    assert.equal(refused.isError, true);
    assert.match(texts(refused)[0] ?? '', /send it as a string/);
  });

  it('keeps every result within the bound: 100 full records are cut to fit, with a way on', async () => {
    const result = await call('exchangeTx_listTransactions', { limit: 100, full: true });
    const { text, data } = readResult(result);
    assert.ok((data.records as unknown[]).length > 0);
    assert.ok(size(result) <= MAX_RESULT_CHARS);
    assert.match(text, /shown \(the result's size bound\)|More may follow/);
    const compact = readResult(await call('exchangeTx_listTransactions', { limit: 20 }));
    assert.equal((compact.data.records as unknown[]).length, 20);
    const next = readResult(await call('exchangeTx_listTransactions', { limit: 20, cursor: compact.data.nextCursor }));
    assert.notDeepEqual(next.data.records, compact.data.records);
  });

  it('lists and reads its resources and prompts', async () => {
    const { resources } = await served.client.listResources();
    assert.deepEqual(
      resources.map((r) => r.uri),
      ['exchange-tx://status-guide'],
    );
    const { resourceTemplates } = await served.client.listResourceTemplates();
    assert.deepEqual(
      resourceTemplates.map((r) => r.uriTemplate),
      ['exchange-tx://transaction/{id}'],
    );
    const guide = await served.client.readResource({ uri: 'exchange-tx://status-guide' });
    const markdown = textOf(guide.contents[0]);
    for (const status of Object.keys(STATUS_FACTS)) assert.ok(markdown.includes(`## ${status}`), status);
    assert.match(markdown, /https:\/\/docs\.changelly\.com\/usage\/kyc-aml/);
    await assert.rejects(
      served.client.readResource({ uri: `exchange-tx://nothing/${'x'.repeat(500)}` }),
      (error: Error) => error.message.length < 400,
    );
    const { prompts } = await served.client.listPrompts();
    assert.deepEqual(
      prompts.map((p) => p.name),
      ['diagnose-transaction', 'integrate-fixed-rate-flow'],
    );
    const diagnose = await served.client.getPrompt({ name: 'diagnose-transaction', arguments: { id: 'abcd1234' } });
    assert.match(JSON.stringify(diagnose.messages), /exchangeTx_diagnoseTransaction with \{\\"id\\": \\"abcd1234\\"\}/);
    const fixed = await served.client.getPrompt({
      name: 'integrate-fixed-rate-flow',
      arguments: { from: 'ltc', to: 'xmr', amountFrom: '2' },
    });
    assert.match(JSON.stringify(fixed.messages), /exchangeTx_createSandboxFixedTransaction/);
    await assert.rejects(served.client.getPrompt({ name: 'diagnose-transaction', arguments: { id: '<bad id>' } }));
  });

  it("bounds what an unknown tool's error repeats of its name", async () => {
    const name = `exchangeTx_${'x'.repeat(5000)}`;
    await assert.rejects(
      served.client.callTool({ name, arguments: {} }),
      (error: Error) =>
        /no tool named/.test(error.message) && error.message.length < 400 && !error.message.includes('x'.repeat(100)),
    );
  });

  it('serves the sandbox read-only with --read-only, and a selection with --tools', async () => {
    const readOnly = await serve(['--read-only'], envOf(sandbox, { hex: key.privateKeyHex, apiKey: key.apiKey }));
    const selected = await serve(
      ['--tools', 'diagnoseTransaction,LISTTRANSACTIONS'],
      envOf(sandbox, { hex: key.privateKeyHex, apiKey: key.apiKey }),
    );
    try {
      const names = (await readOnly.client.listTools()).tools.map((t) => t.name);
      assert.deepEqual(
        names,
        AGENT_TOOLS.filter((t) => !t.changesState).map((t) => t.name),
      );
      const refused = (await readOnly.client
        .callTool({ name: 'exchangeTx_createSandboxTransaction', arguments: {} })
        .catch((error: Error) => error)) as Error;
      assert.match(refused.message, /no tool named/);
      assert.deepEqual(
        (await selected.client.listTools()).tools.map((t) => t.name),
        ['exchangeTx_diagnoseTransaction', 'exchangeTx_listTransactions'],
      );
    } finally {
      await readOnly.close();
      await selected.close();
    }
  });

  it('says what a sandbox that is gone means and what to do next', async () => {
    const gone = await startSandbox({
      ledgerSize: 5,
      keys: [loadCredentials(key.privateKeyHex)],
      onSignature: noteSignature,
    });
    const bound = await serve([], envOf(gone, { hex: key.privateKeyHex, apiKey: key.apiKey }));
    try {
      await gone.stop();
      const result = (await bound.client.callTool({
        name: 'exchangeTx_listTransactions',
        arguments: {},
      })) as CallToolResult;
      assert.equal(result.isError, true);
      const text = texts(result)[0] ?? '';
      assert.match(text, /Meaning: The sandbox is gone: nothing answers at its address/);
      assert.match(text, /What to do: Start the sandbox again/);
    } finally {
      await bound.close();
    }
  });

  it('makes hostile text from the service safe in both parts', async () => {
    sandbox.setFaults({ hostile: 1 });
    try {
      for (const [name, input] of [
        ['exchangeTx_listTransactions', { limit: 20, full: true }],
        ['exchangeTx_getPairLimits', { pairs: [{ from: 'btc', to: 'eth' }] }],
      ] as const) {
        const result = await call(name, input);
        const [text = '', json = ''] = texts(result);
        assert.ok(!UNSAFE.test(text), `${name}: unsafe character in the text`);
        assert.ok(
          !UNSAFE.test(JSON.stringify(JSON.parse(json), (_k, v: unknown) => v)) &&
            !UNSAFE.test(collectStrings(JSON.parse(json)).join('')),
          `${name}: unsafe character in the JSON`,
        );
        assert.ok(
          text.includes('<img src=x onerror=alert(1)>') === false ||
            /"[^"\n]*<img src=x onerror=alert\(1\)>/.test(text),
          'markup only inside quoted data',
        );
      }
    } finally {
      sandbox.setFaults({});
    }
  });

  describe('a service that echoes the request headers in its error answers (--account)', () => {
    const account = registeredKeys();
    let echo: http.Server;
    let url: string;
    const signatures: string[] = [];
    let mode = 0;

    before(async () => {
      echo = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        req.on('end', () => {
          const signature = String(req.headers['x-api-signature'] ?? '');
          signatures.push(signature);
          const id = (JSON.parse(body || '{}') as { id?: unknown }).id ?? null;
          const echoed = [
            `Bad request: headers ${JSON.stringify(req.headers)}`,
            `Invalid signature ${signature.slice(0, 190)}\u2028 rlo\u202e and more`,
            `${signature} was refused for ${String(req.headers['x-api-key'])}`,
          ][mode % 3];
          mode += 1;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32602, message: echoed } }));
        });
      });
      await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
    });
    after(async () => {
      await new Promise<void>((resolve) => echo.close(() => resolve()));
    });

    it('leaves no signature and no API key in results or on stderr', async () => {
      const bound = await serve(['--account', '--url', url, '--name', 'Echo'], {
        EXCHANGE_TX_PRIVATE_KEY: account.privateKeyHex,
        EXCHANGE_TX_API_KEY: account.apiKey,
      });
      const results: CallToolResult[] = [];
      try {
        for (let i = 0; i < 9; i++) {
          const name =
            ['exchangeTx_listTransactions', 'exchangeTx_diagnoseTransaction', 'exchangeTx_getEstimate'][i % 3] ?? '';
          const input = [{}, { id: 'abcd1234' }, { from: 'btc', to: 'eth', amountFrom: 0.1 }][i % 3] ?? {};
          const result = (await bound.client.callTool({ name, arguments: input })) as CallToolResult;
          assert.equal(result.isError, true, name);
          results.push(result);
        }
      } finally {
        await bound.close();
      }
      assert.ok(signatures.length >= 9 && signatures.every((s) => s.length > 300));
      const everything = `${JSON.stringify(results)}\n${bound.stderr()}`;
      for (const signature of signatures) {
        for (let start = 0; start + 40 <= signature.length; start += 20)
          assert.ok(!everything.includes(signature.slice(start, start + 40)), 'a piece of a signature got out');
      }
      assert.ok(!everything.includes(account.apiKey), 'the API key got out');
      assert.ok(!everything.includes(account.apiKey.slice(0, 24)), 'a piece of the API key got out');
      assert.ok(!UNSAFE.test(results.map((r) => texts(r).join('\n')).join('\n')), 'unsafe characters got out');
    });
  });
});

function textOf(content: unknown): string {
  const text = (content as { text?: unknown } | undefined)?.text;
  return typeof text === 'string' ? text : '';
}

function collectStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(collectStrings);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...collectStrings(v)]);
  return [];
}
