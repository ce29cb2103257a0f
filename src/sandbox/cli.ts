/**
 * `npm run sandbox`: starts the sandbox on the real system clock (transactions move in real time),
 * registers a key pair and prints how to point the extension and a signed request at it.
 */
import { createPrivateKey } from 'crypto';
import { generateKeys, loadCredentials, signBody } from '../api/keys';
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

async function main(): Promise<void> {
  const settings = parseCli(process.argv.slice(2), process.env);
  if (settings.help) {
    console.log(USAGE);
    return;
  }
  let privateKeyHex: string;
  if (settings.privateKey) {
    const credentials = loadCredentials(settings.privateKey);
    privateKeyHex = credentials.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('hex');
  } else {
    privateKeyHex = generateKeys().privateKeyHex;
  }
  const credentials = loadCredentials(privateKeyHex);
  const sandbox = await startSandbox({
    port: settings.port,
    seed: settings.seed,
    ledgerSize: settings.size,
    clock: systemClock,
    rateLimit: settings.rateLimit,
    faults: settings.faults,
    keys: [credentials],
    onRequest: settings.quiet ? undefined : (entry) => console.log(describe(entry)),
  });
  const apiKey = credentials.apiKey;
  const body = JSON.stringify({ jsonrpc: '2.0', id: '1', method: 'getTransactions', params: { limit: 2 } });
  const signature = signBody(createPrivateKey({ key: Buffer.from(privateKeyHex, 'hex'), format: 'der', type: 'pkcs8' }), Buffer.from(body));
  const live = sandbox.ledger.visible().filter((tx) => {
    const status = sandbox.ledger.statusOf(tx.id);
    return status === 'waiting' || status === 'confirming' || status === 'exchanging' || status === 'sending';
  });
  const example = live[0]?.id ?? sandbox.ledger.all()[0]?.id ?? 'some-id';
  const signer =
    'const c=require("crypto");' +
    'const k=c.createPrivateKey({key:Buffer.from(process.env.KEY,"hex"),format:"der",type:"pkcs8"});' +
    'const b=JSON.stringify({jsonrpc:"2.0",id:"1",method:"getStatus",params:{id:process.argv[1]}});' +
    'fetch(process.env.URL+"/v2",{method:"POST",headers:{"Content-Type":"application/json","X-Api-Key":process.env.API_KEY,' +
    '"X-Api-Signature":c.sign("sha256",Buffer.from(b),k).toString("base64")},body:b}).then(r=>r.text()).then(console.log)';

  console.log(`Exchange Tx sandbox listening on ${sandbox.url}`);
  console.log(
    `  seed ${sandbox.seed}, ${sandbox.ledger.size} transactions, ` +
      `rate limit ${sandbox.rateLimit === null ? 'off' : `${sandbox.rateLimit} requests/s per key`}`,
  );
  console.log('');
  console.log(`API key:      ${apiKey}`);
  console.log(`Private key:  ${privateKeyHex}`);
  console.log('              (hex of DER PKCS#8, as the service issues keys; keep it for --private-key next time)');
  console.log('');
  console.log('Point the extension at it:');
  console.log(`  1. Set the setting "exchangeTx.baseUrl" to ${sandbox.url}`);
  console.log('  2. Run "Exchange Tx: Set API Keys…" and paste the private key above.');
  console.log('');
  console.log('A signed request (the signature is valid for exactly this body):');
  console.log(
    `  curl -s ${sandbox.url}/v2 -H 'Content-Type: application/json' -H ${quote(`X-Api-Key: ${apiKey}`)} ` +
      `-H ${quote(`X-Api-Signature: ${signature}`)} --data-raw ${quote(body)}`,
  );
  console.log('');
  console.log('Sign your own (getStatus of a transaction that is moving right now):');
  console.log(`  URL=${sandbox.url} API_KEY=${quote(apiKey)} KEY=${privateKeyHex} node -e ${quote(signer)} ${example}`);
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
