/**
 * Explains an error answer of the service: a JSON-RPC error (code and message, or the answer's
 * JSON) or an HTTP status, with the meanings the request answers show (src/api/serviceErrorMeaning.ts).
 * Sends nothing.
 */
import { errorMeaning, httpMeaning } from '../api/serviceErrorMeaning';
import { serviceErrorFrom } from '../api/serviceErrorReading';
import { nestsDeeperThan } from '../shared/jsonDepth';
import { readTool } from './defineTool';
import { success } from './results';
import type { AgentTool } from './types';
import { AgentInputError } from './validation';
import { safeText } from '../shared/safeText';
import { isRecord } from '../shared/isRecord';

const MAX_MESSAGE_LENGTH = 2000;
const MAX_JSON_LENGTH = 20_000;

type ExplainInput =
  | { readonly kind: 'rpc'; readonly code: number; readonly message: string; readonly data?: unknown }
  | { readonly kind: 'http'; readonly status: number };

/** The error object of a JSON-RPC answer, or the error object itself. */
function errorOfJson(text: string): ExplainInput {
  if (nestsDeeperThan(text, 16)) throw new AgentInputError('errorJson', 'nests too deeply');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AgentInputError('errorJson', 'is not JSON: give the answer\'s body, or its "error" object');
  }
  const error = isRecord(value) && isRecord(value.error) ? value.error : value;
  if (
    !isRecord(error) ||
    typeof error.code !== 'number' ||
    !Number.isSafeInteger(error.code) ||
    typeof error.message !== 'string'
  ) {
    throw new AgentInputError('errorJson', 'has no error object with an integer "code" and a string "message"');
  }
  return {
    kind: 'rpc',
    code: error.code,
    message: error.message.slice(0, MAX_MESSAGE_LENGTH),
    ...(error.data === undefined ? {} : { data: error.data }),
  };
}

export const explainErrorTool: AgentTool = readTool<ExplainInput>({
  name: 'exchangeTx_explainError',
  title: 'Explain an Error Answer',
  description:
    "Explains an error answer of the exchange service's JSON-RPC API: what it means in this service and what to do about it " +
    "(rate limit, invalid parameter, disabled or unknown currency, amount outside the pair's limits with the limits it names, internal error, " +
    'unknown method, malformed request, refused key or signature). Give either errorJson (the answer\'s body or its "error" object), ' +
    'or code and message, or httpStatus for an answer that is not JSON-RPC. Sends nothing to the service.',
  inputSchema: {
    type: 'object',
    properties: {
      errorJson: {
        type: 'string',
        description:
          'The error answer as JSON: the whole body {"jsonrpc":"2.0","id":…,"error":{…}} or only its "error" object.',
        minLength: 2,
        maxLength: MAX_JSON_LENGTH,
      },
      code: {
        type: 'integer',
        description: 'The JSON-RPC error code, such as -32602 (with message).',
        minimum: -2_147_483_648,
        maximum: 2_147_483_647,
      },
      message: {
        type: 'string',
        description: 'The JSON-RPC error message exactly as the service sent it (with code).',
        minLength: 1,
        maxLength: MAX_MESSAGE_LENGTH,
      },
      httpStatus: {
        type: 'integer',
        description: 'The HTTP status of an answer that is not a JSON-RPC body, such as 401 or 503.',
        minimum: 100,
        maximum: 599,
      },
    },
    additionalProperties: false,
  },
  notFor: "a transaction's status (use exchangeTx_diagnoseTransaction), or an answer that succeeded.",
  example:
    '{"errorJson": "{\\"code\\":-32602,\\"message\\":\\"Invalid amount for pair btc->eth. Minimal amount is 0.001\\"}"} explains that answer.',
  output: {
    code: { type: ['integer', 'string'] },
    message: { type: 'string' },
    kind: { type: 'string' },
    httpStatus: { type: 'integer' },
    meaning: { type: 'string' },
    action: { type: 'string' },
  },
  doing: 'Explaining the error',
  parse(input) {
    const given = ['errorJson', 'code', 'message', 'httpStatus'].filter((k) => input[k] !== undefined);
    if (typeof input.errorJson === 'string') {
      if (given.length > 1)
        throw new AgentInputError('errorJson', 'goes alone: give errorJson, or code and message, or httpStatus');
      return errorOfJson(input.errorJson);
    }
    if (typeof input.httpStatus === 'number') {
      if (given.length > 1)
        throw new AgentInputError('httpStatus', 'goes alone: give errorJson, or code and message, or httpStatus');
      return { kind: 'http', status: input.httpStatus };
    }
    if (typeof input.code !== 'number' || typeof input.message !== 'string') {
      throw new AgentInputError(
        typeof input.code === 'number' ? 'message' : 'code',
        'is required: give errorJson, or code and message, or httpStatus',
      );
    }
    return { kind: 'rpc', code: input.code, message: input.message };
  },
  execute(context, input) {
    if (input.kind === 'http') {
      const meaning = httpMeaning(input.status) ?? {
        meaning: `HTTP ${input.status} is a success status, not an error.`,
        action: 'Read the body: a JSON-RPC error, if any, is in its "error" object.',
      };
      return Promise.resolve(
        success(context, [`HTTP ${input.status}`, `Meaning: ${meaning.meaning}`, `What to do: ${meaning.action}`], {
          httpStatus: input.status,
          ...meaning,
        }),
      );
    }
    const meaning = errorMeaning(input.code, input.message, input.data);
    const kind = serviceErrorFrom(input.code, input.message, input.data).kind;
    const lines = [
      `Error ${input.code}: ${safeText(input.message, 300)}`,
      `Meaning: ${meaning.meaning}`,
      `What to do: ${meaning.action}`,
    ];
    return Promise.resolve(success(context, lines, { code: input.code, message: input.message, kind, ...meaning }));
  },
});
