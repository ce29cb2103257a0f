// A client of the service written only from its public documentation ("Authentication": headers
// X-Api-Key = base64 of SHA-256 of the DER PKCS#1 public key, X-Api-Signature = base64 RSA-SHA256
// of the serialized body; the private key as hex of DER PKCS#8; POST {base}/v2; the request's
// `params` left out when there are none, as the documentation's current sample does). Nothing of
// this project is used. Run: node client.js <method> [params as JSON]; DOCS_URL and
// DOCS_PRIVATE_KEY from the environment. Prints {"status": <HTTP status>, "body": <text>}.
'use strict';
const crypto = require('crypto');

async function main() {
  const [method, paramsText] = process.argv.slice(2);
  const privateKey = crypto.createPrivateKey({
    key: Buffer.from(process.env.DOCS_PRIVATE_KEY, 'hex'),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = crypto.createPublicKey(privateKey).export({ type: 'pkcs1', format: 'der' });
  const message = { jsonrpc: '2.0', id: 'test', method };
  if (paramsText !== undefined) message.params = JSON.parse(paramsText);
  const body = JSON.stringify(message);
  const response = await fetch(`${process.env.DOCS_URL}/v2`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Api-Key': crypto.createHash('sha256').update(publicKey).digest('base64'),
      'X-Api-Signature': crypto.sign('sha256', Buffer.from(body), privateKey).toString('base64'),
    },
    body,
  });
  process.stdout.write(JSON.stringify({ status: response.status, body: await response.text() }));
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
