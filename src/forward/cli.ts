/**
 * `npm run forward -- --to http://127.0.0.1:3000/hooks`: forwards status changes of the sandbox
 * (or, with --account, an account) to a local receiver, printing one line per delivery attempt.
 * Keys come from environment variables and are never printed; the signing secret is printed once,
 * to stderr, only when it is made here (the first start, --rotate-secret). What the forwarder
 * knows and what waits is kept in the state file (--state); SIGTERM or Ctrl+C stops it within a
 * moment, keeps what waits there, and says how many events wait.
 */
import { createHash } from 'crypto';
import * as path from 'path';
import { ExchangeClient } from '../api/client';
import { loadCredentials } from '../api/keys';
import { generateEventSecret } from '../shared/statusEvents';
import { accountIdentity, defaultStateFolder, ForwardCliError, FORWARD_USAGE, parseForwardCli } from './cliArgs';
import { attemptLine } from './cliLine';
import { droppedText, ForwardService, ForwardStateError } from './service';
import type { SecretSet } from './stateFile';
import { rotateSecrets, StateFile, StateLockedError } from './stateFile';
import { errorText } from '../shared/errorText';
import { terminalText } from '../shared/safeText';

function fail(message: string): void {
  process.stderr.write(`${message}\n`);
  process.exitCode = 2;
}

function main(): void {
  let settings;
  try {
    settings = parseForwardCli(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof ForwardCliError) {
      process.stderr.write(`${error.message}\n\n${FORWARD_USAGE}`);
      process.exitCode = 2;
      return;
    }
    throw error;
  }
  if (settings.help) {
    process.stdout.write(FORWARD_USAGE);
    return;
  }
  let credentials;
  try {
    credentials = loadCredentials(settings.privateKey, settings.apiKey);
  } catch (error) {
    // The key's own text is never repeated; the loader's messages name the problem only.
    fail(`The private key could not be used: ${error instanceof Error ? error.message : 'unreadable'}`);
    return;
  }
  let client: ExchangeClient;
  try {
    client = new ExchangeClient({ baseUrl: settings.baseUrl, credentials });
  } catch (error) {
    fail(errorText(error));
    return;
  }
  const account = accountIdentity(settings.baseUrl, credentials.apiKey);
  const file =
    settings.stateFile ??
    path.join(
      defaultStateFolder(),
      `${settings.mode}-${createHash('sha256').update(account).digest('hex').slice(0, 16)}.json`,
    );
  let shownSecret: string | undefined;
  const chooseSecrets = (kept: SecretSet | undefined): SecretSet => {
    if (settings.secret !== undefined) return { current: settings.secret };
    if (kept === undefined) {
      shownSecret = generateEventSecret();
      return { current: shownSecret };
    }
    if (!settings.rotateSecret) return kept;
    shownSecret = generateEventSecret();
    return rotateSecrets(kept, shownSecret);
  };
  let service: ForwardService;
  try {
    service = new ForwardService({
      source: client,
      account,
      url: settings.to,
      stateFile: new StateFile(file),
      secrets: chooseSecrets,
      keepSecretsInFile: settings.secret === undefined,
      intervalMs: settings.intervalMs,
      lookbackMs: settings.lookbackMs,
      maxRps: settings.maxRps,
      emitInitial: settings.emitInitial,
      statuses: settings.statuses,
      delivery: { payload: settings.payload, maxFailingMs: settings.retryHours * 3_600_000 },
      onAttempt: (attempt) => process.stdout.write(`${attemptLine(attempt)}\n`),
      onGap: (reason) =>
        process.stderr.write(
          `${new Date().toISOString()}  a bound was reached (${reason}): a gap event tells the receiver to resynchronise.\n`,
        ),
      onPoll: (outcome) => {
        if (outcome.error !== undefined) {
          const message = outcome.error instanceof Error ? outcome.error.message : 'failed';
          process.stderr.write(
            `${new Date().toISOString()}  poll failed${outcome.rateLimited ? ' (rate limit)' : ''}: ${terminalText(message)}; next in ${Math.round(outcome.nextInMs / 1000)} s\n`,
          );
        }
      },
    });
  } catch (error) {
    client.dispose();
    fail(
      error instanceof ForwardStateError || error instanceof StateLockedError
        ? error.message
        : `The state file ${file} could not be used: ${errorText(error)}`,
    );
    return;
  }
  // Listening before anything is said, so a stop asked after the first line is always heard.
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    const { waiting, failed } = service.stop();
    client.dispose();
    const count = waiting + failed;
    process.stderr.write(
      count === 0
        ? 'Stopped; no event waits.\n'
        : `Stopped; ${waiting} events wait${failed > 0 ? ` and ${failed} failed` : ''}, kept in ${file} for the next start.\n`,
    );
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (shownSecret !== undefined) {
    process.stderr.write(
      `${settings.rotateSecret ? 'New signing secret (the previous one also signs for 24 hours)' : 'Signing secret'} (shown once; give it to your receiver): ${shownSecret}\n`,
    );
  }
  if (service.stateProblem !== undefined)
    process.stderr.write(
      `The state file could not be used (${service.stateProblem}); it was set aside and forwarding starts afresh (a gap event tells the receiver).\n`,
    );
  if (service.dropped.length > 0) process.stderr.write(`${droppedText(service.dropped)}.\n`);
  const kept = service.queue.pending + service.queue.failed;
  process.stderr.write(
    `Forwarding status changes of ${settings.mode === 'sandbox' ? `the sandbox at ${settings.baseUrl}` : `the account at ${settings.baseUrl}`} to ${settings.to.href} every ${settings.intervalMs / 1000} s, at most ${settings.maxRps} requests/s. State: ${file}${kept > 0 ? ` (${service.queue.pending} events waiting, ${service.queue.failed} failed, from before)` : ''}. Ctrl+C stops.\n`,
  );
  service.start();
}

main();
