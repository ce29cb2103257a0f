/**
 * The pair-limits webview page in headless chromium: its real bundle, under its real content
 * security policy, fed with what the sandbox sends (hostile values included) and driven with the
 * keyboard, in light, dark and high-contrast themes. Writes the README's screenshot when
 * EXCHANGE_TX_SCREENSHOTS is set.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { HOSTILE_VALUES } from '../../packages/sandbox/src';
import { MAX_VALUE_LENGTH, pairKey } from '../../src/shared/currencyPairs';
import { PENDING_ESTIMATES, rowFailed, rowHasLimits } from '../../src/shared/pairLimitsRows';
import { fill } from '../../src/shared/pairLimitsStrings';
import type { HostMessage, ViewState, WebviewMessage } from '../../src/shared/pairLimitsProtocol';
import type { PairRow } from '../../src/shared/pairLimitsRows';
import type { UiStrings } from '../../src/shared/pairLimitsStrings';
import { english, REPO_ROOT } from './english';
import type { PairLimitsTab } from './pageHarness';
import { BrowserHarness } from './pageHarness';
import type { PageData } from './pairLimitsData';
import { fetchPageData, PWNED_PAYLOADS, stringsOf } from './pairLimitsData';
import type { Theme } from './themes';
import { textContrastsInPage, THEMES } from './themes';
import { safeText } from '../../src/shared/safeText';

const SCREENSHOT = path.join(REPO_ROOT, 'media', 'screenshots', 'pair-limits.png');
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** A service string as the page must show it: control and bidi characters visible, length bounded. */
const shownAs = (text: string): string => safeText(text, MAX_VALUE_LENGTH);

const stateMessage = (state: ViewState): HostMessage => ({ type: 'state', state });

/** What a row's cells must read, in order (the actions cell has no text). */
function expectedCells(row: PairRow, strings: UiStrings): string[] {
  const tickers = [shownAs(row.from), shownAs(row.to)];
  const reason = (text: string, detail: string): string => shownAs(text) + (detail ? shownAs(detail) : '');
  if (row.state === 'failed' && rowFailed(row)) return [...tickers, reason(row.reason, row.detail), ''];
  const cells: string[] = [];
  for (const rate of ['float', 'fixed'] as const) {
    const cell = row[rate];
    if (cell.state === 'failed') cells.push(reason(cell.reason, cell.detail));
    else if (cell.state === 'pending') cells.push(strings.notLoaded);
    else {
      for (const bound of ['min', 'max'] as const) {
        const value = bound === 'min' ? cell.minFrom : cell.maxFrom;
        const field = `${bound}Amount${rate === 'float' ? 'Float' : 'Fixed'}` as const;
        const beneath =
          row.state === 'limits'
            ? shownAs(fill(strings.pairsParamsValue, row[field]))
            : row.state === 'failed'
              ? strings.pairsParamsRefused
              : '';
        cells.push((value === '' ? '—' : shownAs(value)) + beneath);
      }
    }
  }
  return [...tickers, ...cells, ''];
}

/** The text of each cell of each body row, by the row's key (read from data-key, not a selector). */
function cellTexts(tab: PairLimitsTab): Promise<Record<string, string[]>> {
  return tab.page.evaluate(() => {
    const out: Record<string, string[]> = {};
    for (const tr of Array.from(document.querySelectorAll('#limits tbody tr'))) {
      out[tr.getAttribute('data-key') ?? '?'] = Array.from(tr.children).map((cell) => cell.textContent ?? '');
    }
    return out;
  });
}

/** The focused control: its id, or its action and row, or its class and row. */
function focused(tab: PairLimitsTab): Promise<string> {
  return tab.page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    const key = active.getAttribute('data-key');
    const action = active.getAttribute('data-action');
    if (active.id) return active.id;
    if (action !== null && key !== null) return `${action}:${key}`;
    if (active.classList.contains('recent-pair') && key !== null) return `recent:${key}`;
    return active.tagName.toLowerCase();
  });
}

/** Focus back to the top of the page: a click on the heading, from where Tab goes on. */
async function focusStart(tab: PairLimitsTab): Promise<void> {
  await tab.page.click('h1');
  assert.equal(await focused(tab), 'body');
}

