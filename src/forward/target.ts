/**
 * Where status-change events may be POSTed: this machine (127.0.0.0/8, `[::1]`, `localhost`) over
 * http or https by default; another host only over https and only when the caller passes that very
 * host as allowed (the extension asks the user in a modal naming the host they typed; the CLI needs
 * `--allow-host HOST`). Never an address with a user name or password, never a fragment. Pure:
 * the input box checks a URL as it is typed with the same function the sender uses.
 */
import { isLoopbackHost } from '../api/endpoint';

export const DEFAULT_HOOK_URL = 'http://127.0.0.1:3000/hooks';

export class HookTargetError extends Error {
  constructor(
    message: string,
    /** `invalid`: not a usable http(s) URL; `host`: another machine without the allowance; `plain-http`: http to another machine. */
    readonly reason: 'invalid' | 'host' | 'plain-http',
    /** The host at fault (for `host` and `plain-http`): what a confirmation names. */
    readonly host?: string,
  ) {
    super(message);
    this.name = 'HookTargetError';
  }
}

export interface HookTargetOptions {
  /** A host (as `URL.host` writes it, port included when given) the user explicitly allowed. */
  readonly allowedHost?: string;
}

/** The parsed target, or a HookTargetError saying why not (never repeating a password). */
export function checkHookUrl(text: string, options: HookTargetOptions = {}): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new HookTargetError('Not a valid URL (expected e.g. http://127.0.0.1:3000/hooks).', 'invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new HookTargetError(`The URL must use http or https, not ${url.protocol}`, 'invalid');
  if (url.username !== '' || url.password !== '')
    throw new HookTargetError('The URL must not hold a user name or password.', 'invalid');
  if (url.hash !== '') throw new HookTargetError('The URL must not have a #fragment.', 'invalid');
  if (isLoopbackHost(url.hostname)) return url;
  if (url.protocol === 'http:')
    throw new HookTargetError(
      `Plain http is allowed only to this machine (127.0.0.1, ::1, localhost), not to ${url.host}; use https.`,
      'plain-http',
      url.host,
    );
  if (options.allowedHost === undefined || options.allowedHost.toLowerCase() !== url.host.toLowerCase()) {
    throw new HookTargetError(
      `${url.host} is not this machine: events go to another host only when it is explicitly allowed.`,
      'host',
      url.host,
    );
  }
  return url;
}

/** Whether the URL goes to another machine (so it needs the user's explicit allowance). */
export function needsAllowance(url: URL): boolean {
  return !isLoopbackHost(url.hostname);
}
