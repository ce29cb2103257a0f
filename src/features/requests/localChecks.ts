/** The client's own parameter checks (src/api/params.ts) on a request's params before it is sent. Pure. */
import { checkId, pairParams, transactionParams } from '../../api/params';
import type { CurrencyPair } from '../../api';
import { errorText } from '../../shared/errorText';
import { isRecord } from '../../shared/isRecord';

/** Why the service would refuse these params, or undefined when they pass or the method has no check. */
export function localProblem(method: string, params: unknown): string | undefined {
  try {
    switch (method) {
      case 'getStatus':
        if (!isRecord(params)) return '"params" of getStatus is an object: {"id": "…"}.';
        checkId(params.id);
        return undefined;
      case 'getTransactions':
        if (params !== undefined && !isRecord(params)) return '"params" of getTransactions is an object of filters.';
        transactionParams(params ?? {});
        return undefined;
      case 'getPairsParams':
        if (!Array.isArray(params)) return '"params" of getPairsParams is an array of {"from", "to"} pairs.';
        pairParams(params as CurrencyPair[]);
        return undefined;
      default:
        return undefined;
    }
  } catch (error) {
    return errorText(error);
  }
}
