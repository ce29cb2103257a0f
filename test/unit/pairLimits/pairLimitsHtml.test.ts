import { strict as assert } from 'assert';
import fc from 'fast-check';
import { contentSecurityPolicy, escapeHtml, newNonce, pageHtml } from '../../../src/features/pairLimits/pairLimitsHtml';
import type { PageResources } from '../../../src/features/pairLimits/pairLimitsHtml';

const resources: PageResources = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  script: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/pairLimits.js',
  style: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/pairLimits.css',
  codicons: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/codicon.css',
};

interface Tag {
  readonly name: string;
  readonly closing: boolean;
  readonly attributes: ReadonlyMap<string, string>;
  /** Text between this tag and the next one. */
  readonly after: string;
}

/**
 * The tags of a page, with their attributes (values unescaped). Attribute values in these pages
 * never hold `<`, `>` or `"` (escaped), so a tag ends at the first `>`: tags and text are read
 * exactly as a browser's tokenizer would for such a page.
 */
function tags(html: string): Tag[] {
  const found: Tag[] = [];
  const pattern = /<(\/?)([A-Za-z!][^\s/>]*)([^>]*)>([^<]*)/g;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    const attributes = new Map<string, string>();
    const attributePattern = /([^\s=/]+)(?:="([^"]*)")?/g;
    for (let a = attributePattern.exec(m[3] ?? ''); a; a = attributePattern.exec(m[3] ?? '')) {
      attributes.set((a[1] ?? '').toLowerCase(), unescape(a[2] ?? ''));
    }
    found.push({ name: (m[2] ?? '').toLowerCase(), closing: m[1] === '/', attributes, after: m[4] ?? '' });
  }
  return found;
}

