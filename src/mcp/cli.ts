/**
 * `node dist/mcp.js` (and `npm run mcp`): the Exchange Tx agent tools as an MCP server on stdio,
 * for the sandbox or (`--account`) for an account whose key is in the environment. stdout carries
 * the protocol only: the log, the help for a person at a terminal and every error go to stderr,
 * redacted. It ends when its client closes stdin, or on SIGINT/SIGTERM.
 */
import * as fs from 'fs';
import * as path from 'path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { AGENT_TOOLS } from '../agents';
import { bind } from './binding';
import { McpCliError, MCP_USAGE, parseMcpCli, selectTools } from './cliArgs';
import { createAgentMcpServer } from './server';
import { errorText } from '../shared/errorText';
import { redactSecrets } from '../agents/modelText';

/** A line on stderr, the MCP log (stdout is the protocol). */
function log(line: string): void {
  process.stderr.write(`[exchange-tx mcp] ${redactSecrets(line)}\n`);
}

/** The extension's version, from the package.json beside dist/ (the bundle's folder). */
function version(): string {
  try {
    const manifest: unknown = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
    if (
      typeof manifest === 'object' &&
      manifest !== null &&
      'version' in manifest &&
      typeof manifest.version === 'string'
    )
      return manifest.version;
  } catch {
    // Run from elsewhere: the version is not essential.
  }
  return '0.0.0';
}

async function main(): Promise<void> {
  const settings = parseMcpCli(process.argv.slice(2), process.env);
  if (settings.mode === 'help') {
    process.stdout.write(MCP_USAGE);
    return;
  }
  const names = selectTools(
    AGENT_TOOLS.map((tool) => tool.name),
    settings,
    (name) => AGENT_TOOLS.find((tool) => tool.name === name)?.changesState === true,
  );
  const tools = AGENT_TOOLS.filter((tool) => names.includes(tool.name));
  const binding = await bind(settings, log);
  const server = createAgentMcpServer({
    tools,
    context: binding.context,
    version: version(),
    redact: binding.redact,
    log,
  });
  let closing: Promise<void> | undefined;
  const stop = async (): Promise<void> => {
    await server.close().catch(() => undefined);
    await binding.close();
  };
  // Closing the server closes the transport, which calls this again: the first call decides.
  const close = (why: string): Promise<void> => {
    if (closing) return closing;
    log(`stopping (${why})`);
    closing = Promise.resolve().then(stop);
    return closing;
  };
  server.onerror = (error) => log(`protocol error: ${binding.redact(error.message)}`);
  server.onclose = () => void close('the transport closed');
  process.stdin.on('end', () => void close('stdin ended'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => void close(signal).then(() => process.exit(0)));

  await server.connect(new StdioServerTransport());
  const count =
    binding.context.target.kind === 'sandbox' ? tools.length : tools.filter((tool) => !tool.sandboxOnly).length;
  log(`serving ${count} tools for ${binding.description}`);
  if (process.stdin.isTTY) {
    log('this is an MCP server: it speaks JSON-RPC on stdin and stdout to an MCP client (an agent, an editor).');
    log(
      `point the client's configuration at: node ${path.join(__dirname, 'mcp.js')} (see docs/mcp.md). Ctrl+C stops it.`,
    );
  }
}

main().catch((error: unknown) => {
  const message = redactSecrets(errorText(error));
  process.stderr.write(error instanceof McpCliError ? `${message}\n\n${MCP_USAGE}` : `${message}\n`);
  process.exitCode = error instanceof McpCliError ? 2 : 1;
});
