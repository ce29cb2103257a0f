// The value schemas of the further operations' decoders, value by value (amounts, counts,
// booleans, text and its cap), the sandbox control endpoint's address, and the units the
// messages use. Expected values are written out.
import { strict as assert } from 'assert';
import * as v from 'valibot';
import { TransportError } from '../../../src/api';
import { endpointUrl, isLoopbackHost, controlEndpointUrl } from '../../../src/api/endpoint';
import { formatBytes, formatSeconds } from '../../../src/api/units';
import {
  amount,
  MAX_TEXT_LENGTH,
  nullableText,
  optionalAmount,
  optionalBoolean,
  optionalCount,
  optionalText,
  text,
} from '../../../src/api/wire';

const read = <S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> => v.parse(schema, value);

describe('wire values', () => {
  it('amounts: plain decimals kept as written (trimmed), plain numbers as their text, nothing else', () => {
    assert.equal(read(amount, ' 0.50 '), '0.50');
    assert.equal(read(amount, 0), '0');
    assert.equal(read(amount, 12.5), '12.5');
    assert.equal(read(amount, '1'.repeat(64)), '1'.repeat(64));
    for (const bad of ['1'.repeat(65), '-1', '1e5', '', 'abc', -1, 1e21, Number.NaN, Number.POSITIVE_INFINITY, 1e-7]) {
      assert.throws(() => read(amount, bad), v.ValiError, String(bad));
    }
    assert.equal(read(optionalAmount, undefined), undefined);
    assert.equal(read(optionalAmount, null), undefined);
    assert.equal(read(optionalAmount, '-0.1'), undefined);
    assert.equal(read(optionalAmount, -0.1), undefined);
    assert.equal(read(optionalAmount, { value: '1' }), undefined);
    assert.equal(read(optionalAmount, ' 2 '), '2');
  });

  it('counts: non-negative safe integers, or digit strings of up to 15 digits', () => {
    assert.equal(read(optionalCount, 0), 0);
    assert.equal(read(optionalCount, 6), 6);
    assert.equal(read(optionalCount, '12'), 12);
    assert.equal(read(optionalCount, '123456789012345'), 123456789012345);
    for (const bad of [
      '1234567890123456',
      '-1',
      '1.5',
      ' 1',
      '1 ',
      'x1',
      '',
      '1e3',
      '0x10',
      -1,
      1.5,
      Number.MAX_SAFE_INTEGER + 1,
      true,
      null,
      undefined,
    ]) {
      assert.equal(read(optionalCount, bad), undefined, String(bad));
    }
  });

  it('booleans: only true and false', () => {
    assert.equal(read(optionalBoolean, true), true);
    assert.equal(read(optionalBoolean, false), false);
    for (const bad of ['true', 1, 0, null, undefined]) assert.equal(read(optionalBoolean, bad), undefined, String(bad));
  });

  it('text: cut to 1024 characters; absent or null read as null or undefined', () => {
    const long = 'a'.repeat(MAX_TEXT_LENGTH + 1);
    assert.equal(MAX_TEXT_LENGTH, 1024);
    assert.equal(read(text, long).length, 1024);
    assert.equal(read(text, 'a'.repeat(1024)), 'a'.repeat(1024));
    assert.equal(read(optionalText, long)?.length, 1024);
    assert.equal(read(optionalText, 'b'.repeat(1024)), 'b'.repeat(1024));
    assert.equal(read(optionalText, 7), undefined);
    assert.equal(read(nullableText, undefined), null);
    assert.equal(read(nullableText, null), null);
    assert.equal(read(nullableText, 'x'), 'x');
  });
});

describe('the sandbox control endpoint address', () => {
  it('is /sandbox/control beside /v2, on this machine only', () => {
    assert.equal(controlEndpointUrl('http://127.0.0.1:8123'), 'http://127.0.0.1:8123/sandbox/control');
    assert.equal(controlEndpointUrl('http://127.0.0.1:8123/v2/'), 'http://127.0.0.1:8123/sandbox/control');
    assert.equal(
      controlEndpointUrl('http://localhost:8123/base//?q=1#h'),
      'http://localhost:8123/base/sandbox/control',
    );
    assert.equal(controlEndpointUrl(' http://[::1]:8123/v2 '), 'http://[::1]:8123/sandbox/control');
    assert.equal(
      controlEndpointUrl('http://127.0.0.1:8123/v2//'),
      'http://127.0.0.1:8123/sandbox/control',
      'every trailing slash goes',
    );
    assert.equal(
      controlEndpointUrl('http://127.0.0.1:8123/v2x'),
      'http://127.0.0.1:8123/v2x/sandbox/control',
      '/v2 only as the last segment',
    );
    assert.throws(
      () => controlEndpointUrl('https://api.example.com/v2'),
      (e: unknown) =>
        e instanceof TransportError &&
        e.message ===
          "The sandbox's control endpoint is only on this machine (127.0.0.1 or localhost), not on api.example.com.",
    );
  });
});

describe('units in messages', () => {
  it('bytes in the largest unit reached, with at most two decimals; seconds with at most three', () => {
    assert.deepEqual([0, 1, 2, 1023, 1024, 1536, 1024 * 1024, 8 * 1024 * 1024 + 1].map(formatBytes), [
      '0 bytes',
      '1 byte',
      '2 bytes',
      '1023 bytes',
      '1 KiB',
      '1.5 KiB',
      '1 MiB',
      '8 MiB',
    ]);
    assert.deepEqual([15_000, 200, 1234.6].map(formatSeconds), ['15 s', '0.2 s', '1.235 s']);
  });
});

describe('the service address', () => {
  it('endpointUrl takes off every trailing slash, and /v2 only as the last segment', () => {
    assert.equal(endpointUrl('https://api.example.com/v2//'), 'https://api.example.com/v2');
    assert.equal(endpointUrl('https://api.example.com//'), 'https://api.example.com/v2');
    assert.equal(endpointUrl('https://api.example.com/v2x'), 'https://api.example.com/v2x/v2');
    assert.equal(endpointUrl('https://api.example.com/v2/v2'), 'https://api.example.com/v2/v2');
  });

  it('isLoopbackHost: localhost, ::1 with or without brackets, 127.0.0.0/8 as dotted quads; nothing else', () => {
    for (const host of ['localhost', 'LOCALHOST', '::1', '[::1]', '127.0.0.1', '127.255.0.9'])
      assert.equal(isLoopbackHost(host), true, host);
    for (const host of ['localhost.example.com', '128.0.0.1', '127.0.0.1.example.com', '::2', '0.0.0.0', ''])
      assert.equal(isLoopbackHost(host), false, host);
  });
});
