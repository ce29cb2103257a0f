/** What the sandbox's HTTP server (server.ts) is given: the ledger, the keys, the rate limit, the log, the bounds. */
import type { ConnectionBounds } from './bounds';
import type { KeyRing } from './keyring';
import type { RateIdLifetimes } from './operations';
import type { SlidingWindowLimiter } from './rateLimit';
import type { RequestLog } from './requestLog';
import type { SandboxState } from './state';

export interface ServerParts {
  /** The ledger (replaceable by the control actions), the clock and the faults. */
  readonly state: SandboxState;
  readonly keys: KeyRing;
  /** null: no rate limit. */
  readonly limiter: SlidingWindowLimiter | null;
  readonly log: RequestLog;
  readonly bounds: ConnectionBounds;
  /** Told each valid signature received (a test run notes them for its secret scan). */
  readonly onSignature?: (signature: string) => void;
  /** Methods answered with -32601 `Method not found` as if the sandbox did not serve them. */
  readonly disabled?: { has(method: string): boolean };
  /** How long rate IDs live, per issuing method (default: the documented 30 s and 1 min). */
  readonly rateIdLifetimes?: RateIdLifetimes;
}
