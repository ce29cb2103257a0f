/**
 * One POST of an event's bytes to a receiver: no redirect followed (Node's http does not), the
 * answer read up to a bound and then cut off (its first bytes kept, for the events list), a
 * timeout on every attempt. Resolves with the status or the reason none came; never rejects.
 */
import * as http from 'http';
import * as https from 'https';

/** How much of an answer is kept for the events list (characters). */
const ANSWER_HEAD = 200;

export interface PostResult {
  readonly status: number | undefined;
  readonly error?: string;
  /** The first bytes of the answer (up to 200), as text, for the events list; unsafe as it is. */
  readonly answer?: string;
  /** The answer's `Retry-After` header, as sent (unsafe). */
  readonly retryAfter?: string;
}

export function post(
  url: URL,
  body: Buffer,
  headers: Record<string, string>,
  timeoutMs: number,
  maxAnswerBytes: number,
  signal: AbortSignal,
): Promise<PostResult> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PostResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const send = url.protocol === 'https:' ? https.request : http.request;
    const request = send(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(body.length) }, agent: false, signal },
      (response) => {
        let read = 0;
        let head = '';
        const retryAfter = response.headers['retry-after'];
        const done = (): void =>
          finish({ status: response.statusCode, answer: head, ...(retryAfter === undefined ? {} : { retryAfter }) });
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (head.length < ANSWER_HEAD)
            head += chunk.toString('utf8', 0, Math.min(chunk.length, ANSWER_HEAD - head.length));
          // Only the status matters: the answer is read (up to the bound) to let the receiver finish.
          if (read > maxAnswerBytes) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', done);
        response.on('close', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ status: undefined, error: 'timeout' });
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ status: undefined, error: signal.aborted ? 'stopped' : (error.code ?? 'network error') }),
    );
    request.end(body);
  });
}
