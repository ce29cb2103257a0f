/**
 * The "Copy as…" snippets, run for real: each is written to a file and run with bash, node or
 * python3 against a sandbox that knows the key, with the key in a PEM file or an environment
 * variable, and with bodies that would break naive quoting. The sandbox must accept each request
 * (its log shows the method, the params byte for byte and the key). No snippet holds the key or a
 * signature. Each kind's whole text is compared with a golden file (test/golden/requests/snippets/).
 */
import { strict as assert } from 'assert';
import { createPrivateKey, generateKeyPairSync } from 'crypto';
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as path from 'path';
import type { Credentials, GeneratedKeys } from '../../../src/api/keys';
import { loadCredentials, signBody } from '../../../src/api/keys';
import type { SnippetKeySource } from '../../../src/features/requests/snippetScripts';
import type { SnippetInput } from '../../../src/features/requests/snippets';
import { SNIPPET_KINDS, snippet, SnippetInputError } from '../../../src/features/requests/snippets';
import { QuotingError } from '../../../src/features/requests/quoting';
import type { Sandbox } from '../../../packages/sandbox/src';
import { SecretNeedles, scanText } from '../../secrets/scan';
import { registeredKeys } from '../../secrets/registry';
import { testSandbox } from '../../../packages/sandbox/test/helpers';
import { assertGolden } from '../support/golden';
import { childEnv, holdsAny, keyPieces, piecesOf, runProcess, temporaryFolder, writePrivateFile } from './processes';
import type { ProcessResult } from './processes';
import { runnerFor } from './snippetRunner';
import type { Runner } from './snippetRunner';

const KEY_VARIABLE = 'EXCHANGE_TX_SNIPPET_KEY';

/** Starts `server` on a free port of this machine, and gives the port. */
function listenLocal(server: http.Server): Promise<number> {
  return new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

function rpcBody(id: string, method: string, params: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params });
}

/** Strings a careless quoting would run or mangle. */
const HOSTILE_TEXT = [
  "it's \"quoted\" 'twice'",
  '$(touch MARKER) `touch MARKER` ${HOME} $HOME !! \\ \\\\ %s %n %% \\x41 \\u0041',
  'line one\nline two\r\ttabbed',
  'ünïcødé 中文 😀 \u202e\u2066RTL\u2069 \u200bzero\u200d width\u00a0nbsp\u2028sep\ufeff',
  '\'; echo INJECTED; \'"; echo INJECTED; "',
].join(' | ');

