/**
 * Escaping of service strings for Markdown (hovers, tooltips) and for text, with the expected
 * output written out character by character: `<` and `>` as entities, every Markdown sign inert,
 * control and bidirectional characters replaced, lengths capped.
 */
import { strict as assert } from 'assert';
import { escapeMarkdown, pairLabel, prettyJson, shortId, ticker } from '../../../src/shared/format';
import { typedRecord } from '../support/wireRecord';
import { escapeHtml } from '../../../src/features/pairLimits/pairLimitsHtml';

describe('escapeMarkdown', () => {
  it('turns < and > into entities, so no HTML tag survives', () => {
    assert.equal(escapeMarkdown('<img src=x onerror=alert(1)>'), '&#60;img src=x onerror=alert&#40;1&#41;&#62;');
    assert.equal(escapeMarkdown('</script><b>'), '&#60;/script&#62;&#60;b&#62;');
  });

  it('makes a link, an image and a command link inert', () => {
    assert.equal(
      escapeMarkdown('[click](command:exchangeTx.clearApiKeys)'),
      '&#91;click&#93;&#40;command&#58;exchangeTx&#46;clearApiKeys&#41;',
    );
    assert.equal(
      escapeMarkdown('![x](https://e.test/a.png)'),
      '&#33;&#91;x&#93;&#40;https&#58;//e&#46;test/a&#46;png&#41;',
    );
  });

  it('makes emphasis, code, headings, lists, tables and icons inert', () => {
    assert.equal(escapeMarkdown('**b** _i_ `c` ~s~'), '&#42;&#42;b&#42;&#42; &#95;i&#95; &#96;c&#96; &#126;s&#126;');
    assert.equal(escapeMarkdown('# h'), '&#35; h');
    assert.equal(escapeMarkdown('+ a - b 1. c'), '&#43; a &#45; b 1&#46; c');
    assert.equal(escapeMarkdown('a|b'), 'a&#124;b');
    assert.equal(escapeMarkdown('$(alert) {x}'), '$&#40;alert&#41; &#123;x&#125;');
  });

  it('escapes the entity and quote characters and the backslash', () => {
    assert.equal(escapeMarkdown(`a&b "q" 's' \\n`), 'a&#38;b &#34;q&#34; &#39;s&#39; &#92;n');
    assert.equal(escapeMarkdown('&#60;'), '&#38;&#35;60;');
  });

  it('keeps letters, digits, = , / @ $ % and non-ASCII letters as they are', () => {
    assert.equal(escapeMarkdown('abcXYZ 0129 =,/@$% éü日本'), 'abcXYZ 0129 =,/@$% éü日本');
  });

  it('replaces control and bidirectional characters (new lines too) by U+FFFD, other spaces by a plain space', () => {
    assert.equal(escapeMarkdown('a\nb\tc\rd'), 'a\uFFFDb\uFFFDc\uFFFDd');
    assert.equal(escapeMarkdown('x\u202Ey\u2066z'), 'x\uFFFDy\uFFFDz');
    assert.equal(escapeMarkdown('a\u00A0b\u3000c\u2028d'), 'a b c\uFFFDd');
  });

  it('caps the text at 200 characters, or the given maximum, before escaping, with an ellipsis', () => {
    assert.equal(escapeMarkdown('x'.repeat(201)), `${'x'.repeat(200)}…`);
    assert.equal(escapeMarkdown('x'.repeat(200)), 'x'.repeat(200));
    assert.equal(escapeMarkdown('abcdef', 3), 'abc…');
    assert.equal(escapeMarkdown('<<<<', 2), '&#60;&#60;…');
  });
});

describe('prettyJson', () => {
  it('indents by two and writes unsafe characters as escapes, astral ones as two', () => {
    assert.equal(
      prettyJson({ a: 'x\u202Ey', b: ['\u2028', '\u2029'] }),
      '{\n  "a": "x\\u202ey",\n  "b": [\n    "\\u2028",\n    "\\u2029"\n  ]\n}',
    );
    assert.equal(prettyJson(undefined), 'null');
    assert.equal(prettyJson('<\n>'), '"<\\n>"');
    assert.equal(prettyJson('\u0085\u{e0001}'), '"\\u0085\\udb40\\udc01"');
  });
});

describe('escapeHtml', () => {
  it('writes the five special characters as numeric entities and nothing else', () => {
    assert.equal(
      escapeHtml(`<a href="x" title='y'>&amp;</a>`),
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;amp;&#60;/a&#62;',
    );
    assert.equal(escapeHtml('plain text, 1.5 BTC → ETH'), 'plain text, 1.5 BTC → ETH');
  });
});

describe('ids', () => {
  it('shortId keeps ids of up to 10 characters and cuts longer ones to 8 with an ellipsis', () => {
    assert.equal(shortId('abcdefghij'), 'abcdefghij');
    assert.equal(shortId('abcdefghijk'), 'abcdefgh…');
  });
});

describe('tickers and pair labels', () => {
  const record = (overrides: Record<string, unknown>) =>
    typedRecord({ currencyFrom: 'btc', currencyTo: 'usdt20', ...overrides });

  it('ticker writes a currency code in capitals', () => {
    assert.equal(ticker('usdt20'), 'USDT20');
    assert.equal(ticker('BTC'), 'BTC');
  });

  it('pairLabel shows the amount received, or the amount expected while nothing (or 0) was received', () => {
    assert.equal(pairLabel(record({ amountFrom: '0.4999', amountExpectedFrom: '0.5' })), '0.4999 BTC → USDT20');
    assert.equal(pairLabel(record({ amountFrom: '', amountExpectedFrom: '0.5' })), '0.5 BTC → USDT20');
    assert.equal(pairLabel(record({ amountFrom: '0', amountExpectedFrom: '0.5' })), '0.5 BTC → USDT20');
    assert.equal(pairLabel(record({ amountFrom: '0.0', amountExpectedFrom: '0.5' })), '0.0 BTC → USDT20');
  });
});

describe('prettyJson of nothing', () => {
  it('writes undefined (which JSON cannot) as null', () => {
    assert.equal(prettyJson(undefined), 'null');
  });
});
