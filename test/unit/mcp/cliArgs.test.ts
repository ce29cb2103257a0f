/** The MCP server's command line and environment, its key errors and its redactor, without starting a server. */
import { strict as assert } from 'assert';
import { loadCredentials } from '../../../src/api/keys';
import { bind } from '../../../src/mcp/binding';
import { McpCliError, parseMcpCli, selectTools } from '../../../src/mcp/cliArgs';
import { REDACTED, redactorOf } from '../../../src/mcp/redact';
import { registeredKeys } from '../../secrets/registry';

const SANDBOX = {
  EXCHANGE_TX_SANDBOX_URL: 'http://127.0.0.1:8710',
  EXCHANGE_TX_SANDBOX_API_KEY: 'api',
  EXCHANGE_TX_SANDBOX_PRIVATE_KEY: 'key',
};

describe('MCP server command line', () => {
  it('serves a sandbox started here by default, or the running one the variables give', () => {
    assert.deepEqual(parseMcpCli([], {}), { mode: 'sandbox', running: undefined, tools: undefined, readOnly: false });
    assert.deepEqual(parseMcpCli([], { ...SANDBOX, EXCHANGE_TX_SANDBOX_URL: 'http://localhost:9000/v2' }), {
      mode: 'sandbox',
      running: { url: 'http://localhost:9000', privateKey: 'key', apiKey: 'api' },
      tools: undefined,
      readOnly: false,
    });
    assert.deepEqual(parseMcpCli(['--help']), { mode: 'help' });
  });

  it('serves an account with --account: the live service by default, its key from EXCHANGE_TX_PRIVATE_KEY only', () => {
    const env = { EXCHANGE_TX_PRIVATE_KEY: ' live ', ...SANDBOX };
    assert.deepEqual(parseMcpCli(['--account'], env), {
      mode: 'account',
      baseUrl: 'https://api.changelly.com/',
      name: 'account',
      privateKey: 'live',
      apiKey: undefined,
      tools: undefined,
      readOnly: false,
    });
    assert.deepEqual(
      parseMcpCli(['--account', '--url', 'http://127.0.0.1:3000', '--name', 'Prod'], {
        ...env,
        EXCHANGE_TX_API_KEY: 'k',
      }),
      {
        mode: 'account',
        baseUrl: 'http://127.0.0.1:3000/',
        name: 'Prod',
        privateKey: 'live',
        apiKey: 'k',
        tools: undefined,
        readOnly: false,
      },
    );
  });

  it('selects tools with --tools (with or without the prefix, any case) and --read-only, also for a sandbox', () => {
    const names = ['exchangeTx_diagnoseTransaction', 'exchangeTx_listTransactions', 'exchangeTx_paySandboxTransaction'];
    const changes = (name: string): boolean => name.includes('Sandbox');
    const settings = parseMcpCli(
      ['--tools', 'DiagnoseTransaction, exchangeTx_paySandboxTransaction', '--read-only'],
      {},
    );
    assert.ok(settings.mode === 'sandbox');
    assert.deepEqual(settings.tools, ['DiagnoseTransaction', 'exchangeTx_paySandboxTransaction']);
    assert.equal(settings.readOnly, true);
    assert.deepEqual(selectTools(names, settings, changes), ['exchangeTx_diagnoseTransaction']);
    assert.deepEqual(selectTools(names, { tools: undefined, readOnly: true }, changes), names.slice(0, 2));
    assert.deepEqual(selectTools(names, { tools: ['listtransactions'], readOnly: false }, changes), [
      'exchangeTx_listTransactions',
    ]);
    assert.deepEqual(selectTools(names, { tools: undefined, readOnly: false }, changes), names);
    assert.throws(
      () => selectTools(names, { tools: [`nope${'x'.repeat(500)}`], readOnly: false }, changes),
      (error: Error) =>
        error instanceof McpCliError && error.message.length < 400 && /there is no tool/.test(error.message),
    );
    assert.throws(() => parseMcpCli(['--tools', ' , '], {}), McpCliError);
  });

  it('refuses what it cannot serve safely, never repeating an address or a key', () => {
    const refused: [string[], Record<string, string>, RegExp][] = [
      [['--account', '--url', 'http://example.com'], { EXCHANGE_TX_PRIVATE_KEY: 'k' }, /plain|http/i],
      [['--account', '--url', 'https://user:secret-password@example.com'], { EXCHANGE_TX_PRIVATE_KEY: 'k' }, /--url/],
      [['--account'], { EXCHANGE_TX_SANDBOX_PRIVATE_KEY: 'k' }, /EXCHANGE_TX_PRIVATE_KEY/],
      [['--url', 'https://example.com'], {}, /for --account/],
      [['--name', 'x'], {}, /for --account/],
      [['--nope'], {}, /nope/],
      [['extra'], {}, /extra/],
      [[], { ...SANDBOX, EXCHANGE_TX_SANDBOX_URL: 'https://example.com' }, /on this machine/],
      [[], { EXCHANGE_TX_SANDBOX_URL: 'http://127.0.0.1:1' }, /EXCHANGE_TX_SANDBOX_PRIVATE_KEY/],
      [[], { EXCHANGE_TX_SANDBOX_PRIVATE_KEY: 'k' }, /EXCHANGE_TX_SANDBOX_URL is not set/],
      [['--account', '--name', ' '], { EXCHANGE_TX_PRIVATE_KEY: 'k' }, /--name/],
    ];
    for (const [argv, env, message] of refused) {
      assert.throws(
        () => parseMcpCli(argv, env),
        (error: unknown) =>
          error instanceof McpCliError && message.test(error.message) && !error.message.includes('secret-password'),
        argv.join(' '),
      );
    }
  });

  it('a key that cannot be read, or an API key of another key, is refused without either appearing', async () => {
    const keys = registeredKeys();
    const other = registeredKeys();
    const garbage = `${keys.privateKeyHex.slice(0, 40)}zz`;
    for (const [privateKey, apiKey] of [
      [garbage, undefined],
      [keys.privateKeyHex, other.apiKey],
    ] as const) {
      const error = await bind(
        {
          mode: 'account',
          baseUrl: 'https://api.changelly.com/',
          name: 'a',
          privateKey,
          apiKey,
          tools: undefined,
          readOnly: false,
        },
        () => undefined,
      ).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof McpCliError, String(error));
      for (const secret of [garbage, keys.privateKeyHex, keys.apiKey, other.apiKey])
        assert.ok(!error.message.includes(secret), error.message);
      assert.match(error.message, /EXCHANGE_TX_PRIVATE_KEY/);
    }
  });

  it('the redactor removes a key in every form it takes, and its API key', () => {
    const keys = registeredKeys();
    const credentials = loadCredentials(keys.privateKeyHex);
    const redact = redactorOf([credentials], [keys.privateKeyHex]);
    const pem = String(credentials.privateKey.export({ format: 'pem', type: 'pkcs8' }));
    const der = credentials.privateKey.export({ format: 'der', type: 'pkcs1' });
    for (const form of [keys.privateKeyHex, der.toString('hex'), der.toString('base64'), keys.apiKey]) {
      assert.equal(redact(`before ${form} after`), `before ${REDACTED} after`);
    }
    const pemOut = redact(pem);
    for (const line of pem.split('\n').filter((l) => l.length > 20 && !l.startsWith('-----')))
      assert.ok(!pemOut.includes(line));
    assert.equal(redact('nothing secret here: 0123456789'), 'nothing secret here: 0123456789');
  });
});