describe('request snippets', () => {
  let keys: GeneratedKeys;
  let credentials: Credentials;
  let other: Credentials;
  let pemPkcs8: string;
  let pemPkcs1: string;

  before(() => {
    keys = registeredKeys();
    credentials = loadCredentials(keys.privateKeyHex);
    other = loadCredentials(registeredKeys().privateKeyHex);
    const key = createPrivateKey({ key: Buffer.from(keys.privateKeyHex, 'hex'), format: 'der', type: 'pkcs8' });
    pemPkcs8 = key.export({ format: 'pem', type: 'pkcs8' }).toString();
    pemPkcs1 = key.export({ format: 'pem', type: 'pkcs1' }).toString();
  });

  describe('kinds and input checks', () => {
    it('lists the three kinds with their labels', () => {
      assert.deepEqual(SNIPPET_KINDS, [
        { kind: 'curl', label: 'cURL (bash)' },
        { kind: 'node', label: 'Node.js (18 or later)' },
        { kind: 'python', label: 'Python 3' },
      ]);
    });

    const base: SnippetInput = {
      url: 'https://api.example.com/v2',
      body: '{}',
      keySource: { kind: 'env', name: 'KEY' },
    };
    const refused: readonly [string, SnippetInput][] = [
      ['an address that is no URL', { ...base, url: 'not a url' }],
      ['a file: address', { ...base, url: 'file:///etc/passwd' }],
      ['a variable name with a space', { ...base, keySource: { kind: 'env', name: 'MY KEY' } }],
      ['a variable name that injects code', { ...base, keySource: { kind: 'env', name: 'X}; rm -rf ~; #' } }],
      ['a variable name starting with a digit', { ...base, keySource: { kind: 'env', name: '1KEY' } }],
      ['an empty file path', { ...base, keySource: { kind: 'file', path: '  ' } }],
      ['a file path with a NUL', { ...base, keySource: { kind: 'file', path: 'a\u0000b' } }],
      ['an API key that is not base64', { ...base, apiKey: "abc'; echo x" }],
    ];
    for (const [what, input] of refused) {
      it(`refuses ${what}, for every kind`, () => {
        for (const { kind } of SNIPPET_KINDS) assert.throws(() => snippet(kind, input), SnippetInputError);
      });
    }

    it('refuses a body with a NUL character for the shell only (a shell string cannot hold one)', () => {
      const input = { ...base, body: '{"a":"\u0000"}' };
      assert.throws(() => snippet('curl', input), QuotingError);
      assert.doesNotThrow(() => snippet('node', input));
      assert.doesNotThrow(() => snippet('python', input));
    });
  });

  describe('input checks in words', () => {
    const base: SnippetInput = {
      url: 'https://api.example.com/v2',
      body: '{}',
      keySource: { kind: 'env', name: 'KEY' },
    };
    const refusals: readonly [SnippetInput, string][] = [
      [{ ...base, url: 'not a url' }, 'The request address is not a URL.'],
      [{ ...base, url: 'ftp://api.example.com/v2' }, 'The request address must be an http: or https: URL.'],
      [{ ...base, apiKey: 'abc def' }, 'The API key is not base64 text.'],
      [
        { ...base, keySource: { kind: 'env', name: '1KEY' } },
        'The environment variable name must be letters, digits and underscores, not starting with a digit.',
      ],
      [
        { ...base, keySource: { kind: 'file', path: '' } },
        'The private key file path is empty or holds a NUL character.',
      ],
    ];

    it('says what is wrong with the input', () => {
      for (const [input, message] of refusals) {
        assert.throws(
          () => snippet('node', input),
          (error: unknown) =>
            error instanceof SnippetInputError && error.name === 'SnippetInputError' && error.message === message,
          message,
        );
      }
    });

    it('takes an API key with space around it, trimmed', () => {
      const text = snippet('python', { ...base, apiKey: '  c2lnbmVk+/==  ' });
      assert.ok(text.includes('"c2lnbmVk+/=="'), 'the trimmed key, quoted');
    });

    it('writes each kind whole, saying first what it needs and where the key is read from', () => {
      const file: SnippetKeySource = { kind: 'file', path: 'key.pem' };
      const env: SnippetKeySource = { kind: 'env', name: 'MY_KEY' };
      assertGolden('requests/snippets/curl-key-file', snippet('curl', { ...base, keySource: file }));
      assertGolden('requests/snippets/node-key-file', snippet('node', { ...base, keySource: file }));
      assertGolden('requests/snippets/node-key-env', snippet('node', { ...base, keySource: env }));
      assertGolden('requests/snippets/python-key-file', snippet('python', { ...base, keySource: file }));
    });
  });

  describe('what a snippet holds', () => {
    const body = rpcBody('s1', 'getTransactions', { limit: 2 });
    const sources: readonly SnippetKeySource[] = [
      { kind: 'file', path: 'key.pem' },
      { kind: 'env', name: KEY_VARIABLE },
    ];

    function allTexts(): { name: string; text: string }[] {
      const texts: { name: string; text: string }[] = [];
      for (const { kind } of SNIPPET_KINDS) {
        for (const keySource of sources) {
          for (const apiKey of [undefined, credentials.apiKey]) {
            texts.push({
              name: `${kind} ${keySource.kind}${apiKey ? ' with API key' : ''}`,
              text: snippet(kind, { url: 'https://api.example.com/v2', body, apiKey, keySource }),
            });
          }
        }
      }
      return texts;
    }

    it("never holds the private key (no 32-character piece of its hex or base64, PKCS#8 or PKCS#1) nor the body's signature", () => {
      const pieces = keyPieces(keys.privateKeyHex);
      const signature = signBody(credentials.privateKey, Buffer.from(body, 'utf8'));
      const signaturePieces = piecesOf(signature);
      const pemBodies = [pemPkcs8, pemPkcs1].map((pem) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''));
      for (const { name, text } of allTexts()) {
        assert.ok(!holdsAny(text, pieces), `${name}: holds a piece of the private key`);
        assert.ok(!holdsAny(text, signaturePieces), `${name}: holds a piece of the signature`);
        for (const pemBody of pemBodies)
          assert.ok(!holdsAny(text, piecesOf(pemBody)), `${name}: holds a piece of the PEM`);
        assert.ok(!/PRIVATE KEY-----/.test(text), `${name}: holds a PEM header`);
      }
    });

    it('passes the secret scan of the test run (key forms, signature, key and signature shapes)', () => {
      const needles = new SecretNeedles([
        { kind: 'private-key', value: keys.privateKeyHex },
        { kind: 'signature', value: signBody(credentials.privateKey, Buffer.from(body, 'utf8')) },
      ]);
      for (const { name, text } of allTexts()) assert.deepEqual(scanText(text, needles, name), [], name);
    });

    it('holds the API key only when given (to check the key file), and derives it otherwise', () => {
      for (const { name, text } of allTexts()) {
        assert.equal(text.includes(credentials.apiKey), name.endsWith('with API key'), name);
        assert.match(text, /sha256|SHA256/, `${name}: derives the API key`);
      }
    });

    it('keeps every invisible or control character of the body out of the text as such', () => {
      const tricky = rpcBody('t', 'getTransactions', { extraId: 'a\u202eb\u200bc\u2028d\u0007e\u00a0f\ufeff' });
      for (const { kind } of SNIPPET_KINDS) {
        const text = snippet(kind, {
          url: 'https://api.example.com/v2',
          body: tricky,
          keySource: sources[1] ?? { kind: 'env', name: 'K' },
        });
        for (const char of ['\u202e', '\u200b', '\u2028', '\u0007', '\u00a0', '\ufeff'])
          assert.ok(!text.includes(char), `${kind}: U+${(char.codePointAt(0) ?? 0).toString(16)}`);
      }
    });
  });

  for (const info of SNIPPET_KINDS) {
    describe(`${info.label}, run against the sandbox`, function () {
      this.timeout(60_000);
      let runner: Runner;
      let sandbox: Sandbox;
      let folder: ReturnType<typeof temporaryFolder>;
      let pemFile: string;

      before(async function () {
        const found = runnerFor(info.kind);
        if ('reason' in found) {
          console.log(`      skipped: ${info.label} snippets cannot run here: ${found.reason}`);
          this.skip();
        }
        runner = found;
        folder = temporaryFolder('exchange-tx-snippet-');
        pemFile = path.join(folder.path, 'key.pem');
        writePrivateFile(pemFile, pemPkcs8);
        sandbox = await testSandbox({ ledgerSize: 20 });
        sandbox.registerKey(credentials);
      });

      after(async () => {
        await sandbox?.stop();
        folder?.remove();
      });

      beforeEach(() => sandbox.clearRequests());

      async function run(
        input: Omit<SnippetInput, 'url'>,
        env: Readonly<Record<string, string>> = {},
        url = `${sandbox.url}/v2`,
      ): Promise<ProcessResult> {
        const file = path.join(folder.path, runner.file);
        fs.writeFileSync(file, snippet(info.kind, { ...input, url }));
        try {
          return await runProcess(runner.command, [file], { cwd: folder.path, env: childEnv(env), timeoutMs: 30_000 });
        } finally {
          fs.rmSync(file, { force: true });
        }
      }

      /** Asserts the run printed HTTP 200 and a result, that the sandbox ran it, and that its output holds no secret. */
      function assertAccepted(outcome: ProcessResult, body: string): void {
        const id = (JSON.parse(body) as { id: string }).id;
        const brief = `exit ${String(outcome.code)}${outcome.signal ? ` (${outcome.signal})` : ''}; stderr: ${outcome.stderr.slice(0, 600)}`;
        assert.equal(outcome.code, 0, brief);
        const [status, ...rest] = outcome.stdout.split('\n');
        assert.equal(status, 'HTTP 200', brief);
        const answer = JSON.parse(rest.join('\n')) as { id?: unknown; result?: unknown; error?: unknown };
        assert.ok(answer.result !== undefined, `an answer with a result (${JSON.stringify(answer.error)})`);
        assert.equal(answer.id, id);
        const sent = JSON.parse(body) as { method: string; params: unknown };
        const entries = sandbox.requests;
        assert.equal(entries.length, 1, 'one request reached the sandbox');
        const entry = entries[0];
        assert.equal(entry?.outcome, 'ok');
        assert.equal(entry?.httpStatus, 200);
        assert.equal(entry?.apiKey === credentials.apiKey, true, 'the X-Api-Key derived in the snippet');
        assert.equal(entry?.method, sent.method);
        assert.deepEqual(entry?.params, sent.params, 'the params, byte for byte');
        assert.equal(entry?.bodyBytes, Buffer.byteLength(body, 'utf8'), 'exactly the body bytes');
        const secrets = keyPieces(keys.privateKeyHex);
        assert.ok(!holdsAny(outcome.stdout + outcome.stderr, secrets), 'no piece of the key in the output');
      }

      const simple = rpcBody('simple-1', 'getTransactions', { limit: 3 });

      it('signs and sends with the key in a PEM file (PKCS#8)', async () => {
        assertAccepted(await run({ body: simple, keySource: { kind: 'file', path: pemFile } }), simple);
      });

      it('signs and sends with the key in a PEM file (PKCS#1), checking the given API key', async () => {
        const file = path.join(folder.path, 'key-rsa.pem');
        writePrivateFile(file, pemPkcs1);
        assertAccepted(
          await run({ body: simple, apiKey: credentials.apiKey, keySource: { kind: 'file', path: file } }),
          simple,
        );
      });

      it('signs and sends with a PEM key in an environment variable', async () => {
        assertAccepted(
          await run({ body: simple, keySource: { kind: 'env', name: KEY_VARIABLE } }, { [KEY_VARIABLE]: pemPkcs8 }),
          simple,
        );
      });

      it('signs and sends with a hex DER key (as the service issues it) in an environment variable', async () => {
        const wrapped = keys.privateKeyHex.replace(/(.{64})/g, '$1\n');
        assertAccepted(
          await run({ body: simple, keySource: { kind: 'env', name: KEY_VARIABLE } }, { [KEY_VARIABLE]: wrapped }),
          simple,
        );
      });

      it('signs and sends with a hex DER PKCS#1 key in an environment variable', async () => {
        const pkcs1Hex = createPrivateKey({ key: Buffer.from(keys.privateKeyHex, 'hex'), format: 'der', type: 'pkcs8' })
          .export({ format: 'der', type: 'pkcs1' })
          .toString('hex');
        assertAccepted(
          await run({ body: simple, keySource: { kind: 'env', name: KEY_VARIABLE } }, { [KEY_VARIABLE]: pkcs1Hex }),
          simple,
        );
      });

      it('refuses a private key that is not RSA, and sends nothing', async () => {
        const ecPem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
          .privateKey.export({ format: 'pem', type: 'pkcs8' })
          .toString();
        const outcome = await run(
          { body: simple, keySource: { kind: 'env', name: KEY_VARIABLE } },
          { [KEY_VARIABLE]: ecPem },
        );
        assert.equal(outcome.code, 2, outcome.stderr.slice(0, 600));
        assert.match(outcome.stderr, /The private key is not an RSA key\.\n$/);
        assert.equal(outcome.stdout, '');
        assert.equal(sandbox.requests.length, 0);
      });

      it('refuses a hex key of an odd length, and sends nothing', async () => {
        const outcome = await run(
          { body: simple, keySource: { kind: 'env', name: KEY_VARIABLE } },
          { [KEY_VARIABLE]: `${keys.privateKeyHex}a` },
        );
        assert.equal(outcome.code, 2, outcome.stderr.slice(0, 600));
        assert.match(
          outcome.stderr,
          info.kind === 'curl'
            ? /^The private key hex has an odd length\.\n$/
            : /The private key is neither PEM nor hex\.\n$/,
        );
        assert.equal(outcome.stdout, '');
        assert.equal(sandbox.requests.length, 0);
      });

      it('says the request failed when nothing answers at the address, and exits 2', async () => {
        const closed = http.createServer();
        const port = await listenLocal(closed);
        await new Promise<void>((resolve) => closed.close(() => resolve()));
        const outcome = await run(
          { body: simple, keySource: { kind: 'file', path: pemFile } },
          {},
          `http://127.0.0.1:${port}/v2`,
        );
        assert.equal(outcome.code, 2, outcome.stderr.slice(0, 600));
        assert.equal(outcome.stdout, '');
        assert.notEqual(outcome.stderr.trim(), '', 'a reason on stderr');
      });

      it('reads a key file given as ~/… from the home folder of whoever runs it', async () => {
        assertAccepted(
          await run({ body: simple, keySource: { kind: 'file', path: '~/key.pem' } }, { HOME: folder.path }),
          simple,
        );
      });

      it('sends a hostile body byte for byte and runs none of it (key from a file and from a variable)', async () => {
        const marker = path.join(folder.path, 'MARKER');
        const text = HOSTILE_TEXT.replace(/MARKER/g, marker);
        const body = rpcBody(text, 'getTransactions', { extraId: text, address: `${text}'`, limit: 5 });
        assertAccepted(await run({ body, keySource: { kind: 'file', path: pemFile } }), body);
        sandbox.clearRequests();
        assertAccepted(
          await run({ body, keySource: { kind: 'env', name: KEY_VARIABLE } }, { [KEY_VARIABLE]: keys.privateKeyHex }),
          body,
        );
        assert.equal(fs.existsSync(marker), false, 'no command in the body ran');
      });

      it('sends a pretty-printed body with raw newlines and a trailing one as it is', async () => {
        const body = `${JSON.stringify({ jsonrpc: '2.0', id: 'pretty', method: 'getTransactions', params: { extraId: "x'y" } }, null, 2)}\n\n`;
        assertAccepted(await run({ body, keySource: { kind: 'file', path: pemFile } }), body);
      });

      it("refuses a key that is not the account's (API key given) and sends nothing", async () => {
        const outcome = await run({ body: simple, apiKey: other.apiKey, keySource: { kind: 'file', path: pemFile } });
        assert.equal(outcome.code, 2);
        assert.match(outcome.stderr, /does not belong to the account/);
        assert.equal(sandbox.requests.length, 0);
      });

      it('says which variable to set when it is missing, and sends nothing', async () => {
        const outcome = await run(
          { body: simple, keySource: { kind: 'env', name: KEY_VARIABLE } },
          { [KEY_VARIABLE]: '' },
        );
        assert.equal(outcome.code, 2);
        assert.match(outcome.stderr, new RegExp(`Set ${KEY_VARIABLE} to your private key`));
        assert.equal(sandbox.requests.length, 0);
      });

      it('says so when the variable holds no key, and sends nothing', async () => {
        const outcome = await run(
          { body: simple, keySource: { kind: 'env', name: KEY_VARIABLE } },
          { [KEY_VARIABLE]: 'not a key at all' },
        );
        assert.equal(outcome.code, 2);
        assert.match(outcome.stderr, /neither PEM nor hex/);
        assert.equal(sandbox.requests.length, 0);
      });

      it('does not follow a redirect: prints its status, and where it points gets nothing', async () => {
        let reached = 0;
        const elsewhere = http.createServer((request, response) => {
          reached++;
          request.resume();
          response.end('{}');
        });
        const redirecting = http.createServer((request, response) => {
          request.resume();
          const { port } = elsewhere.address() as AddressInfo;
          response.writeHead(307, { Location: `http://127.0.0.1:${port}/v2` });
          response.end();
        });
        await listenLocal(elsewhere);
        const port = await listenLocal(redirecting);
        try {
          const outcome = await run(
            { body: simple, keySource: { kind: 'file', path: pemFile } },
            {},
            `http://127.0.0.1:${port}/v2`,
          );
          assert.equal(outcome.code, 1, outcome.stderr.slice(0, 600));
          assert.equal(outcome.stdout.split('\n')[0], 'HTTP 307');
          assert.equal(reached, 0, 'the signed request went nowhere else');
        } finally {
          redirecting.close();
          elsewhere.close();
        }
      });

      it('prints the status and answer of a refused request and exits 1', async () => {
        sandbox.unregisterKey(credentials.apiKey);
        try {
          const outcome = await run({ body: simple, keySource: { kind: 'file', path: pemFile } });
          assert.equal(outcome.code, 1, outcome.stderr.slice(0, 600));
          assert.equal(outcome.stdout.split('\n')[0], 'HTTP 401');
          assert.match(outcome.stdout, /Unauthorized/);
        } finally {
          sandbox.registerKey(credentials);
        }
      });
    });
  }
});