function unescape(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
  return text.replace(/&(#\d+|amp|lt|gt|quot);/g, (_, entity: string) =>
    entity.startsWith('#') ? String.fromCharCode(Number(entity.slice(1))) : (named[entity] ?? ''),
  );
}

/** The policy of a page, by directive. */
function policy(html: string): Map<string, string[]> {
  const meta = tags(html).find(
    (t) => t.name === 'meta' && t.attributes.get('http-equiv') === 'Content-Security-Policy',
  );
  assert.ok(meta, 'a CSP meta tag');
  const directives = new Map<string, string[]>();
  for (const part of (meta.attributes.get('content') ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (!name) continue;
    assert.ok(!directives.has(name), `${name} given once`);
    directives.set(name, values);
  }
  return directives;
}

describe('pair limits page HTML', () => {
  const nonce = newNonce();
  const html = pageHtml(resources, { nonce, title: 'Pair Limits', lang: 'en' });

  it('allows nothing by default; scripts and styles only with the nonce, fonts only from the webview', () => {
    const csp = policy(html);
    assert.deepEqual(csp.get('default-src'), ["'none'"]);
    assert.deepEqual(csp.get('script-src'), [`'nonce-${nonce}'`]);
    assert.deepEqual(csp.get('style-src'), [`'nonce-${nonce}'`]);
    assert.deepEqual(csp.get('font-src'), [resources.cspSource]);
    assert.deepEqual(csp.get('base-uri'), ["'none'"]);
    assert.deepEqual(csp.get('form-action'), ["'none'"]);
    for (const values of csp.values()) {
      for (const value of values)
        assert.ok(
          !["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'blob:', "'strict-dynamic'"].includes(value),
          value,
        );
    }
    assert.equal(
      contentSecurityPolicy(resources.cspSource, nonce),
      [...csp].map(([k, v]) => [k, ...v].join(' ')).join('; '),
    );
  });

  it('every script and stylesheet carries the nonce and comes from the bundle; no inline script or style', () => {
    const all = tags(html);
    const scripts = all.filter((t) => t.name === 'script' && !t.closing);
    assert.equal(scripts.length, 1);
    assert.equal(scripts[0]?.attributes.get('nonce'), nonce);
    assert.equal(scripts[0]?.attributes.get('src'), resources.script);
    assert.equal(scripts[0]?.after, '', 'the script element has no body');
    const sheets = all.filter((t) => t.name === 'link');
    assert.deepEqual(
      sheets.map((t) => [t.attributes.get('rel'), t.attributes.get('nonce'), t.attributes.get('href')]),
      [
        ['stylesheet', nonce, resources.codicons],
        ['stylesheet', nonce, resources.style],
      ],
    );
    assert.ok(!all.some((t) => t.name === 'style'), 'no style element');
    for (const tag of all) {
      assert.ok(!tag.attributes.has('style'), `no style attribute on <${tag.name}>`);
      for (const name of tag.attributes.keys())
        assert.ok(!name.startsWith('on'), `no handler attribute ${name} on <${tag.name}>`);
    }
    assert.deepEqual(
      all.filter((t) => !t.closing).map((t) => t.name),
      ['!doctype', 'html', 'head', 'meta', 'meta', 'meta', 'link', 'link', 'title', 'body', 'main', 'script'],
    );
    const app = all.find((t) => t.name === 'main');
    assert.equal(app?.attributes.get('id'), 'app');
    assert.equal(app?.after.trim(), '', 'the page is empty until the script fills it');
  });

  it('a fresh nonce per rendering: 128 random bits, base64', () => {
    const nonces = Array.from({ length: 200 }, () => newNonce());
    assert.equal(new Set(nonces).size, nonces.length);
    for (const n of nonces) {
      assert.match(n, /^[A-Za-z0-9+/]{22}==$/);
      assert.equal(Buffer.from(n, 'base64').length, 16);
    }
    const again = pageHtml(resources, { nonce: newNonce(), title: 'Pair Limits', lang: 'en' });
    assert.notDeepEqual(policy(again).get('script-src'), policy(html).get('script-src'));
  });

  it('refuses a nonce that is not base64 of at least 96 bits', () => {
    for (const bad of [
      '',
      'abc',
      'A'.repeat(15),
      `${'A'.repeat(20)}"`,
      `${'A'.repeat(20)}' 'unsafe-inline`,
      `${'A'.repeat(20)}; script-src *`,
      `${'A'.repeat(20)}===`,
      `${'A'.repeat(20)}\n`,
      '<script>alert(1)</script>AAAAAAAA',
      `"; ${'A'.repeat(20)}`,
    ]) {
      assert.throws(() => pageHtml(resources, { nonce: bad, title: 'x', lang: 'en' }), /nonce/, JSON.stringify(bad));
    }
    assert.doesNotThrow(() => pageHtml(resources, { nonce: 'A'.repeat(16), title: 'x', lang: 'en' }));
  });

  it('escapes every value it puts in: a hostile title and URIs stay text and attribute values', () => {
    const hostile = {
      cspSource: 'https://x"><script>alert(1)</script>',
      script: 'https://x/a.js" onload="alert(1)',
      style: "https://x/b.css' onerror='alert(2)",
      codicons: 'https://x/c.css"><img src=x onerror=alert(3)>',
    };
    const title = '</title><script>alert("t")</script>&amp;';
    const page = pageHtml(hostile, { nonce, title, lang: 'en"><script>alert(4)</script>' });
    const all = tags(page);
    assert.equal(
      all.filter((t) => t.name === 'script' && !t.closing).length,
      1,
      'no script element but the page’s own',
    );
    assert.ok(!all.some((t) => t.name === 'img'));
    for (const tag of all)
      for (const name of tag.attributes.keys())
        assert.ok(!name.startsWith('on'), `no handler attribute ${name} on <${tag.name}>`);
    assert.equal(
      all.find((t) => t.name === 'script')?.attributes.get('src'),
      hostile.script,
      'the URI is one attribute value, intact',
    );
    const links = all.filter((t) => t.name === 'link').map((t) => t.attributes.get('href'));
    assert.deepEqual(links, [hostile.codicons, hostile.style]);
    assert.equal(unescape(all.find((t) => t.name === 'title')?.after ?? ''), title, 'the title is text');
    assert.equal(
      all.find((t) => t.name === 'html')?.attributes.get('lang'),
      'en',
      'a language that is no BCP 47 tag falls back to en',
    );
    assert.equal(pageHtml(resources, { nonce, title: 't', lang: 'pt-BR' }).includes('lang="pt-BR"'), true);
    for (const [given, used] of [
      ['de', 'de'],
      ['zh-Hant-TW', 'zh-Hant-TW'],
      ['x-en', 'en'],
      ['en-', 'en'],
      ['deutsch', 'en'],
    ] as const) {
      assert.equal(
        tags(pageHtml(resources, { nonce, title: 't', lang: given }))
          .find((t) => t.name === 'html')
          ?.attributes.get('lang'),
        used,
        given,
      );
    }
  });

  it('escapeHtml leaves no character that could end a value or start a tag (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const escaped = escapeHtml(text);
        assert.ok(!/[<>"']/.test(escaped));
        assert.ok(!/&(?!#\d+;)/.test(escaped), 'every & starts an entity');
        assert.equal(unescape(escaped), text);
      }),
      { numRuns: 300 },
    );
  });
});
