# A client of the service written only from its public documentation ("Authentication": headers
# X-Api-Key = base64 of SHA-256 of the DER PKCS#1 public key, X-Api-Signature = base64 RSA-SHA256
# (PKCS#1 v1.5) of the serialized body; the private key as hex of DER PKCS#8; POST {base}/v2;
# {} as params when none are given, as the documentation's Python sample does), on the libraries
# that sample names (PyCryptodome, requests). Nothing of this project is used.
# Run: python3 client.py <method> [params as JSON]; DOCS_URL and DOCS_PRIVATE_KEY from the
# environment. Prints {"status": <HTTP status>, "body": <text>}.
import base64
import binascii
import json
import os
import sys

try:
    from Crypto.Hash import SHA256
    from Crypto.PublicKey import RSA
    from Crypto.Signature import pkcs1_15
    from Crypto.Util.asn1 import DerSequence
except ImportError:  # Debian's python3-pycryptodome names it Cryptodome
    from Cryptodome.Hash import SHA256
    from Cryptodome.PublicKey import RSA
    from Cryptodome.Signature import pkcs1_15
    from Cryptodome.Util.asn1 import DerSequence
import requests


def main() -> None:
    method = sys.argv[1]
    params = json.loads(sys.argv[2]) if len(sys.argv) > 2 else {}
    key = RSA.import_key(binascii.unhexlify(os.environ["DOCS_PRIVATE_KEY"]))
    # The public key as DER PKCS#1 (RSAPublicKey: the modulus and the exponent).
    public_der = DerSequence([key.n, key.e]).encode()
    api_key = base64.b64encode(SHA256.new(public_der).digest()).decode()
    body = json.dumps({"jsonrpc": "2.0", "id": "test", "method": method, "params": params}).encode()
    signature = base64.b64encode(pkcs1_15.new(key).sign(SHA256.new(body))).decode()
    response = requests.post(
        os.environ["DOCS_URL"] + "/v2",
        headers={"Content-Type": "application/json", "X-Api-Key": api_key, "X-Api-Signature": signature},
        data=body,
        timeout=30,
    )
    sys.stdout.write(json.dumps({"status": response.status_code, "body": response.text}))


if __name__ == "__main__":
    main()
