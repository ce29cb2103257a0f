/**
 * Where signed requests may go (DESIGN.md, security rules): `https:` anywhere, plain `http:` only
 * to this machine (127.0.0.0/8, `[::1]`, `localhost`), and never to an address with a user name
 * or password in it. Pure, so the UI can check an address as the user types it; the transport
 * applies the same check before it signs or sends anything.
 */
import { SANDBOX_CONTROL_PATH } from '../shared/controlProtocol';
import { InsecureEndpointError, TransportError } from './exchangeErrors';

/** 127.0.0.0/8 as the URL parser writes it (it turns `127.1`, `0x7f.0.0.1`, `2130706433` into dotted quads). */
const LOOPBACK_V4 = /^127\.(?:\d{1,3})\.(?:\d{1,3})\.(?:\d{1,3})$/;

/** Whether a URL's `hostname` names this machine. Names other than `localhost` are not resolved: they could point anywhere. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || host === '::1' || LOOPBACK_V4.test(host);
}

/**
 * The parsed service address, if requests may be sent to it; otherwise throws: a
 * {@link TransportError} for an address that is not an http(s) URL, an
 * {@link InsecureEndpointError} for plain http to another machine or credentials in the address.
 */
export function checkEndpoint(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    // The text is not repeated: it may hold a password.
    throw new TransportError('The service address is not a valid URL (expected https://host).');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TransportError(`The service address must use http or https, not ${url.protocol}`);
  }
  // Checked first: the message of any other refusal names the host, never the password.
  if (url.username !== '' || url.password !== '') throw new InsecureEndpointError(url.host, 'credentials');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    throw new InsecureEndpointError(url.host, 'plain-http');
  return url;
}

/**
 * Accepts `https://host`, `https://host/`, `https://host/v2` or `https://host/v2/` (and plain
 * http to this machine); returns the `/v2` URL. Throws as {@link checkEndpoint} does.
 */
export function endpointUrl(baseUrl: string): string {
  const url = checkEndpoint(baseUrl);
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v2$/, '');
  url.pathname = `${path}/v2`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

/**
 * The sandbox's control endpoint beside `/v2` (`http://127.0.0.1:PORT/sandbox/control`) for a base
 * URL as {@link endpointUrl} takes it. Only on this machine: the control endpoint exists only on a
 * local sandbox, so nothing signed for it is sent anywhere else (a TransportError says so).
 */
export function controlEndpointUrl(baseUrl: string): string {
  const url = checkEndpoint(baseUrl);
  if (!isLoopbackHost(url.hostname))
    throw new TransportError(
      `The sandbox's control endpoint is only on this machine (127.0.0.1 or localhost), not on ${url.host}.`,
    );
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v2$/, '');
  url.pathname = `${path}${SANDBOX_CONTROL_PATH}`;
  url.search = '';
  url.hash = '';
  return url.toString();
}
