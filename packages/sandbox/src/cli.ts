/**
 * `npm run sandbox`: starts the sandbox on real time that its control endpoint can skip ahead
 * (transactions move in real time), registers a key pair (given, from a key file, or fresh) and
 * prints how to point the extension, a signed request and the control endpoint at it. A key the
 * user gives is never printed, nor anything signed with it; a fresh one only with --print-key.
 * With --state-file the ledger survives restarts.
 */
import * as fs from 'fs';
import type { Credentials } from '../../../src/api/keys';
import { fingerprint, generateKeys, loadCredentials, signBody } from '../../../src/api/keys';
import { SANDBOX_CONTROL_PATH } from '../../../src/shared/controlProtocol';
import { CliError, parseCli, USAGE } from './cliArgs';
import type { CliSettings } from './cliArgs';
import { loadOrCreateKeyFile, openJournalFile, readStateFile, writeStateFile } from './cliFiles';
import type { RequestLogEntry, Sandbox } from './index';
import { SkippableClock, SnapshotError, startSandbox } from './index';
import { CHANGING_METHODS, isMethod } from './operations';
import { errorText } from '../../../src/shared/errorText';
import { terminalText } from '../../../src/shared/safeText';
import { journalEntry } from './requestLog';

/** A request's line, and the diagnosis of a refused one on the next; every text the client chose escaped. */
function describe(entry: RequestLogEntry): string {
  const time = new Date().toISOString().slice(11, 23);
  const what = terminalText(entry.method ?? `${entry.httpMethod} ${entry.path}`);
  let outcome: string = entry.outcome;
  if (entry.fault) outcome = `fault ${entry.fault}`;
  else if (entry.errorCode !== undefined) outcome = `${entry.errorCode} ${terminalText(entry.errorMessage ?? '')}`;
  const status = entry.httpStatus === undefined ? 'no answer' : `HTTP ${entry.httpStatus}`;
  const line = `${time}  ${what}  ${outcome}  (${status}${entry.delayMs > 0 ? `, +${Math.round(entry.delayMs)} ms` : ''})`;
  const { diagnosis } = entry;
  return diagnosis ? `${line}\n              ${diagnosis.code}: ${terminalText(diagnosis.words, 400)}` : line;
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

/** Where the registered key came from, for what is printed about it. */
type KeyOrigin =
  { kind: 'given' } | { kind: 'file'; file: string; createdHex: string | undefined } | { kind: 'fresh'; hex: string };

/**
 * The key to register: the one given, the key file's (made when absent), or a fresh one. A key
 * the user gave may be a production key: it is used, never printed, and nothing signed with it is
 * printed either (a signed body replays against the real service). A generated key is printed
 * only with --print-key.
 */
function chooseKey(settings: CliSettings): { credentials: Credentials; origin: KeyOrigin } {
  if (settings.privateKey !== undefined)
    return { credentials: loadCredentials(settings.privateKey), origin: { kind: 'given' } };
  if (settings.keyFile !== undefined) {
    const { credentials, createdHex } = loadOrCreateKeyFile(settings.keyFile);
    return { credentials, origin: { kind: 'file', file: settings.keyFile, createdHex } };
  }
  const hex = generateKeys().privateKeyHex;
  return { credentials: loadCredentials(hex), origin: { kind: 'fresh', hex } };
}

/** Restores the ledger from the state file, if there is one; says what happened. */
function restoreState(sandbox: Sandbox, file: string): string {
  let snapshot: unknown;
  try {
    snapshot = readStateFile(file);
  } catch (error) {
    return `State:        ${errorText(error)} A new ledger is used; the file is overwritten on the next change.`;
  }
  if (snapshot === undefined) return `State:        ${file} (new; written after each change)`;
  try {
    const { restored, dropped } = sandbox.restore(snapshot);
    return `State:        ${file}: ${restored} transactions restored${dropped > 0 ? `, ${dropped} malformed entries dropped` : ''}`;
  } catch (error) {
    const reason = error instanceof SnapshotError ? error.message : 'it could not be read';
    return `State:        ${file} was not restored (${reason}); a new ledger is used and the file is overwritten on the next change.`;
  }
}

/** Saves the ledger to the state file shortly after changes (one write per burst) and at exit if changed since. */
class StateSaver {
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;

  constructor(
    private readonly sandbox: Sandbox,
    private readonly file: string,
  ) {}

  /** A request that may have changed the ledger: a control action or a create call that succeeded. */
  noteRequest(entry: RequestLogEntry): void {
    const method = entry.method;
    const changes =
      entry.outcome === 'ok' &&
      (entry.path.startsWith(SANDBOX_CONTROL_PATH) ||
        (method !== undefined && isMethod(method) && CHANGING_METHODS.has(method)));
    if (!changes) return;
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.save();
    }, 200);
  }

  /**
   * Writes the file now, changed or not: at start, so the issuer's new generation (ids.ts) is on
   * disk before any id of it is handed out, and a restart never hands one out again.
   */
  saveNow(): void {
    // Never over a file that was there and could not be restored (it may be something else).
    if (fs.existsSync(this.file) && this.sandbox.ledger.issuer.generation === 0) return;
    this.dirty = true;
    this.save();
  }

  /** Writes the file if anything changed since the last write. */
  save(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.dirty) return;
    this.dirty = false;
    try {
      writeStateFile(this.file, this.sandbox.toSnapshot());
    } catch (error) {
      console.error(`Could not write the state file ${this.file}: ${errorText(error)}`);
    }
  }
}