/** The controls Tab reaches, in order, for a state. */
function tabOrder(state: ViewState): string[] {
  return [
    'from',
    'to',
    'add',
    'refresh',
    ...state.recent.map((pair) => `recent:${pairKey(pair)}`),
    ...(state.error === null ? [] : ['retry']),
    ...state.rows.flatMap((row) =>
      rowHasLimits(row) ? [`copy:${pairKey(row)}`, `remove:${pairKey(row)}`] : [`remove:${pairKey(row)}`],
    ),
  ];
}

/** Hex colour → what getComputedStyle says. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe('Pair Limits page in chromium', function () {
  this.timeout(60_000);
  let harness: BrowserHarness;
  let data: PageData;
  let strings: UiStrings;
  const tabs: PairLimitsTab[] = [];

  before(async () => {
    [harness, data] = await Promise.all([BrowserHarness.start(), fetchPageData()]);
    strings = stringsOf(data.init);
    console.log(`      chromium: ${harness.chromiumPath}`);
  });

  after(async () => {
    await harness?.stop();
  });

  afterEach(async () => {
    for (const tab of tabs.splice(0)) await harness.close(tab);
  });

  const open = async (
    theme: Theme = THEMES['vscode-dark'],
    savedState?: unknown,
    viewport?: { width: number; height: number },
  ): Promise<PairLimitsTab> => {
    const tab = await harness.open({ theme, savedState, viewport });
    tabs.push(tab);
    return tab;
  };

  /** Nothing went wrong in the page: no script of the data, no dialog, no violation, no error, no problem. */
  const assertClean = async (tab: PairLimitsTab): Promise<void> => {
    assert.deepEqual(tab.pwned, [], 'no script from the data ran');
    assert.deepEqual(tab.dialogs, [], 'no alert from the data ran');
    assert.deepEqual(await tab.violations(), [], 'the content security policy blocked nothing');
    assert.deepEqual(tab.pageErrors, [], 'no uncaught error');
    assert.deepEqual(tab.consoleErrors, [], 'no console error or warning');
    assert.deepEqual(
      (await tab.posted()).filter((m) => m.type === 'problem'),
      [],
      'the page reported no problem',
    );
  };

  it('loads its own bundle under its content security policy: ready, styles, codicons and custom elements, nothing blocked', async () => {
    const firstRequest = harness.requests.length;
    const tab = await open();
    assert.deepEqual(
      await tab.posted(),
      [{ type: 'ready' }],
      'the page says ready, and nothing else, before the extension speaks',
    );
    const rendered = await tab.show(data.init, stateMessage(data.everyday));
    assert.deepEqual(rendered, { type: 'rendered', rows: 7, failed: 1 });
    await tab.settle();
    await assertClean(tab);
    assert.deepEqual(
      (await tab.posted()).map((m) => m.type),
      ['ready', 'rendered'],
    );
    assert.deepEqual([...new Set(harness.requests.slice(firstRequest))].sort(), [
      '/',
      '/codicon.css',
      '/codicon.ttf',
      '/pairLimits.css',
      '/pairLimits.js',
    ]);

    const page = await tab.page.evaluate(() => {
      const app = document.getElementById('app');
      const custom = Array.from(app?.querySelectorAll('*') ?? []).filter((el) => el.tagName.startsWith('VSCODE-'));
      const tags = [...new Set(custom.map((el) => el.tagName.toLowerCase()))].sort();
      const faces: FontFace[] = [];
      document.fonts.forEach((face) => faces.push(face));
      return {
        title: document.title,
        busy: app?.getAttribute('aria-busy'),
        background: getComputedStyle(document.body).backgroundColor,
        tags,
        defined: tags.filter((tag) => customElements.get(tag) !== undefined),
        drawn: custom.filter((el) => (el.shadowRoot?.childElementCount ?? 0) > 0).length,
        count: custom.length,
        codicons: faces.filter((f) => f.family.replace(/"/g, '') === 'codicon').map((f) => f.status),
        headings: Array.from(document.querySelectorAll('#limits thead th')).map((th) => th.textContent),
        banner: document.querySelector('.banner')?.textContent,
        badge: document.querySelector('.environment')?.textContent,
        status: document.getElementById('status')?.textContent,
      };
    });
    assert.equal(page.title, strings.title);
    assert.equal(page.busy, 'false');
    assert.equal(
      page.background,
      rgb(THEMES['vscode-dark'].variables['editor-background']),
      'the stylesheet applies (it loaded under the nonce)',
    );
    assert.deepEqual(page.tags, [
      'vscode-badge',
      'vscode-button',
      'vscode-icon',
      'vscode-label',
      'vscode-textfield',
      'vscode-toolbar-button',
    ]);
    assert.deepEqual(page.defined, page.tags, 'every @vscode-elements element is defined');
    assert.equal(page.drawn, page.count, 'and drawn into its shadow root');
    assert.deepEqual(page.codicons, ['loaded'], 'the codicon font loaded (font-src allows the resource origin)');
    assert.deepEqual(page.headings, [
      strings.from,
      strings.to,
      strings.floatGroup,
      strings.fixedGroup,
      strings.actions,
      strings.min,
      strings.max,
      strings.min,
      strings.max,
    ]);
    assert.equal(page.banner, strings.deprecated);
    assert.equal(page.badge, strings.sandbox);
    assert.equal(page.status, data.everyday.updated);
  });

  it('shows hostile values from the sandbox, hostile service texts and hostile currency codes as text: no script runs, no element is made of data', async () => {
    const firstRequest = harness.requests.length;
    const tab = await open();
    const state = data.hostile;
    const rendered = await tab.show(data.init, stateMessage(state));
    assert.deepEqual(rendered, {
      type: 'rendered',
      rows: state.rows.length,
      failed: state.rows.filter(rowFailed).length,
    });
    const noticeText = `${PWNED_PAYLOADS.attribute}${HOSTILE_VALUES.control}`;
    await tab.send({ type: 'notice', severity: 'error', text: noticeText });
    await tab.page.waitForFunction(
      (text) => document.getElementById('notice')?.textContent === text,
      shownAs(noticeText),
    );
    await tab.settle();
    await assertClean(tab);
    assert.deepEqual(
      [...new Set(harness.requests.slice(firstRequest))].sort(),
      ['/', '/codicon.css', '/codicon.ttf', '/pairLimits.css', '/pairLimits.js'],
      'nothing of the data was fetched',
    );

    // Every value reads as its text, cell by cell.
    const cells = await cellTexts(tab);
    assert.deepEqual(Object.keys(cells), state.rows.map(pairKey), 'one row per pair, in order');
    for (const row of state.rows)
      assert.deepEqual(
        cells[pairKey(row)],
        expectedCells(row, strings),
        `the cells of ${JSON.stringify(pairKey(row).slice(0, 60))}`,
      );
    const texts = await tab.page.evaluate(() => ({
      recent: Array.from(document.querySelectorAll('.recent-pair')).map((b) => b.textContent),
      error: document.querySelector('#error .error-text')?.textContent,
      status: document.getElementById('status')?.textContent,
      badge: document.querySelector('.environment')?.textContent,
      all: document.getElementById('app')?.textContent ?? '',
    }));
    assert.deepEqual(
      texts.recent,
      state.recent.map((p) => shownAs(`${p.from} → ${p.to}`)),
    );
    assert.equal(texts.error, shownAs(state.error ?? ''));
    assert.equal(texts.status, shownAs(state.updated ?? ''));
    assert.equal(texts.badge, strings.live);
    for (const payload of [
      HOSTILE_VALUES.markup,
      HOSTILE_VALUES.script,
      PWNED_PAYLOADS.img,
      PWNED_PAYLOADS.svg,
      PWNED_PAYLOADS.iframe,
      PWNED_PAYLOADS.style,
      PWNED_PAYLOADS.attribute,
      PWNED_PAYLOADS.template,
    ]) {
      assert.ok(texts.all.includes(payload), `${payload} shows as text`);
    }
    assert.ok(!CONTROL_OR_BIDI.test(texts.all), 'no control or bidi character is shown as such');
    assert.ok(texts.all.includes('\uFFFD'), 'they show as U+FFFD');

    // The elements are the page's own: none from the data, no handler, no link, in the light DOM or in any shadow root.
    const dom = await tab.page.evaluate(() => {
      const light = new Set<string>();
      const shadowTags = new Set<string>();
      const handlers: string[] = [];
      const risky: string[] = [];
      const attributeTexts: string[] = [];
      const visit = (root: ParentNode, inShadow: boolean): void => {
        for (const el of Array.from(root.querySelectorAll('*'))) {
          (inShadow ? shadowTags : light).add(el.tagName.toLowerCase());
          for (const attr of Array.from(el.attributes)) {
            if (attr.name.startsWith('on')) handlers.push(`${el.tagName} ${attr.name}`);
            if (
              ['href', 'src', 'srcdoc', 'action', 'formaction'].includes(attr.name) &&
              !(el.tagName === 'LINK' && /\/codicon\.css$/.test(attr.value))
            )
              risky.push(`${el.tagName} ${attr.name}=${attr.value}`);
            if (['title', 'aria-label', 'label', 'placeholder'].includes(attr.name)) attributeTexts.push(attr.value);
          }
          if (el.shadowRoot) visit(el.shadowRoot, true);
        }
      };
      const app = document.getElementById('app');
      if (app) visit(app, false);
      return {
        light: [...light].sort(),
        shadowTags: [...shadowTags].sort(),
        handlers,
        risky,
        attributeTexts,
        bodyChildren: Array.from(document.body.children).map((c) => c.tagName.toLowerCase()),
      };
    });
    const pageTags = ['div', 'form', 'h1', 'header', 'main', 'p', 'span', 'table', 'tbody', 'td', 'th', 'thead', 'tr'];
    assert.deepEqual(
      dom.light.filter((tag) => !pageTags.includes(tag) && !tag.startsWith('vscode-')),
      [],
      'only the elements the page builds',
    );
    for (const tag of ['script', 'img', 'iframe', 'svg', 'object', 'embed', 'a', 'style', 'base', 'meta', 'frame']) {
      assert.ok(!dom.shadowTags.includes(tag), `no <${tag}> in a shadow root`);
    }
    assert.deepEqual(dom.handlers, [], 'no handler attribute');
    assert.deepEqual(dom.risky, [], 'no link, source or form target (but the codicons the icons load)');
    assert.deepEqual(dom.bodyChildren, ['main', 'script'], 'nothing added outside #app');
    const badAttribute = dom.attributeTexts.find((t) => CONTROL_OR_BIDI.test(t));
    assert.equal(
      badAttribute,
      undefined,
      `no control or bidi character in tooltips and labels: ${JSON.stringify(badAttribute?.slice(0, 80))}`,
    );

    // The actions of a hostile row name it as it is: the extension checks what comes back.
    const hostileRow = state.rows[state.rows.length - 2];
    const control = tab.page
      .locator('#limits tbody [data-action="copy"]')
      .nth(state.rows.slice(0, -1).filter(rowHasLimits).length - 1);
    assert.equal(await control.getAttribute('data-key'), pairKey(hostileRow));
    await control.click();
    assert.deepEqual(await tab.waitForPosted('copy'), { type: 'copy', from: hostileRow.from, to: hostileRow.to });
    await tab.settle();
    assert.deepEqual(tab.pwned, []);
  });

  it('drops a message outside the protocol, says so, and keeps what it shows', async () => {
    const tab = await open();
    await tab.show(data.init, stateMessage(data.everyday));
    const before = await cellTexts(tab);
    const [first] = data.everyday.rows;
    const tooLong = { ...data.everyday, rows: [{ ...first, from: HOSTILE_VALUES.long }] };
    const extraField = { ...data.everyday, rows: [{ ...first, onclick: `__pwned('extra field')` }] };
    await tab.send({ type: 'state', state: tooLong });
    await tab.send({ type: 'state', state: extraField });
    await tab.send(PWNED_PAYLOADS.img);
    await tab.send({ type: 'html', html: PWNED_PAYLOADS.img });
    const problem = await tab.waitForPosted('problem', 4);
    assert.match(problem.text, /dropped a message/);
    await tab.settle();
    assert.deepEqual(await cellTexts(tab), before, 'the table is as it was');
    assert.equal((await tab.posted()).filter((m) => m.type === 'rendered').length, 1, 'nothing was rendered again');
    assert.deepEqual(tab.pwned, []);
    assert.deepEqual(await tab.violations(), []);
  });

  it('its content security policy holds: a script or handler the page did not bring never runs, and the page reports the attempt', async () => {
    const firstRequest = harness.requests.length;
    const tab = await open();
    await tab.show(data.init, stateMessage(data.everyday));
    await tab.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = "__pwned('inline script')";
      document.body.append(script);
      const external = document.createElement('script');
      external.src = '/pairLimits.js?again';
      document.body.append(external);
      const img = document.createElement('img');
      img.setAttribute('onerror', "__pwned('handler')");
      img.src = '/x.png';
      document.body.append(img);
    });
    await tab.waitForPosted('problem', 3);
    await tab.settle();
    assert.deepEqual(tab.pwned, [], 'nothing ran');
    const violations = (await tab.violations()).map((v) => v.split(' ')[0]).sort();
    assert.deepEqual(violations, ['img-src', 'script-src-attr', 'script-src-elem', 'script-src-elem']);
    const problems = (await tab.posted()).filter(
      (m): m is Extract<WebviewMessage, { type: 'problem' }> => m.type === 'problem',
    );
    assert.ok(
      problems.every((p) => p.text.startsWith('blocked by the content security policy')),
      JSON.stringify(problems),
    );
    assert.ok(!harness.requests.slice(firstRequest).some((r) => r === '/x.png'), 'the image was not even asked for');
  });

  it('is keyboard-usable: Tab reaches From, To and Add first; Enter in a field adds the typed pair; the fields clear once it is listed', async () => {
    const tab = await open(THEMES['vscode-light']);
    await tab.show(data.init, stateMessage(data.everyday));
    await focusStart(tab);
    const expected = tabOrder(data.everyday);
    const reached: string[] = [];
    for (let i = 0; i < expected.length; i++) {
      await tab.page.keyboard.press('Tab');
      reached.push(await focused(tab));
    }
    assert.deepEqual(reached, expected, 'Tab order: the form, the pairs used before, then each row');

    await focusStart(tab);
    await tab.page.keyboard.press('Tab');
    assert.equal(await focused(tab), 'from');
    await tab.page.keyboard.type('b<c');
    await tab.page.keyboard.press('Tab');
    await tab.page.keyboard.type('eth');
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForFunction(
      (text) => document.getElementById('notice')?.textContent === text,
      strings['problem.characters'],
    );
    assert.equal(await focused(tab), 'from', 'focus goes to the field to fix');
    assert.ok(!(await tab.posted()).some((m) => m.type === 'add'), 'nothing is asked for an invalid ticker');

    await tab.page.keyboard.press('Control+A');
    await tab.page.keyboard.type(' LTC ');
    await tab.page.keyboard.press('Tab');
    assert.equal(await focused(tab), 'to');
    await tab.page.keyboard.press('Control+A');
    await tab.page.keyboard.type('xrp');
    await tab.page.keyboard.press('Enter');
    assert.deepEqual(await tab.waitForPosted('add'), { type: 'add', from: 'ltc', to: 'xrp' }, 'the pair, normalized');

    // The extension lists the pair: the fields are cleared for the next one.
    const added: ViewState = {
      ...data.everyday,
      rows: [...data.everyday.rows, { from: 'ltc', to: 'xrp', state: 'pending', ...PENDING_ESTIMATES }],
      loading: true,
    };
    await tab.send(stateMessage(added));
    await tab.waitForPosted('rendered', 2);
    const fields = await tab.page.evaluate(() =>
      ['from', 'to'].map((id) => (document.getElementById(id) as HTMLInputElement | null)?.value),
    );
    assert.deepEqual(fields, ['', '']);
    assert.equal(await focused(tab), 'from');
    await assertClean(tab);
  });

  it('row actions are buttons reached by Tab: Enter copies, Space removes, and focus moves to the next row', async () => {
    const tab = await open();
    await tab.show(data.init, stateMessage(data.everyday));
    const [first, second] = data.everyday.rows;
    await focusStart(tab);
    for (let i = 0; i < 20 && (await focused(tab)) !== `copy:${pairKey(first)}`; i++)
      await tab.page.keyboard.press('Tab');
    assert.equal(await focused(tab), `copy:${pairKey(first)}`);
    await tab.page.keyboard.press('Enter');
    assert.deepEqual(await tab.waitForPosted('copy'), { type: 'copy', from: first.from, to: first.to });
    await tab.page.keyboard.press('Tab');
    assert.equal(await focused(tab), `remove:${pairKey(first)}`);
    await tab.page.keyboard.press('Space');
    assert.deepEqual(await tab.waitForPosted('remove'), { type: 'remove', from: first.from, to: first.to });

    await tab.send(stateMessage({ ...data.everyday, rows: data.everyday.rows.slice(1) }));
    await tab.waitForPosted('rendered', 2);
    assert.equal(await focused(tab), `remove:${pairKey(second)}`, 'focus stays in the table, on the next row');
    const refused = data.everyday.rows.find(rowFailed);
    assert.ok(refused);
    const refusedActions = await tab.page.evaluate((key) => {
      const row = Array.from(document.querySelectorAll('#limits tbody tr')).find(
        (tr) => tr.getAttribute('data-key') === key,
      );
      return Array.from(row?.querySelectorAll('[data-action]') ?? []).map((b) => b.getAttribute('data-action'));
    }, pairKey(refused));
    assert.deepEqual(refusedActions, ['remove'], 'a refused pair has nothing to copy');
    await assertClean(tab);
  });

  it('is readable in light, dark and high-contrast themes, and follows a theme change', async () => {
    const tab = await open(THEMES['vscode-light']);
    const state: ViewState = {
      ...data.everyday,
      error: english('Could not reach {0}: {1}', english('the sandbox'), 'connect ECONNREFUSED 127.0.0.1:8710'),
    };
    await tab.show(data.init, stateMessage(state));
    await tab.send({ type: 'notice', severity: 'error', text: strings['problem.duplicate'] });
    for (const theme of [THEMES['vscode-light'], THEMES['vscode-dark'], THEMES['vscode-high-contrast']]) {
      await tab.setTheme(theme);
      await tab.settle();
      const look = await tab.page.evaluate(() => {
        const style = (selector: string): CSSStyleDeclaration =>
          getComputedStyle(document.querySelector(selector) ?? document.body);
        return {
          bodyClass: document.body.className,
          background: style('body').backgroundColor,
          foreground: style('h1').color,
          reason: style('.reason-text').color,
          bannerBorder: style('.banner').borderTopColor,
          bannerBorderWidth: style('.banner').borderTopWidth,
          cellBorder: style('#limits tbody td').borderBottomColor,
        };
      });
      const v = theme.variables;
      assert.equal(look.bodyClass, theme.kind);
      assert.equal(look.background, rgb(v['editor-background']), `${theme.kind}: the editor's background`);
      assert.equal(look.foreground, rgb(v.foreground), `${theme.kind}: the theme's foreground`);
      assert.equal(look.reason, rgb(v.errorForeground), `${theme.kind}: refusals in the error colour`);
      assert.equal(look.cellBorder, rgb(v['editorWidget-border']), `${theme.kind}: rows divided by the widget border`);
      if (v.contrastBorder) {
        assert.equal(look.bannerBorder, rgb(v.contrastBorder), 'high contrast: the banner has the contrast border');
        assert.equal(look.bannerBorderWidth, '1px');
      }
      const contrasts = await tab.page.evaluate(textContrastsInPage, '#app');
      assert.ok(contrasts.length >= 40, `${theme.kind}: ${contrasts.length} texts checked`);
      const poor = contrasts
        .filter((c) => c.ratio < 4.5)
        .map((c) => `${c.where}: ${c.color} on ${c.background} = ${c.ratio.toFixed(2)}`);
      assert.deepEqual(poor, [], `${theme.kind}: every text has a contrast of at least 4.5:1`);
    }
    await assertClean(tab);
  });

  it('says once, in the banner, that the service no longer has getPairsParams, and shows the estimates alone', async () => {
    const tab = await open(THEMES['vscode-high-contrast']);
    const state = data.withoutPairsParams;
    const rendered = await tab.show(data.init, stateMessage(state));
    assert.deepEqual(rendered, { type: 'rendered', rows: state.rows.length, failed: 1 });
    await tab.settle();
    const page = await tab.page.evaluate(() => ({
      banners: Array.from(document.querySelectorAll('.banner')).map((b) => ({
        text: b.textContent,
        gone: b.classList.contains('banner-gone'),
        role: b.getAttribute('role'),
      })),
      beneath: document.querySelectorAll('.deprecated-value').length,
    }));
    assert.deepEqual(
      page.banners,
      [{ text: strings.pairsParamsGone, gone: true, role: 'note' }],
      'one banner says it, and nothing per row',
    );
    assert.equal(page.beneath, 0, 'no getPairsParams figure');
    assert.match(strings.pairsParamsGone, /method not found/);
    const cells = await cellTexts(tab);
    for (const row of state.rows) assert.deepEqual(cells[pairKey(row)], expectedCells(row, strings), pairKey(row));
    assert.deepEqual(cells['btc/eth'], ['btc', 'eth', '0.000609', '10.40721699267', '0.000764', '3.7514', '']);
    assert.deepEqual(cells['xmr/btc'], [
      'xmr',
      'btc',
      shownAs(english('{0} is temporarily disabled as an input currency (it cannot be sent).', 'xmr')) +
        'Invalid currency: xmr is temporary disabled on API as input currency',
      shownAs(english('{0} is temporarily disabled as an input currency (it cannot be sent).', 'xmr')) +
        'Invalid currency: xmr is temporary disabled on API as input currency',
      '',
    ]);
    // Back to a service that has it: the deprecation banner again.
    await tab.send(stateMessage(data.everyday));
    await tab.waitForPosted('rendered', 2);
    assert.equal(await tab.page.evaluate(() => document.querySelector('.banner')?.textContent), strings.deprecated);
    const contrasts = await tab.page.evaluate(textContrastsInPage, '#app');
    assert.deepEqual(
      contrasts.filter((c) => c.ratio < 4.5).map((c) => c.where),
      [],
      'readable in high contrast',
    );
    await assertClean(tab);
  });

  it("keeps every row's action buttons in view at narrow, middle and wide widths, everyday and hostile values alike", async () => {
    for (const width of [360, 600, 1000]) {
      for (const [name, state] of [
        ['everyday', data.everyday],
        ['hostile', data.hostile],
      ] as const) {
        const tab = await open(THEMES['vscode-dark'], undefined, { width, height: 700 });
        await tab.show(data.init, stateMessage(state));
        await tab.settle();
        const buttons = await tab.page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('#limits tbody [data-action]')).map((button) => {
            // Only the page scrolls, up or down to the row; the table is never scrolled sideways.
            window.scrollTo(0, window.scrollY + button.getBoundingClientRect().top - window.innerHeight / 2);
            const box = button.getBoundingClientRect();
            // What a click at its middle reaches: the button itself, not a cell drawn over it.
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            return {
              id: `${button.getAttribute('data-action') ?? ''}:${button.getAttribute('data-key') ?? ''}`,
              left: box.left,
              right: box.right,
              width: box.width,
              reached: hit !== null && (hit === button || button.contains(hit)),
              viewport: document.documentElement.clientWidth,
              scrolledX: window.scrollX,
            };
          }),
        );
        assert.equal(
          buttons.length,
          state.rows.filter(rowHasLimits).length + state.rows.length,
          `${width}px ${name}: every row's buttons`,
        );
        for (const b of buttons) {
          const where = `${width}px ${name} ${b.id}: ${b.left.toFixed(0)}–${b.right.toFixed(0)} of ${b.viewport}px`;
          assert.ok(b.width > 0 && b.left >= 0 && b.right <= b.viewport, `inside the viewport (${where})`);
          assert.equal(b.scrolledX, 0, `without scrolling the page sideways (${where})`);
          assert.ok(b.reached, `not covered (${where})`);
        }
        await harness.close(tab);
        tabs.splice(tabs.indexOf(tab), 1);
      }
    }
  });

  it('at 560 px every amount reads whole: nothing clipped or covered, the page not scrolled sideways', async () => {
    const tab = await open(THEMES['vscode-dark'], undefined, { width: 560, height: 700 });
    await tab.show(data.init, stateMessage(data.everyday));
    await tab.settle();
    if (process.env.EXCHANGE_TX_PAGE_SHOT)
      await tab.page.screenshot({ path: process.env.EXCHANGE_TX_PAGE_SHOT, fullPage: true });
    const cut = await tab.page.evaluate(() => {
      const viewport = document.documentElement.clientWidth;
      const problems: string[] = [];
      for (const element of Array.from(
        document.querySelectorAll<HTMLElement>(
          '#limits .amount .whole, #limits .amount .fraction, #limits .deprecated-value, #limits thead th',
        ),
      )) {
        const box = element.getBoundingClientRect();
        if (box.width === 0) continue;
        const text = element.textContent ?? '';
        if (box.left < 0 || box.right > viewport + 1)
          problems.push(`${text}: ${box.left.toFixed(0)}–${box.right.toFixed(0)} of ${viewport}px`);
        else if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0)
          problems.push(`${text}: wider than its box`);
        else {
          const hit = document.elementFromPoint(box.left + 1, box.top + box.height / 2);
          if (hit !== null && hit !== element && !element.contains(hit) && !hit.contains(element))
            problems.push(`${text}: covered by ${hit.className}`);
        }
      }
      return { problems, scrolledWidth: document.documentElement.scrollWidth, viewport };
    });
    assert.deepEqual(cut.problems, [], 'every amount and heading whole');
    assert.ok(cut.scrolledWidth <= cut.viewport, `no sideways scrolling (${cut.scrolledWidth}px)`);
    await assertClean(tab);
  });

  it('shows the deprecation banner only beside pairs: an empty page is not dominated by it', async () => {
    const tab = await open(THEMES['vscode-dark'], undefined, { width: 980, height: 700 });
    await tab.show(data.init, stateMessage({ ...data.everyday, rows: [] }));
    await tab.settle();
    const bannerHeight = () =>
      tab.page.evaluate(() => document.querySelector('.banner')?.getBoundingClientRect().height ?? 0);
    assert.equal(
      await bannerHeight(),
      0,
      'no banner on an empty page (it explains figures beneath amounts that are not there)',
    );
    assert.ok(
      await tab.page.evaluate(() => (document.querySelector('.empty')?.getBoundingClientRect().height ?? 0) > 0),
      'the empty page says what to do',
    );
    await tab.send(stateMessage(data.everyday));
    await tab.waitForPosted('rendered', 2);
    assert.ok((await bannerHeight()) > 0, 'the banner beside the pairs');
    await assertClean(tab);
  });

  it('shows everyday pairs, a disabled currency and the deprecation in the dark theme (the README screenshot)', async () => {
    const tab = await open(THEMES['vscode-dark'], undefined, { width: 980, height: 560 });
    const rendered = await tab.show(data.init, stateMessage(data.everyday));
    assert.deepEqual(rendered, { type: 'rendered', rows: 7, failed: 1 });
    await tab.settle();
    const doge = data.everyday.rows.find((r) => pairKey(r) === 'doge/btc');
    assert.ok(
      doge?.state === 'limits' && doge.float.state === 'limits' && doge.fixed.state === 'failed',
      'doge: float limits, refused for fixed rates',
    );
    const refused = data.everyday.rows.find(rowFailed);
    assert.ok(refused?.state === 'failed' && refused.kind === 'currency-disabled');
    const cells = await cellTexts(tab);
    assert.deepEqual(cells[pairKey(refused)], expectedCells(refused, strings));
    assert.match(cells[pairKey(refused)][2], /xmr is temporarily disabled as an input currency/);
    for (const row of data.everyday.rows)
      assert.deepEqual(cells[pairKey(row)], expectedCells(row, strings), pairKey(row));
    assert.deepEqual(cells['btc/eth'], [
      'btc',
      'eth',
      '0.000609getPairsParams: 0.000609',
      '10.40721699267getPairsParams: 10.40721699267',
      '0.000764getPairsParams: 0.000764',
      '3.7514getPairsParams: 3.7514',
      '',
    ]);
    const layout = await tab.page.evaluate(() => ({
      banner: document.querySelector('.banner')?.getBoundingClientRect().height ?? 0,
      height: document.documentElement.scrollHeight,
      width: document.documentElement.scrollWidth,
    }));
    assert.ok(layout.banner > 0, 'the deprecation banner shows');
    assert.ok(layout.width <= 980, `no horizontal scrolling (${layout.width}px)`);
    await assertClean(tab);
    if (process.env.EXCHANGE_TX_SCREENSHOTS) {
      fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
      await tab.page.setViewportSize({ width: 980, height: layout.height });
      await tab.page.screenshot({ path: SCREENSHOT });
      console.log(`      wrote ${path.relative(REPO_ROOT, SCREENSHOT)}`);
    }
  });
});
