/**
 * The real `npm run forward` CLI as a child process for the durability tests, and a receiver that
 * behaves as the docs ask a backend to: verify every signature, handle each event id once (a
 * repeat is answered 200 and ignored), and keep, per transaction, the changes it handled in order.
 */
import { spawn } from 'child_process';
import type { ChildProcessWithoutNullStreams } from 'child_process';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as path from 'path';
import { SANDBOX_ENV } from '../../../../src/shared/connectionNames';
import type { StatusEvent } from '../../../../src/shared/statusEvents';
import { verifyStatusEvent } from '../../../../src/shared/statusEvents';
import { eventOf } from '../receiver';

export const CLI = path.resolve(__dirname, '../../../../src/forward/cli.js');

export interface ForwardProcess {
  readonly child: ChildProcessWithoutNullStreams;
  output(): string;
  readonly exited: Promise<number | null>;
}

export function startForwarder(
  args: string[],
  env: { url: string; privateKeyHex: string; apiKey: string; secret: string },
): ForwardProcess {
  const child = spawn(process.execPath, [CLI, ...args, '--secret-env', 'HOOK_SECRET'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      [SANDBOX_ENV.url]: env.url,
      [SANDBOX_ENV.privateKey]: env.privateKeyHex,
      [SANDBOX_ENV.apiKey]: env.apiKey,
      HOOK_SECRET: env.secret,
    },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

type Event = StatusEvent<{ id: string; status: string }> | { id: string; type: 'gap'; reason: string; at: string };

/** A receiver that handles each id once. */
export class DedupingReceiver {
  /** Ids handled, in the order handled. */
  readonly handled: string[] = [];
  /** Per transaction, the changes handled, in order. */
  readonly changes = new Map<string, { id: string; from: string | null; to: string }[]>();
  readonly gaps: string[] = [];
  repeats = 0;
  unverified = 0;
  /** Transactions whose events are answered 500 while listed. */
  readonly refuse = new Set<string>();
  private readonly seen = new Set<string>();
  private server: http.Server | undefined;
  port = 0;

  /** `toleranceSeconds`: the replay window (a test clock ahead of the real one needs a wider one). */
  constructor(
    readonly secret: string,
    private readonly toleranceSeconds = 300,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** The last status handled of a transaction. */
  last(id: string): string | undefined {
    const list = this.changes.get(id);
    return list?.[list.length - 1]?.to;
  }

  async open(port = this.port): Promise<void> {
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        if (
          !verifyStatusEvent({
            secret: this.secret,
            header: request.headers['x-exchange-tx-signature'],
            body,
            toleranceSeconds: this.toleranceSeconds,
          }).ok
        ) {
          this.unverified++;
          response.writeHead(401).end();
          return;
        }
        const event = eventOf(JSON.parse(body.toString('utf8'))) as unknown as Event;
        if ('type' in event) {
          if (!this.seen.has(event.id)) this.gaps.push(event.reason);
          this.seen.add(event.id);
          response.writeHead(200).end();
          return;
        }
        if (this.refuse.has(event.transaction.id)) {
          response.writeHead(500).end('not now');
          return;
        }
        if (this.seen.has(event.id)) {
          this.repeats++;
        } else {
          this.seen.add(event.id);
          this.handled.push(event.id);
          const list = this.changes.get(event.transaction.id) ?? [];
          list.push({ id: event.id, from: event.from, to: event.to });
          this.changes.set(event.transaction.id, list);
        }
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Transactions whose handled changes do not chain (each `from` the previous `to`): out of order, repeated or missing. */
  broken(): string[] {
    const out: string[] = [];
    for (const [id, list] of this.changes) {
      for (let i = 1; i < list.length; i++) {
        if (list[i].from !== list[i - 1].to) {
          out.push(`${id}: ${list.map((c) => `${c.from}>${c.to}`).join(' ')}`);
          break;
        }
      }
    }
    return out;
  }
}

/** A small seeded generator (mulberry32): the same seed, the same trials. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