function printKeyOrigin(origin: KeyOrigin, apiKey: string, printKey: boolean): void {
  if (origin.kind === 'given') {
    console.log('Private key:  the one given (--private-key or SANDBOX_PRIVATE_KEY) is used; it is not printed,');
    console.log('              nor is anything signed with it.');
    console.log(`API key:      ${fingerprint(apiKey)} (derived from it)`);
    return;
  }
  if (origin.kind === 'file') {
    console.log(
      `Private key:  in ${origin.file}${origin.createdHex !== undefined ? ' (created now, readable by you only)' : ''}`,
    );
    if (printKey && origin.createdHex !== undefined) console.log(`              ${origin.createdHex}`);
    console.log(`API key:      ${apiKey}`);
    return;
  }
  console.log(`API key:      ${apiKey}`);
  if (printKey) {
    console.log(`Private key:  ${origin.hex}`);
    console.log('              (freshly generated, hex of DER PKCS#8 as the service issues keys; keep it for');
    console.log('              SANDBOX_PRIVATE_KEY or --private-key next time, or use --key-file)');
  } else {
    console.log('Private key:  generated for this run and not printed; start with --key-file FILE to keep');
    console.log('              it in a file (the same key every run), or --print-key to show it.');
  }
}

/** `--json`: one line a program reads (a CI step, a test suite); the private key only when printable. */
function printJson(
  sandbox: Sandbox,
  origin: KeyOrigin,
  apiKey: string,
  printable: string | undefined,
  stateFile: string | undefined,
): void {
  const line = {
    url: sandbox.url,
    apiKey,
    seed: sandbox.seed,
    ...(printable !== undefined ? { privateKey: printable } : {}),
    ...(origin.kind === 'file' ? { keyFile: origin.file } : {}),
    ...(stateFile !== undefined ? { stateFile } : {}),
  };
  console.log(JSON.stringify(line));
}

