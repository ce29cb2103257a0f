/**
 * The command line of the sandbox CLI, parsed with node's util.parseArgs into sandbox options.
 * Kept apart from cli.ts so it can be tested without starting anything.
 */
import { parseArgs } from 'util';
import type { FaultKind, FaultOptions } from '../../../src/shared/controlProtocol';
import { DEFAULT_LEDGER_SIZE, DEFAULT_SEED } from './ledger';
import { isMethod, METHODS } from './operations';
import { DEFAULT_RATE_LIMIT } from './rateLimit';
import { DEFAULT_TRAFFIC_PER_HOUR, MAX_TRAFFIC_PER_HOUR } from './traffic';
import { errorText } from '../../../src/shared/errorText';
import { DEFAULT_JOURNAL_SIZE, MAX_JOURNAL_SIZE } from '../../../src/shared/requestJournal';

export const DEFAULT_CLI_PORT = 8710;

/** The faults `--fault-rate` spreads its share over, evenly (hangs and slow answers have their own flags). */
export const SPREAD_FAULTS: readonly FaultKind[] = [
  'http500',
  'http502',
  'http503',
  'nonJson',
  'truncated',
  'internalError',
  'wrongId',
];

/** How the command is run: `npm run sandbox --` here, the package's bin where it is packed (scripts/packSandbox.ts). */
const PROGRAM = process.env.EXCHANGE_TX_SANDBOX_PROGRAM ?? 'npm run sandbox --';

export const USAGE = `Usage: ${PROGRAM} [options]

Starts a local simulation of the exchange service on 127.0.0.1, registers a fresh key pair
(or the one given) and prints what the extension needs to use it. Ctrl+C stops it.

Options:
  --port N          port to listen on (default ${DEFAULT_CLI_PORT}; 0 = any free port)
  --seed N          seed of the ledger and of injected faults (default ${DEFAULT_SEED}), and of the ids
                    it issues (created transactions, rate IDs, subaccounts), which are random
                    per run without it
  --size N          number of seeded transactions (default ${DEFAULT_LEDGER_SIZE})
  --rate-limit N    requests per second per API key (default ${DEFAULT_RATE_LIMIT}; 0 = no limit)
  --traffic N       new transactions arriving per hour of the sandbox clock, each going through
                    its lifecycle (default ${DEFAULT_TRAFFIC_PER_HOUR}, at most ${MAX_TRAFFIC_PER_HOUR}; 0 = a still ledger)
  --latency MS      delay added to every answer
  --jitter MS       up to this much more delay, at random
  --fault-rate P    share 0..1 of answers replaced by a fault (HTTP 500/502/503, non-JSON,
                    truncated JSON, -32603, wrong id), spread evenly
  --hang P          share 0..1 of requests never answered
  --slow P          share 0..1 of answers sent only after --slow-ms (default 60000)
  --slow-ms MS      delay of slow answers
  --hostile P       share 0..1 of records and pair limits carrying hostile strings (markup,
                    control characters…)
  --disable-method M
                    answer method M with -32601 "Method not found", as the service does for
                    a method it retired (repeatable; e.g. getPairsParams, which is deprecated)
  --private-key K   register this private key (hex DER PKCS#8 or PEM) instead of a fresh one;
                    also read from the SANDBOX_PRIVATE_KEY environment variable (better: the
                    command line is visible to other users). It is never printed, nor anything
                    signed with it; only its API key's fingerprint is shown. A PEM starts with
                    dashes: give it as --private-key="$(cat key.pem)"
  --key-file FILE   the private key's file (hex DER PKCS#8 or PEM): read when it exists, else
                    a fresh key is written there (readable by you only), so the key stays the
                    same from run to run; also read from SANDBOX_KEY_FILE
  --print-key       print a freshly generated private key (it is never printed otherwise)
  --state-file FILE keep the ledger there: restored at start when the file exists, written
                    after each change through the control endpoint or a create call, and at
                    exit; also read from SANDBOX_STATE_FILE. The hook (setHook) and its
                    events not delivered yet are kept beside it, in FILE.hook.json
  --journal FILE    write each request's journal entry there as a JSON line, as it happens
                    (the same entries as the control endpoint's "requests"; keys as
                    fingerprints, private keys redacted); emptied at each start
  --journal-size N  requests the journal keeps in memory (default ${DEFAULT_JOURNAL_SIZE}, at most ${MAX_JOURNAL_SIZE})
  --quiet           do not print a line per request (nor the diagnosis of a refused one)
  --json            print one JSON line instead of the text above: {"url", "apiKey", "seed",
                    "privateKey" (only a generated key with --print-key), "keyFile",
                    "stateFile"}; it is printed once the sandbox answers (a readiness signal)
  --help            show this text
`;

