/**
 * The answer of one `/v2` request that passed every check before its operation (server.ts): the
 * operation run on the ledger at the request's time, its records, limits and result made hostile
 * for the share of keys the faults choose, or its error (-32602 from the operation, -32603
 * `Internal Error` for anything unexpected).
 */
import { isHostile, makeHostile, makeHostileLimits, pairHostileKey } from './hostile';
import { hostileResult } from './hostileResults';
import type { MethodName, RateIdLifetimes } from './operations';
import { runOperation } from './operations';
import type { RpcId } from './protocol';
import { errorBody, INTERNAL_ERROR, resultBody, RpcFailure } from './protocol';
import type { SandboxState } from './state';

/** How the operation runs: the state's ledger at `atMs`, and the hostile share and seed of the faults. */
export interface OperationRun {
  readonly state: Pick<SandboxState, 'ledger'>;
  readonly atMs: number;
  readonly rateIdLifetimes: RateIdLifetimes | undefined;
  readonly hostileShare: number;
  readonly seed: number;
}

/** The JSON-RPC body answering `method`, and the failure it reports when it is an error. */
export function operationAnswer(
  run: OperationRun,
  id: RpcId,
  method: MethodName,
  params: unknown,
): { readonly proper: string; readonly failure: RpcFailure | undefined } {
  const share = run.hostileShare;
  const seed = run.seed;
  let proper: string;
  let failure: RpcFailure | undefined;
  try {
    const context = {
      ledger: run.state.ledger,
      atMs: run.atMs,
      rateIdLifetimes: run.rateIdLifetimes,
    };
    const result = runOperation(context, method, params, {
      record: (r) => (isHostile(r.id, share, seed) ? makeHostile(r) : r),
      limits: (l) => (isHostile(pairHostileKey(l), share, seed) ? makeHostileLimits(l) : l),
    });
    proper = resultBody(id, share > 0 ? hostileResult(method, result, (key) => isHostile(key, share, seed)) : result);
  } catch (error) {
    failure = error instanceof RpcFailure ? error : new RpcFailure(INTERNAL_ERROR, 'Internal Error');
    proper = errorBody(id, failure.code, failure.message, failure.data);
  }
  return { proper, failure };
}
