/**
 * Serving dist/mcp.js (the production build) to the official SDK client over stdio, for the MCP
 * tests: a child with a clean environment, its stderr kept, the client's transport errors kept;
 * and a client pinned to one protocol revision (it asks for exactly that one and fails on another).
 */
import { strict as assert } from 'assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { productionBuild } from '../bundle/productionBuild';

export interface Served {
  readonly client: Client;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  /** Errors the client's transport met (a line on stdout that is not the protocol is one). */
  readonly errors: Error[];
  /** The protocol revision the server answered (pinned clients only). */
  negotiated(): string | undefined;
  close(): Promise<void>;
}

/** The environment a child gets: PATH and the like, never a key of the test run's own shell. */
export function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'SystemRoot', 'TEMP', 'TMP']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/** A transport that asks for exactly `version` at initialize and fails when the server answers another. */
class PinnedTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  negotiated: string | undefined;

  constructor(
    private readonly inner: StdioClientTransport,
    private readonly version: string,
  ) {}

  start(): Promise<void> {
    this.inner.onmessage = (message) => {
      const result = (message as { result?: { protocolVersion?: unknown } }).result;
      if (typeof result?.protocolVersion === 'string') {
        this.negotiated = result.protocolVersion;
        if (result.protocolVersion !== this.version) {
          this.onerror?.(new Error(`pinned to ${this.version}, the server answered ${result.protocolVersion}`));
          return;
        }
      }
      this.onmessage?.(message);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    return this.inner.start();
  }

  send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    const request = message as { method?: string; params?: Record<string, unknown> };
    const pinned =
      request.method === 'initialize'
        ? ({ ...message, params: { ...request.params, protocolVersion: this.version } } as JSONRPCMessage)
        : message;
    return this.inner.send(pinned);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

export async function serve(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  pinned?: string,
): Promise<Served> {
  const script = productionBuild().file('dist/mcp.js');
  const stdio = new StdioClientTransport({
    command: process.execPath,
    args: [script, ...args],
    env: { ...baseEnv(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  stdio.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const transport = pinned === undefined ? stdio : new PinnedTransport(stdio, pinned);
  const client = new Client({ name: 'exchange-tx-test', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    errors,
    negotiated: () => (transport instanceof PinnedTransport ? transport.negotiated : undefined),
    close: () => client.close(),
  };
}

export function texts(result: CallToolResult): string[] {
  return result.content.map((item) => (item.type === 'text' ? item.text : ''));
}

/** The result's text and its JSON (the second text item, the same as structuredContent). */
export function readResult(result: CallToolResult): { text: string; data: Record<string, unknown> } {
  const [text, json] = texts(result);
  assert.ok(text !== undefined && json !== undefined, `two text items: ${JSON.stringify(result).slice(0, 500)}`);
  const data = JSON.parse(json) as Record<string, unknown>;
  assert.deepEqual(result.structuredContent, data, 'structuredContent is the JSON of the second item');
  return { text, data };
}
