/**
 * What the journal takes out of a body before keeping it: private keys and secrets, which a
 * developer's code may send by mistake (or the control's `setHook` by design). Pure.
 *
 *   - a PEM private key block, to its END line or the end of the text (a body cut short);
 *   - hex of DER (`3082…`) or base64 of DER (`MII…`), the forms the service issues keys in, from
 *     64 characters on (a key is over a thousand; a transaction hash is 64 hex digits and never
 *     starts so by design, and redacting one by chance hides nothing of a secret);
 *   - the string value of a JSON member named `secret`, `privateKey` or `private_key`.
 */

export const REDACTED = '[redacted]';

const PEM = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g;
const HEX_DER = /(?<![0-9A-Fa-f])30(?:82|81)[0-9A-Fa-f]{60,}/g;
const BASE64_DER = /(?<![A-Za-z0-9+/])MII[A-Za-z0-9+/]{61,}={0,2}/g;
const SECRET_MEMBER = /("(?:secret|privateKey|private_key)"\s*:\s*")(?:[^"\\]|\\.)*("?)/g;

/** `text` with every private key and secret replaced by REDACTED, and whether there was any. */
export function redactPrivateKeys(text: string): { text: string; redacted: boolean } {
  let redacted = false;
  const mark = (): string => {
    redacted = true;
    return REDACTED;
  };
  const out = text
    .replace(PEM, mark)
    .replace(HEX_DER, mark)
    .replace(BASE64_DER, mark)
    .replace(SECRET_MEMBER, (_match, head: string, tail: string) => `${head}${mark()}${tail}`);
  return { text: out, redacted };
}
