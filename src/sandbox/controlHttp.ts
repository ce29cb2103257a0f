/**
 * The HTTP answer of a signed control request (its signature already checked): the body parsed as
 * JSON, the action run, and the outcome as `{"ok": true, "result": …}` (HTTP 200) or
 * `{"ok": false, "error": {code, message, field?}}` with the status of its code. Nothing thrown
 * escapes: an unexpected failure is `internal` (HTTP 500) and says nothing of its cause.
 */
import { CONTROL_ERROR_STATUS } from '../shared/sandboxControl';
import type { ControlAnswer, ControlErrorBody } from '../shared/sandboxControl';
import { actionOf, runControl } from './control';
import type { ControlTarget } from './control';
import { ControlRefusal } from './controlRefusal';
import type { HttpAnswer } from './protocol';
import { JSON_TYPE } from './protocol';

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

export function answerControl(target: ControlTarget, raw: Buffer): ControlOutcome {
  let request: unknown;
  try {
    request = JSON.parse(raw.toString('utf8'));
  } catch {
    return refused(undefined, { code: 'invalid', message: 'The body is not JSON; send an object such as {"action": "clock"}.' });
  }
  let action: string | undefined;
  try {
    action = actionOf(request);
    const result = runControl(target, request);
    const body: ControlAnswer = { ok: true, result };
    return { ok: true, action, answer: { status: 200, contentType: JSON_TYPE, body: JSON.stringify(body) } };
  } catch (error) {
    if (error instanceof ControlRefusal) {
      return refused(action, { code: error.code, message: error.message, ...(error.field === undefined ? {} : { field: error.field }) });
    }
    return refused(action, { code: 'internal', message: 'The sandbox failed to carry out the action.' });
  }
}
