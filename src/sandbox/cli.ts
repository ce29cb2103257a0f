/**
 * `npm run sandbox`: starts the sandbox on the real system clock (transactions move in real time),
 * registers a key pair and prints how to point the extension and a signed request at it. A key
 * the user gives is never printed, nor anything signed with it; a fresh one is.
 */
import type { Credentials } from '../api/keys';
import { fingerprint, generateKeys, loadCredentials, signBody } from '../api/keys';
import { CliError, parseCli, USAGE } from './cliArgs';
import type { RequestLogEntry } from './index';
import { startSandbox, systemClock } from './index';

function describe(entry: RequestLogEntry): string {
  const time = new Date().toISOString().slice(11, 23);
  const what = entry.method ?? `${entry.httpMethod} ${entry.path}`;
  let outcome: string = entry.outcome;
  if (entry.fault) outcome = `fault ${entry.fault}`;
  else if (entry.errorCode !== undefined) outcome = `${entry.errorCode} ${entry.errorMessage ?? ''}`;
  const status = entry.httpStatus === undefined ? 'no answer' : `HTTP ${entry.httpStatus}`;
  return `${time}  ${what}  ${outcome}  (${status}${entry.delayMs > 0 ? `, +${Math.round(entry.delayMs)} ms` : ''})`;
}

/** A shell-safe single-quoted word. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A Node one-liner that signs a getStatus of the id given as its argument and posts it to $URL. It
 * reads the private key (PEM, hex or base64 DER PKCS#8) from $SANDBOX_PRIVATE_KEY and derives the
 * API key from it, so no key needs to be written into the command.
 */
const SIGNER =
  'const c=require("crypto");const t=process.env.SANDBOX_PRIVATE_KEY.trim();' +
  'const k=t.includes("-----BEGIN")?c.createPrivateKey(t):c.createPrivateKey({key:Buffer.from(t.replace(/\\s+/g,""),/^[0-9a-fA-F\\s]+$/.test(t)?"hex":"base64"),format:"der",type:"pkcs8"});' +
  'const a=c.createHash("sha256").update(c.createPublicKey(k).export({format:"der",type:"pkcs1"})).digest("base64");' +
  'const b=JSON.stringify({jsonrpc:"2.0",id:"1",method:"getStatus",params:{id:process.argv[1]}});' +
  'fetch(process.env.URL+"/v2",{method:"POST",headers:{"Content-Type":"application/json","X-Api-Key":a,' +
  '"X-Api-Signature":c.sign("sha256",Buffer.from(b),k).toString("base64")},body:b}).then(r=>r.text()).then(console.log)';

/**
 * The key to register: the one given, or a fresh one, whose hex may then be printed. A key the
 * user gave may be a production key: it is used, never printed, and nothing signed with it is
 * printed either (a signed body replays against the real service).
 */
function chooseKey(given: string | undefined): { credentials: Credentials; generatedHex: string | undefined } {
  if (given !== undefined) return { credentials: loadCredentials(given), generatedHex: undefined };
  const hex = generateKeys().privateKeyHex;
  return { credentials: loadCredentials(hex), generatedHex: hex };
}

async function main(): Promise<void> {
  const settings = parseCli(process.argv.slice(2), process.env);
  if (settings.help) {
    console.log(USAGE);
    return;
  }
  const { credentials, generatedHex } = chooseKey(settings.privateKey);
  const sandbox = await startSandbox({
    port: settings.port,
    seed: settings.seed,
    ledgerSize: settings.size,
    clock: systemClock,
    rateLimit: settings.rateLimit,
    faults: settings.faults,
    disabledMethods: settings.disabledMethods,
    keys: [credentials],
    onRequest: settings.quiet ? undefined : (entry) => console.log(describe(entry)),
  });
  const apiKey = credentials.apiKey;
  const live = sandbox.ledger.visible().filter((tx) => {
    const status = sandbox.ledger.statusOf(tx.id);
    return status === 'waiting' || status === 'confirming' || status === 'exchanging' || status === 'sending';
  });
  const example = live[0]?.id ?? sandbox.ledger.all()[0]?.id ?? 'some-id';

  console.log(`Exchange Tx sandbox listening on ${sandbox.url}`);
  console.log(
    `  seed ${sandbox.seed}, ${sandbox.ledger.size} transactions, ` +
      `rate limit ${sandbox.rateLimit === null ? 'off' : `${sandbox.rateLimit} requests/s per key`}`,
  );
  if (sandbox.disabledMethods.length > 0) console.log(`  answering ${sandbox.disabledMethods.join(', ')} with -32601 "Method not found"`);
  console.log('');
  if (generatedHex === undefined) {
    console.log('Private key:  the one given (--private-key or SANDBOX_PRIVATE_KEY) is used; it is not printed,');
    console.log('              nor is anything signed with it.');
    console.log(`API key:      ${fingerprint(apiKey)} (derived from it)`);
    console.log('');
    console.log('Point the extension at it:');
    console.log(`  Run "Exchange Tx: Add Account…" with the base URL ${sandbox.url} and the private key you gave.`);
    console.log('');
    console.log('Sign your own request (getStatus of a transaction that is moving right now), with');
    console.log('SANDBOX_PRIVATE_KEY set to your key in the environment (the command reads it from there):');
    console.log(`  URL=${sandbox.url} node -e ${quote(SIGNER)} ${example}`);
  } else {
    const body = JSON.stringify({ jsonrpc: '2.0', id: '1', method: 'getTransactions', params: { limit: 2 } });
    const signature = signBody(credentials.privateKey, Buffer.from(body));
    console.log(`API key:      ${apiKey}`);
    console.log(`Private key:  ${generatedHex}`);
    console.log('              (freshly generated, hex of DER PKCS#8 as the service issues keys; keep it for');
    console.log('              SANDBOX_PRIVATE_KEY or --private-key next time)');
    console.log('');
    console.log('Point the extension at it:');
    console.log(`  Run "Exchange Tx: Add Account…" with the base URL ${sandbox.url} and the private key above.`);
    console.log('');
    console.log('A signed request (the signature is valid for exactly this body):');
    console.log(
      `  curl -s ${sandbox.url}/v2 -H 'Content-Type: application/json' -H ${quote(`X-Api-Key: ${apiKey}`)} ` +
        `-H ${quote(`X-Api-Signature: ${signature}`)} --data-raw ${quote(body)}`,
    );
    console.log('');
    console.log('Sign your own (getStatus of a transaction that is moving right now):');
    console.log(`  URL=${sandbox.url} SANDBOX_PRIVATE_KEY=${generatedHex} node -e ${quote(SIGNER)} ${example}`);
  }
  console.log('');
  if (live.length > 0) console.log(`Moving now: ${live.slice(0, 8).map((tx) => `${tx.id} (${sandbox.ledger.statusOf(tx.id) ?? '?'})`).join(', ')}`);
  console.log('Ctrl+C stops the sandbox.');

  let stopping = false;
  const stop = (): void => {
    if (stopping) process.exit(1);
    stopping = true;
    void sandbox.stop().then(() => console.log('Sandbox stopped.'));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof CliError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
