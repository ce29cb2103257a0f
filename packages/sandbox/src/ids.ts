/**
 * What a sandbox issues that must never be issued twice: transaction ids of created transactions,
 * rate IDs and subaccount ids, drawn from three streams of one issuer, and the subaccounts issued
 * (with their e-mail addresses). Our rules (RULES.md, "Issued ids"):
 *  - the issuer's seed is the sandbox's seed when one is given (the same calls then give the same
 *    ids, run after run), else a random one per instance (two sandboxes never share ids);
 *  - a generation counts the issuer's restarts from a snapshot: each restore moves to a generation
 *    later than both the running one and the snapshot's, and the streams of each generation are
 *    distinct, so a restarted sandbox never hands out an id it handed out before (its first
 *    generation, 0, draws exactly what a ledger of that seed always drew);
 *  - a reset of the ledger keeps the issuer: its streams go on and the subaccounts stay.
 */
import { randomInt } from 'crypto';
import { invalidParameter, RpcFailure, INTERNAL_ERROR } from './protocol';
import { Random } from './random';

/** The subaccounts a sandbox keeps at most (ours: bounded like everything a local program can grow). */
export const MAX_SUBACCOUNTS = 1000;
/** Characters of a subaccount id: the service's sample is `FhbRm-Ox` (8, letters, digits, `-`). */
const SUBACCOUNT_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const SUBACCOUNT_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** One address: something@something, no spaces, at most 254 characters (ours, loose on purpose). */
export const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}$/;
const MAX_GENERATION = 1_000_000_000;

/** A subaccount as a snapshot keeps it. */
export interface IssuedSubaccount {
  readonly subaccountId: string;
  readonly email: string | null;
}

/** What a snapshot keeps of the issuer. */
export interface IssuedSnapshot {
  readonly generation: number;
  readonly subaccounts: readonly IssuedSubaccount[];
}

/** A random issuer seed (ids differ from instance to instance). */
export function randomIssuerSeed(): number {
  return randomInt(0, 2 ** 31);
}

function label(name: string, generation: number): string {
  return generation === 0 ? name : `${name}#${generation}`;
}

export class Issuer {
  private gen: number;
  private createStream: Random;
  private rateStream: Random;
  private subaccountStream: Random;
  /** By id, in the order issued; each with its e-mail address (or null). */
  private readonly subaccounts = new Map<string, string | null>();

  constructor(
    readonly seed: number,
    generation = 0,
  ) {
    this.gen = generation;
    this.createStream = Random.derive(seed, label('create', generation));
    this.rateStream = Random.derive(seed, label('rates', generation));
    this.subaccountStream = Random.derive(seed, label('subaccounts', generation));
  }

  get generation(): number {
    return this.gen;
  }

  /** Draws the ids and data of created transactions. */
  get create(): Random {
    return this.createStream;
  }

  /** Draws rate IDs. */
  get rates(): Random {
    return this.rateStream;
  }

  /** Moves to a generation after both this one and `seen`: new streams, nothing drawn before comes again. */
  restart(seen = 0): void {
    const next = Math.min(MAX_GENERATION, Math.max(this.gen, seen) + 1);
    this.gen = next;
    this.createStream = Random.derive(this.seed, label('create', next));
    this.rateStream = Random.derive(this.seed, label('rates', next));
    this.subaccountStream = Random.derive(this.seed, label('subaccounts', next));
  }

  hasSubaccount(id: string): boolean {
    return this.subaccounts.has(id);
  }

  get subaccountCount(): number {
    return this.subaccounts.size;
  }

  /** Whether another subaccount than `except` has this address (compared ignoring case). */
  private emailTaken(email: string, except?: string): boolean {
    const wanted = email.toLowerCase();
    for (const [id, held] of this.subaccounts)
      if (id !== except && held !== null && held.toLowerCase() === wanted) return true;
    return false;
  }

  /** `createSubaccount`: a new id; an address another subaccount has is `Parameter email is invalid`. */
  newSubaccount(email: string | null): string {
    if (email !== null && this.emailTaken(email)) throw invalidParameter('email');
    if (this.subaccounts.size >= MAX_SUBACCOUNTS)
      throw new RpcFailure(INTERNAL_ERROR, `Error: the sandbox keeps at most ${MAX_SUBACCOUNTS} subaccounts`);
    let id: string;
    do id = this.subaccountStream.chars(SUBACCOUNT_ID_CHARS, 8);
    while (this.subaccounts.has(id));
    this.subaccounts.set(id, email);
    return id;
  }

  /** `updateSubaccount`: an unknown id is `Parameter subaccountId is invalid`, an address in use `Parameter email is invalid`. */
  updateSubaccount(id: string, email: string): void {
    if (!this.subaccounts.has(id)) throw invalidParameter('subaccountId');
    if (this.emailTaken(email, id)) throw invalidParameter('email');
    this.subaccounts.set(id, email);
  }

  toSnapshot(): IssuedSnapshot {
    return {
      generation: this.gen,
      subaccounts: [...this.subaccounts].map(([subaccountId, email]) => ({ subaccountId, email })),
    };
  }

  /**
   * Takes in the subaccounts of an untrusted snapshot (malformed entries, repeated ids or
   * addresses, and those past the bound dropped and counted) and restarts past its generation.
   */
  absorb(snapshot: unknown): number {
    let dropped = 0;
    if (typeof snapshot !== 'object' || snapshot === null || Array.isArray(snapshot)) {
      this.restart();
      return 0;
    }
    const { generation, subaccounts } = snapshot as Record<string, unknown>;
    const entries: readonly unknown[] = Array.isArray(subaccounts) ? subaccounts : [];
    for (const entry of entries) {
      const item = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
      const { subaccountId: id, email } = item;
      const goodId = typeof id === 'string' && SUBACCOUNT_ID.test(id);
      const goodEmail = email === null || email === undefined || (typeof email === 'string' && EMAIL.test(email));
      if (!goodId || !goodEmail || this.subaccounts.size >= MAX_SUBACCOUNTS) {
        dropped++;
        continue;
      }
      const address = typeof email === 'string' ? email : null;
      if (this.subaccounts.has(id) && this.subaccounts.get(id) === address) continue;
      if (this.subaccounts.has(id) || (address !== null && this.emailTaken(address))) {
        dropped++;
        continue;
      }
      this.subaccounts.set(id, address);
    }
    const seen =
      typeof generation === 'number' && Number.isSafeInteger(generation) && generation >= 0
        ? Math.min(generation, MAX_GENERATION)
        : 0;
    this.restart(seen);
    return dropped;
  }
}
