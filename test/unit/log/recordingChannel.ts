import type { Logger } from '../../../src/features/common/log';

/** A channel that keeps what it was given: the texts alone, and each with its level before it. */
export function recordingChannel(): Logger & { readonly lines: string[]; readonly leveled: string[] } {
  const lines: string[] = [];
  const leveled: string[] = [];
  const at = (level: string) => (message: string | Error) => {
    const text = typeof message === 'string' ? message : message.message;
    lines.push(text);
    leveled.push(`${level} ${text}`);
  };
  return {
    lines,
    leveled,
    trace: at('trace'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  };
}
