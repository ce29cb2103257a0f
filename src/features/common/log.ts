/** The extension's one log, with `[component]` tags; `redact` is a last defence for stray keys. */
import type * as vscode from 'vscode';
import type { RequestLogEntry } from '../../api';

export type Logger = Pick<vscode.LogOutputChannel, 'trace' | 'debug' | 'info' | 'warn' | 'error'>;

/** Long base64/hex runs (keys, signatures) are replaced by a marker. */
export function redact(text: string): string {
  return text
    .replace(/-----BEGIN [A-Z ]+-----[\s\S]*?(-----END [A-Z ]+-----|$)/g, '[redacted key]')
    .replace(/[A-Za-z0-9+/]{80,}={0,2}/g, '[redacted]')
    .replace(/\b[0-9a-fA-F]{64,}\b/g, '[redacted]');
}

export function tagged(channel: Logger, component: string): Logger {
  const tag = (message: string) => `[${component}] ${redact(message)}`;
  return {
    trace: (message: string, ...args: unknown[]) => channel.trace(tag(message), ...args),
    debug: (message: string, ...args: unknown[]) => channel.debug(tag(message), ...args),
    info: (message: string, ...args: unknown[]) => channel.info(tag(message), ...args),
    warn: (message: string, ...args: unknown[]) => channel.warn(tag(message), ...args),
    error: (error: string | Error, ...args: unknown[]) =>
      channel.error(typeof error === 'string' ? tag(error) : tag(error.message), ...args),
  };
}

/** Formats one request attempt as a debug line; the entry holds no keys or signatures. */
export function describeRequest(entry: RequestLogEntry): string {
  const params = JSON.stringify(entry.params);
  const attempt = entry.attempt > 1 ? ` (attempt ${entry.attempt})` : '';
  const outcome = entry.outcome === 'ok' ? 'ok' : `${entry.outcome}: ${entry.message ?? ''}`;
  return `${entry.method} ${params} → ${outcome} in ${entry.durationMs} ms${attempt}`;
}

export function requestLogger(log: Logger): (entry: RequestLogEntry) => void {
  return (entry) => {
    if (entry.outcome === 'ok') log.debug(describeRequest(entry));
    else log.warn(describeRequest(entry));
  };
}

/** Writes to the channel and keeps the last lines, redacted, so tests can check what was logged. */
export class RecentLog implements Logger {
  private readonly lines: string[] = [];
  private count = 0;

  constructor(
    private readonly channel: Logger,
    private readonly keep = 1000,
  ) {}

  get recent(): readonly string[] {
    return this.lines;
  }

  /** How many lines were written so far, including those no longer kept: a mark for `since`. */
  get written(): number {
    return this.count;
  }

  /** The kept lines written after `mark` (a value of `written`). */
  since(mark: number): readonly string[] {
    return this.lines.slice(Math.max(0, this.lines.length - (this.count - mark)));
  }

  trace(message: string, ...args: unknown[]): void {
    this.channel.trace(this.remember('trace', message), ...args);
  }
  debug(message: string, ...args: unknown[]): void {
    this.channel.debug(this.remember('debug', message), ...args);
  }
  info(message: string, ...args: unknown[]): void {
    this.channel.info(this.remember('info', message), ...args);
  }
  warn(message: string, ...args: unknown[]): void {
    this.channel.warn(this.remember('warn', message), ...args);
  }
  error(error: string | Error, ...args: unknown[]): void {
    this.channel.error(this.remember('error', typeof error === 'string' ? error : error.message), ...args);
  }

  private remember(level: string, message: string): string {
    const line = redact(message);
    this.lines.push(`${level} ${line}`);
    this.count += 1;
    if (this.lines.length > this.keep) this.lines.shift();
    return line;
  }
}
