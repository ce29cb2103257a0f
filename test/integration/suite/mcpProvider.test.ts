/**
 * The MCP server definition provider in the real host. On VS Code 1.101+ (the MCP API) it is
 * registered (the host refuses a provider the manifest does not declare, so activation would
 * fail), offers the bundled server without starting anything, and its resolved definition
 * starts a server that the MCP SDK's own client lists the tools of and calls, against the
 * extension's built-in sandbox. On older hosts the extension activates without it.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AGENT_TOOLS } from '../../../src/agents';
import { hasFinalMcpApi, MCP_PROVIDER_ID } from '../../../src/features/agentRegistration/mcpProvider';
import { extensionApi, resetEnvironment } from '../support/extension';

/** Whether this host has the finalized MCP API (VS Code 1.101 and later), read here on its own. */
function hostHasMcpApi(): boolean {
  const [major = 0, minor = 0] = vscode.version.split('.').map((part) => parseInt(part, 10));
  return major > 1 || (major === 1 && minor >= 101);
}

const token = new vscode.CancellationTokenSource().token;

describe('MCP server definition provider', function () {
  this.timeout(60_000);

  it(
    hostHasMcpApi()
      ? 'is registered; its resolved definition starts a server the SDK client lists and calls the tools of'
      : 'is absent on this host, and the extension activates without it',
    async () => {
      assert.equal(
        hasFinalMcpApi(vscode.version),
        hostHasMcpApi(),
        `the extension reads VS Code ${vscode.version} as this test does`,
      );
      assert.deepEqual(['1.100.3', '1.101.0', '1.102.0-insider', '2.0.0'].map(hasFinalMcpApi), [
        false,
        true,
        true,
        true,
      ]);
      const api = await extensionApi();
      await api.ready;
      assert.deepEqual(
        api.log.recent.filter((line) => line.includes('[mcp]')),
        [],
        'nothing logged about the MCP server (no warning that it could not be offered)',
      );
      if (!hostHasMcpApi()) {
        assert.equal(api.mcp, undefined, `VS Code ${vscode.version} has no MCP API: nothing is registered`);
        return;
      }
      assert.ok(api.mcp, `VS Code ${vscode.version} has the MCP API: the provider is registered`);
      assert.equal(api.mcp.id, MCP_PROVIDER_ID);
      await resetEnvironment(api);

      const offered = await api.mcp.provider.provideMcpServerDefinitions(token);
      assert.equal(offered?.length, 1);
      const [definition] = offered ?? [];
      assert.ok(definition);
      assert.equal(definition.command, process.execPath, "the extension host's own Node");
      const extensionPath = vscode.extensions.getExtension('exchange-tx.exchange-tx')?.extensionPath ?? '';
      assert.deepEqual(definition.args, [path.join(extensionPath, 'dist', 'mcp.js')]);
      assert.ok(fs.existsSync(definition.args[0] ?? ''), 'the bundled server is there');
      assert.equal(
        definition.env.EXCHANGE_TX_SANDBOX_PRIVATE_KEY,
        undefined,
        'offered without the sandbox: nothing started, no key yet',
      );

      const resolved = await api.mcp.provider.resolveMcpServerDefinition(definition, token);
      assert.ok(resolved);
      const sandbox = api.sandboxHost.sandbox;
      assert.ok(sandbox, 'resolving started the built-in sandbox');
      assert.equal(resolved.env.EXCHANGE_TX_SANDBOX_URL, sandbox.url);
      assert.equal(resolved.env.ELECTRON_RUN_AS_NODE, '1');

      const env: Record<string, string> = {};
      for (const [name, value] of Object.entries(resolved.env)) if (value !== null) env[name] = String(value);
      const transport = new StdioClientTransport({
        command: resolved.command,
        args: resolved.args,
        env,
        stderr: 'pipe',
      });
      let stderr = '';
      transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const client = new Client({ name: 'exchange-tx-integration', version: '1.0.0' });
      const protocolErrors: string[] = [];
      client.onerror = (error) => protocolErrors.push(error.message);
      await client.connect(transport);
      try {
        const { tools } = await client.listTools();
        assert.deepEqual(
          tools.map((tool) => tool.name),
          AGENT_TOOLS.map((tool) => tool.name),
        );
        const before = sandbox.requests.length;
        const listed = (await client.callTool({
          name: 'exchangeTx_listTransactions',
          arguments: {},
        })) as CallToolResult;
        assert.notEqual(listed.isError, true, JSON.stringify(listed.content));
        const first = listed.content[0];
        assert.ok(first?.type === 'text' && first.text.startsWith('On the sandbox:'), JSON.stringify(first));
        assert.ok(sandbox.requests.length > before, "the server's request reached the extension's sandbox");
      } finally {
        await client.close();
      }
      assert.deepEqual(protocolErrors, [], 'stdout carried the protocol only');
      for (const [secret, kind] of api.testHooks?.sandboxSecrets ?? [])
        if (kind !== 'signature')
          assert.ok(!stderr.includes(secret), `the sandbox's ${kind} is not in the server's log`);
    },
  );
});
