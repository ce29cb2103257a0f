/**
 * Reads an answer's body with a cap and a deadline. Past `maxBytes` it stops reading and destroys
 * the stream (which closes the connection), so an endless or huge answer costs at most the cap
 * plus one chunk of memory. When the signal aborts (the caller, or the call's deadline) it stops
 * too. The outcome is data, never the stream's own error object (which belongs to the HTTP
 * library and may hold the request): only its network code is kept.
 */
import type { Readable } from 'stream';

export type BodyOutcome =
  | { readonly kind: 'complete'; readonly bytes: Buffer }
  /** More than the cap arrived; `received` counts what was read before stopping. */
  | { readonly kind: 'too-large'; readonly received: number }
  /** The signal aborted first. */
  | { readonly kind: 'aborted' }
  /** The stream failed or closed before its end (a reset connection). */
  | { readonly kind: 'failed'; readonly code: string | undefined };

/** A network code such as ECONNRESET, and nothing else of an error. */
export function networkCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = error.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,39}$/.test(code) ? code : undefined;
}

export function readBody(stream: Readable, maxBytes: number, signal: AbortSignal): Promise<BodyOutcome> {
  return new Promise<BodyOutcome>((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;

    const finish = (outcome: BodyOutcome, destroy: boolean): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('close', onClose);
      // Errors after the outcome (the destroy below, the HTTP library's own abort) are expected.
      stream.off('error', onError);
      stream.on('error', ignore);
      if (destroy) stream.destroy();
      chunks.length = 0;
      resolve(outcome);
    };
    const onData = (chunk: Buffer | string): void => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > maxBytes) {
        finish({ kind: 'too-large', received }, true);
        return;
      }
      chunks.push(bytes);
    };
    const onEnd = (): void => {
      if (settled) return;
      const bytes = Buffer.concat(chunks, received);
      finish({ kind: 'complete', bytes }, false);
    };
    const onError = (error: unknown): void => {
      finish(signal.aborted ? { kind: 'aborted' } : { kind: 'failed', code: networkCode(error) }, true);
    };
    const onClose = (): void => {
      finish(signal.aborted ? { kind: 'aborted' } : { kind: 'failed', code: 'ECONNRESET' }, true);
    };
    const onAbort = (): void => finish({ kind: 'aborted' }, true);

    if (signal.aborted) {
      finish({ kind: 'aborted' }, true);
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

function ignore(): void {
  // See finish().
}
