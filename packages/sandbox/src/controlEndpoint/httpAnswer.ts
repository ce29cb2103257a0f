/**
 * The HTTP answer of a signed control request (its signature already checked): the body parsed as
 * JSON, its `nonce` and `at` checked and set aside (nonces.ts: a replayed or stale body is
 * refused before anything runs), the action run, and the outcome as `{"ok": true, "result": …}`
 * (HTTP 200) or `{"ok": false, "error": {code, message, field?}}` with the status of its code.
 * Nothing thrown escapes: an unexpected failure is `internal` (HTTP 500) and says nothing of its cause.
 */
import { CONTROL_ERROR_STATUS, CONTROL_FRESHNESS_MS, CONTROL_NONCE } from '../../../../src/shared/controlProtocol';
import type { ControlAnswer, ControlErrorBody } from '../../../../src/shared/controlProtocol';
import { runControl } from './actions';
import { actionOf } from './requestChecks';
import type { ControlledState } from './actions';
import type { ControlNonces } from './nonces';
import { ControlRefusal } from './refusal';
import type { HttpAnswer } from '../protocol';
import { JSON_TYPE } from '../protocol';

export interface ControlOutcome {
  readonly ok: boolean;
  /** The action asked for, when the request named a known one. */
  readonly action: string | undefined;
  /** The error's code and message, for the request log. */
  readonly message?: string;
  readonly answer: HttpAnswer;
}

function refused(action: string | undefined, error: ControlErrorBody): ControlOutcome {
  const body: ControlAnswer = { ok: false, error };
  return {
    ok: false,
    action,
    message: `${error.code}: ${error.message}`,
    answer: { status: CONTROL_ERROR_STATUS[error.code], contentType: JSON_TYPE, body: JSON.stringify(body) },
  };
}

const NONCE_NEEDED = `Each control request carries "nonce" (16 to 64 letters, digits, "-" or "_", new each time) and "at" (when it was made, Unix ms), so that it cannot be sent again.`;

/**
 * The request without its `nonce` and `at`, once they pass `nonces`; a refusal when they are
 * missing, stale or seen before. Anything but an object is left to the action's own checks.
 */
function fresh(request: unknown, nonces: ControlNonces): unknown {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return request;
  const { nonce, at, ...rest } = request as Record<string, unknown>;
  if (typeof nonce !== 'string' || !CONTROL_NONCE.test(nonce))
    throw new ControlRefusal('invalid', NONCE_NEEDED, 'nonce');
  if (typeof at !== 'number' || !Number.isSafeInteger(at)) throw new ControlRefusal('invalid', NONCE_NEEDED, 'at');
  switch (nonces.accept(nonce, at)) {
    case 'ok':
      return rest;
    case 'stale':
      throw new ControlRefusal(
        'invalid',
        `at is more than ${CONTROL_FRESHNESS_MS / 1000} s away from the sandbox's time (this machine's clock): make each request just before sending it.`,
        'at',
      );
    case 'replayed':
      throw new ControlRefusal(
        'conflict',
        'This control request was already carried out: each one carries a new nonce.',
        'nonce',
      );
  }
}

export function answerControl(state: ControlledState, raw: Buffer, nonces: ControlNonces): ControlOutcome {
  let request: unknown;
  try {
    request = JSON.parse(raw.toString('utf8'));
  } catch {
    return refused(undefined, {
      code: 'invalid',
      message: 'The body is not JSON; send an object such as {"action": "clock"}.',
    });
  }
  let action: string | undefined;
  try {
    request = fresh(request, nonces);
    action = actionOf(request);
    const result = runControl(state, request);
    const body: ControlAnswer = { ok: true, result };
    return { ok: true, action, answer: { status: 200, contentType: JSON_TYPE, body: JSON.stringify(body) } };
  } catch (error) {
    if (error instanceof ControlRefusal) {
      return refused(action, {
        code: error.code,
        message: error.message,
        ...(error.field === undefined ? {} : { field: error.field }),
      });
    }
    return refused(action, { code: 'internal', message: 'The sandbox failed to carry out the action.' });
  }
}
