/**
 * The MCP server's binding in process, against real sandboxes over real HTTP: a retried
 * request's log line, a sandbox started here (its own key, a skippable clock, stopped on close), a
 * sandbox key refused by its variable's name; and a tool's result as MCP content.
 */
import { strict as assert } from 'assert';
import { bind } from '../../../src/mcp/binding';
import { toCallToolResult } from '../../../src/mcp/server';
import { sandboxAndService } from '../support/sandboxAndService';

describe('MCP server binding in process (real sandboxes)', function () {
  this.timeout(60_000);
  const both = sandboxAndService({ seeds: [9, 10], ledgerSize: 0 });
  const { sandboxKey, accountKey } = both;

  describe('the binding', () => {
    it('logs a retried request with its attempt and message, never the key', async () => {
      const log: string[] = [];
      const binding = await bind(
        {
          mode: 'account',
          baseUrl: both.service.url,
          name: 'Prod',
          privateKey: accountKey.privateKeyHex,
          apiKey: undefined,
          tools: undefined,
          readOnly: false,
        },
        (line) => log.push(line),
      );
      try {
        both.service.setFaults({ next: ['http502'] });
        await binding.context.client.getCurrenciesFull();
        assert.equal(log.length, 2, log.join('\n'));
        assert.match(log[0] ?? '', /^getCurrenciesFull: [a-z-]+ in \d+ ms \(.+\)$/);
        assert.doesNotMatch(log[0] ?? '', /attempt/);
        assert.match(log[1] ?? '', /^getCurrenciesFull \(attempt 2\): ok in \d+ ms$/);
      } finally {
        both.service.setFaults({});
        await binding.close();
      }
    });

    it('without a running sandbox, starts one here with a key of its own, with a skippable clock, and stops it on close', async () => {
      const log: string[] = [];
      const binding = await bind({ mode: 'sandbox', running: undefined, tools: undefined, readOnly: false }, (line) =>
        log.push(line),
      );
      let closed = false;
      try {
        const url = /^a sandbox started here at (http:\/\/127\.0\.0\.1:\d+)$/.exec(binding.description)?.[1];
        assert.ok(url, binding.description);
        assert.deepEqual(binding.context.target, { kind: 'sandbox', label: 'Sandbox' });
        const control = binding.context.control;
        assert.ok(control);
        const before = await control.clock();
        const after = await control.skip(60_000);
        assert.ok(after.nowMs >= before.nowMs + 60_000, 'its clock can be skipped');
        await binding.context.client.getCurrenciesFull();
        assert.deepEqual(
          log.map((line) => line.replace(/\d+ ms/, 'N ms')),
          ['getCurrenciesFull: ok in N ms'],
        );
        await binding.close();
        closed = true;
        const refused = await fetch(url).then(
          () => 'answered',
          () => 'refused',
        );
        assert.equal(refused, 'refused', 'the sandbox started here is stopped');
      } finally {
        if (!closed) await binding.close();
      }
    });

    it('refuses a sandbox key that does not read, naming the sandbox variable', async () => {
      const error = await bind(
        {
          mode: 'sandbox',
          running: { url: both.sandbox.url, privateKey: 'not a key at all', apiKey: undefined },
          tools: undefined,
          readOnly: false,
        },
        () => undefined,
      ).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof Error);
      assert.match(error.message, /^EXCHANGE_TX_SANDBOX_PRIVATE_KEY: /);
      const other = await bind(
        {
          mode: 'sandbox',
          running: { url: both.sandbox.url, privateKey: sandboxKey.privateKeyHex, apiKey: accountKey.apiKey },
          tools: undefined,
          readOnly: false,
        },
        () => undefined,
      ).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(other instanceof Error);
      assert.equal(
        other.message,
        'EXCHANGE_TX_SANDBOX_API_KEY does not belong to the key in EXCHANGE_TX_SANDBOX_PRIVATE_KEY',
      );
    });
  });

  describe('results as MCP content', () => {
    it('gives the text alone without data, no structuredContent for JSON that is not an object, isError only when true', () => {
      const same = (text: string) => text;
      assert.deepEqual(toCallToolResult({ text: 't', data: undefined }, same), {
        content: [{ type: 'text', text: 't' }],
      });
      assert.deepEqual(toCallToolResult({ text: 't', data: [1, 2] }, same), {
        content: [
          { type: 'text', text: 't' },
          { type: 'text', text: '[1,2]' },
        ],
      });
      assert.deepEqual(toCallToolResult({ text: 't', data: null }, same), {
        content: [
          { type: 'text', text: 't' },
          { type: 'text', text: 'null' },
        ],
      });
      assert.deepEqual(toCallToolResult({ text: 't', data: { a: 1 }, isError: false }, same), {
        content: [
          { type: 'text', text: 't' },
          { type: 'text', text: '{"a":1}' },
        ],
        structuredContent: { a: 1 },
      });
      assert.deepEqual(
        toCallToolResult({ text: 't', data: { a: 'x' }, isError: true }, (s) => s.replace('x', 'y').replace('t', 'u')),
        {
          content: [
            { type: 'text', text: 'u' },
            { type: 'text', text: '{"a":"y"}' },
          ],
          structuredContent: { a: 'y' },
          isError: true,
        },
      );
    });
  });
});