async function main(): Promise<void> {
  const settings = parseCli(process.argv.slice(2), process.env);
  if (settings.help) {
    console.log(USAGE);
    return;
  }
  const { credentials, origin } = chooseKey(settings);
  const journal =
    settings.journal === undefined ? undefined : openJournalFile(settings.journal, (message) => console.error(message));
  const sandbox = await startSandbox({
    port: settings.port,
    seed: settings.seed,
    ledgerSize: settings.size,
    // Real time that the control endpoint's `skip` can move ahead.
    clock: new SkippableClock(),
    rateLimit: settings.rateLimit,
    faults: settings.faults,
    disabledMethods: settings.disabledMethods,
    traffic: settings.traffic,
    keys: [credentials],
    journalSize: settings.journalSize,
    onRequest: (entry) => {
      journal?.(JSON.stringify(journalEntry(entry)));
      saver?.noteRequest(entry);
      if (!settings.quiet) console.log(describe(entry));
    },
  });
  const stateLine = settings.stateFile === undefined ? undefined : restoreState(sandbox, settings.stateFile);
  const saver = settings.stateFile === undefined ? undefined : new StateSaver(sandbox, settings.stateFile);
  saver?.saveNow();
  // The hook (setHook) and its events not delivered yet survive a restart too, in a file beside the ledger's.
  const hookLine =
    settings.stateFile === undefined ? undefined : sandbox.hooks.persistTo(`${settings.stateFile}.hook.json`);
  // Before anything is printed: whoever reads "Ctrl+C stops the sandbox." may send SIGINT at once.
  let stopping = false;
  const stop = (): void => {
    if (stopping) process.exit(1);
    stopping = true;
    saver?.save();
    void sandbox.stop().then(() => console.log('Sandbox stopped.'));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const apiKey = credentials.apiKey;
  const live = sandbox.ledger.visible().filter((tx) => {
    const status = sandbox.ledger.statusOf(tx.id);
    return status === 'waiting' || status === 'confirming' || status === 'exchanging' || status === 'sending';
  });
  const example = live[0]?.id ?? sandbox.ledger.all()[0]?.id ?? 'some-id';
  // Printed: a key only when generated here and asked for; a signature only of such a key.
  const printable = settings.printKey
    ? origin.kind === 'fresh'
      ? origin.hex
      : origin.kind === 'file'
        ? origin.createdHex
        : undefined
    : undefined;

  if (settings.json) {
    printJson(sandbox, origin, apiKey, printable, settings.stateFile);
    return;
  }
  console.log(`Exchange Tx sandbox listening on ${sandbox.url}`);
  console.log(
    `  seed ${sandbox.seed}, ${sandbox.ledger.size} transactions, ` +
      `rate limit ${sandbox.rateLimit === null ? 'off' : `${sandbox.rateLimit} requests/s per key`}`,
  );
  console.log(
    `  ${sandbox.traffic === 0 ? 'no traffic: a still ledger (--traffic N for new transactions)' : `traffic: ${sandbox.traffic} new transactions an hour (--traffic 0 for a still ledger)`}`,
  );
  if (sandbox.disabledMethods.length > 0)
    console.log(`  answering ${sandbox.disabledMethods.join(', ')} with -32601 "Method not found"`);
  console.log('');
  console.log(`Service:      POST ${sandbox.url}/v2`);
  console.log(`Control:      POST ${sandbox.url}${SANDBOX_CONTROL_PATH} (signed like /v2 calls; see docs/sandbox.md,`);
  console.log('              "The control endpoint")');
  printKeyOrigin(origin, apiKey, settings.printKey);
  if (stateLine !== undefined) console.log(stateLine);
  if (hookLine !== undefined) console.log(hookLine);
  console.log('');
  console.log('Point the extension at it:');
  const keyWords =
    origin.kind === 'given'
      ? 'the private key you gave'
      : origin.kind === 'file'
        ? `the private key in ${origin.file}`
        : printable !== undefined
          ? 'the private key above'
          : 'its private key (--print-key shows it)';
  console.log(`  Run "Exchange Tx: Add Account…" with the base URL ${sandbox.url} and ${keyWords}.`);
  console.log('');
  if (printable !== undefined) {
    const body = JSON.stringify({ jsonrpc: '2.0', id: '1', method: 'getTransactions', params: { limit: 2 } });
    const signature = signBody(credentials.privateKey, Buffer.from(body));
    console.log('A signed request (the signature is valid for exactly this body):');
    console.log(
      `  curl -s ${sandbox.url}/v2 -H 'Content-Type: application/json' -H ${quote(`X-Api-Key: ${apiKey}`)} ` +
        `-H ${quote(`X-Api-Signature: ${signature}`)} --data-raw ${quote(body)}`,
    );
    console.log('');
    console.log('Sign your own (getStatus of a transaction that is moving right now):');
    console.log(`  URL=${sandbox.url} SANDBOX_PRIVATE_KEY=${printable} node -e ${quote(SIGNER)} ${example}`);
  } else {
    console.log('Sign your own request (getStatus of a transaction that is moving right now), with');
    console.log('SANDBOX_PRIVATE_KEY set to the private key in the environment (the command reads it from there):');
    console.log(`  URL=${sandbox.url} node -e ${quote(SIGNER)} ${example}`);
  }
  console.log('');
  if (live.length > 0)
    console.log(
      `Moving now: ${live
        .slice(0, 8)
        .map((tx) => `${tx.id} (${sandbox.ledger.statusOf(tx.id) ?? '?'})`)
        .join(', ')}`,
    );
  console.log('Ctrl+C stops the sandbox.');
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
