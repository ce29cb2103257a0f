/**
 * `npm run forward -- --to http://127.0.0.1:3000/hooks`: forwards status changes of the sandbox
 * (or, with --account, an account) to a local receiver, printing one line per delivery attempt.
 * Keys come from environment variables and are never printed; the signing secret is printed once,
 * to stderr, only when it was generated here.
 */
import { ExchangeClient } from '../api/client';
import { loadCredentials } from '../api/keys';
import { generateEventSecret } from '../shared/statusEvents';
import { ForwardCliError, FORWARD_USAGE, parseForwardCli } from './cliArgs';
import type { DeliveryAttempt } from './delivery';
import { DeliveryQueue } from './delivery';
import { StatusForwarder } from './forwarder';

function line(attempt: DeliveryAttempt): string {
  const time = new Date(attempt.atMs).toISOString();
  const tx = typeof attempt.event.transaction === 'object' && attempt.event.transaction !== null ? String((attempt.event.transaction as { id?: unknown }).id) : '?';
  const change = `${tx} ${attempt.event.from ?? '(new)'} -> ${attempt.event.to}`;
  const answer = attempt.status === undefined ? (attempt.error ?? 'no answer') : `HTTP ${attempt.status}`;
  const outcome = attempt.delivered ? 'delivered' : `not delivered, retry in ${Math.round((attempt.retryInMs ?? 0) / 100) / 10} s`;
  return `${time}  ${attempt.event.id}  ${change}  ${answer}  ${outcome}${attempt.attempt > 1 ? ` (attempt ${attempt.attempt})` : ''}`;
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
    process.stderr.write(`The private key could not be used: ${error instanceof Error ? error.message : 'unreadable'}\n`);
    process.exitCode = 2;
    return;
  }
  const secret = settings.secret ?? generateEventSecret();
  if (settings.secret === undefined) process.stderr.write(`Signing secret (shown once; give it to your receiver): ${secret}\n`);
  let client: ExchangeClient;
  try {
    client = new ExchangeClient({ baseUrl: settings.baseUrl, credentials });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
    return;
  }
  const queue = new DeliveryQueue({
    url: settings.to,
    secret,
    onAttempt: (attempt) => process.stdout.write(`${line(attempt)}\n`),
    onDropped: (event) => process.stderr.write(`Queue full: event ${event.id} dropped (the receiver has been away too long).\n`),
  });
  const forwarder = new StatusForwarder({
    source: client,
    emit: (event) => queue.enqueue(event),
    intervalMs: settings.intervalMs,
    lookbackMs: settings.lookbackMs,
    emitInitial: settings.emitInitial,
    onPoll: (outcome) => {
      if (outcome.error !== undefined) {
        const message = outcome.error instanceof Error ? outcome.error.message : 'failed';
        process.stderr.write(`${new Date().toISOString()}  poll failed${outcome.rateLimited ? ' (rate limit)' : ''}: ${message}; next in ${Math.round(outcome.nextInMs / 1000)} s\n`);
      }
    },
  });
  process.stderr.write(`Forwarding status changes of ${settings.mode === 'sandbox' ? `the sandbox at ${settings.baseUrl}` : `the account at ${settings.baseUrl}`} to ${settings.to.href} every ${settings.intervalMs / 1000} s. Ctrl+C stops.\n`);
  forwarder.start();
  const stop = (): void => {
    forwarder.stop();
    queue.dispose();
    client.dispose();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();