export interface CliSettings {
  readonly help: boolean;
  readonly quiet: boolean;
  readonly port: number;
  /** Undefined when not given: the ledger is seed 1's and the issued ids are random. */
  readonly seed: number | undefined;
  readonly size: number;
  /** false: no rate limit. */
  readonly rateLimit: number | false;
  readonly faults: FaultOptions;
  readonly privateKey: string | undefined;
  /** Methods answered with -32601 `Method not found`. */
  readonly disabledMethods: readonly string[];
  readonly keyFile: string | undefined;
  readonly printKey: boolean;
  readonly stateFile: string | undefined;
  /** New transactions per hour (0: a still ledger). */
  readonly traffic: number;
  /** Print one JSON line (url, API key…) instead of the text. */
  readonly json: boolean;
  /** Where each journal entry is written as a JSON line. */
  readonly journal: string | undefined;
  readonly journalSize: number;
}

export class CliError extends Error {}

function number(name: string, text: string | undefined, fallback: number, check: (n: number) => boolean): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || !check(value))
    throw new CliError(`--${name} does not take "${text}"`);
  return value;
}

function nonEmpty(name: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === '') throw new CliError(`--${name} needs a file name`);
  return text;
}

const isShare = (n: number): boolean => n >= 0 && n <= 1;
const isMs = (n: number): boolean => n >= 0;
const isCount = (n: number): boolean => Number.isInteger(n) && n >= 0;

export function parseCli(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): CliSettings {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        seed: { type: 'string' },
        size: { type: 'string' },
        'rate-limit': { type: 'string' },
        latency: { type: 'string' },
        jitter: { type: 'string' },
        'fault-rate': { type: 'string' },
        hang: { type: 'string' },
        slow: { type: 'string' },
        'slow-ms': { type: 'string' },
        hostile: { type: 'string' },
        'private-key': { type: 'string' },
        'disable-method': { type: 'string', multiple: true },
        'key-file': { type: 'string' },
        'print-key': { type: 'boolean' },
        'state-file': { type: 'string' },
        traffic: { type: 'string' },
        journal: { type: 'string' },
        'journal-size': { type: 'string' },
        quiet: { type: 'boolean' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new CliError(errorText(error));
  }
  const faultRate = number('fault-rate', values['fault-rate'], 0, isShare);
  const rates: Partial<Record<FaultKind, number>> = {};
  if (faultRate > 0) for (const kind of SPREAD_FAULTS) rates[kind] = faultRate / SPREAD_FAULTS.length;
  const hang = number('hang', values.hang, 0, isShare);
  const slow = number('slow', values.slow, 0, isShare);
  if (hang > 0) rates.hang = hang;
  if (slow > 0) rates.slow = slow;
  const rateLimit = number('rate-limit', values['rate-limit'], DEFAULT_RATE_LIMIT, isCount);
  const faults: FaultOptions = {
    latencyMs: number('latency', values.latency, 0, isMs),
    latencyJitterMs: number('jitter', values.jitter, 0, isMs),
    slowMs: values['slow-ms'] === undefined ? undefined : number('slow-ms', values['slow-ms'], 0, isMs),
    hostile: number('hostile', values.hostile, 0, isShare),
    rates,
  };
  const disabledMethods = values['disable-method'] ?? [];
  for (const name of disabledMethods)
    if (!isMethod(name)) throw new CliError(`--disable-method does not take "${name}" (one of: ${METHODS.join(', ')})`);
  const privateKey = values['private-key'] ?? env.SANDBOX_PRIVATE_KEY;
  const keyFile = nonEmpty('key-file', values['key-file']) ?? nonEmpty('key-file', env.SANDBOX_KEY_FILE);
  if (privateKey !== undefined && keyFile !== undefined) {
    throw new CliError(
      'Give the private key one way: --private-key (or SANDBOX_PRIVATE_KEY) or --key-file (or SANDBOX_KEY_FILE), not both.',
    );
  }
  return {
    help: values.help ?? false,
    quiet: values.quiet ?? false,
    port: number('port', values.port, DEFAULT_CLI_PORT, (n) => isCount(n) && n <= 65535),
    seed: values.seed === undefined ? undefined : number('seed', values.seed, DEFAULT_SEED, Number.isSafeInteger),
    size: number('size', values.size, DEFAULT_LEDGER_SIZE, isCount),
    rateLimit: rateLimit === 0 ? false : rateLimit,
    faults,
    disabledMethods,
    privateKey,
    keyFile,
    printKey: values['print-key'] ?? false,
    stateFile: nonEmpty('state-file', values['state-file']) ?? nonEmpty('state-file', env.SANDBOX_STATE_FILE),
    traffic: number(
      'traffic',
      values.traffic,
      DEFAULT_TRAFFIC_PER_HOUR,
      (n) => isCount(n) && n <= MAX_TRAFFIC_PER_HOUR,
    ),
    json: values.json ?? false,
    journal: nonEmpty('journal', values.journal),
    journalSize: number(
      'journal-size',
      values['journal-size'],
      DEFAULT_JOURNAL_SIZE,
      (n) => isCount(n) && n >= 1 && n <= MAX_JOURNAL_SIZE,
    ),
  };
}
