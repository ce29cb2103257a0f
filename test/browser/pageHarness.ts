/**
 * The pair-limits page in a real browser, as a webview shows it: the bundle in dist/webview/ served
 * over HTTP on 127.0.0.1, a page made by the extension's own pageHtml() (so its content security
 * policy and nonce are what is tested), and headless chromium (found and started as the
 * integration runner does) driven by playwright-core.
 *
 * The webview host's part is played without weakening the policy: an init script (which runs
 * before the page's scripts and is not subject to the page's policy) provides acquireVsCodeApi(),
 * whose postMessage keeps what the page sends, records every policy violation, and puts the theme
 * on the document; messages from the extension arrive as `message` events from window.postMessage.
 */
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import type { AddressInfo } from 'net';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { newNonce, pageHtml, WEBVIEW_FILES } from '../../src/features/pairLimits/pairLimitsHtml';
import type { HostMessage, WebviewMessage } from '../../src/shared/pairLimitsProtocol';
import { CHROMIUM_ARGS } from '../runner/serverHost';
import { findChromium } from '../../scripts/prerequisites';
import { REPO_ROOT } from './english';
import type { Theme } from './themes';
import { applyThemeInPage } from './themes';

const BUNDLE_DIR = path.join(REPO_ROOT, 'dist', 'webview');
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ttf': 'font/ttf',
};
/** What the server hands out: the page's files and the font its codicons load, nothing else. */
const SERVED = new Set([WEBVIEW_FILES.script, WEBVIEW_FILES.style, WEBVIEW_FILES.codicons, 'codicon.ttf']);

/** What the init script keeps in the page, read back by the test. */
interface HostRecord {
  readonly posted: WebviewMessage[];
  readonly violations: string[];
}

declare global {
  interface Window {
    __host: HostRecord;
    /** Called by the test's hostile payloads, should any of them ever run. */
    __pwned?: (where: string) => void;
  }
}

/** Serves the harness page and dist/webview/ on 127.0.0.1; logs every request. */
class BundleServer {
  readonly requests: string[] = [];
  private server: http.Server | undefined;
  origin = '';

  async start(): Promise<void> {
    for (const file of SERVED) {
      if (!fs.existsSync(path.join(BUNDLE_DIR, file)))
        throw new Error(`${file} is not in dist/webview/: build first (node esbuild.js)`);
    }
    this.server = http.createServer((req, res) => this.answer(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server?.once('error', reject);
      this.server?.listen(0, '127.0.0.1', () => resolve());
    });
    const address = this.server.address() as AddressInfo;
    this.origin = `http://127.0.0.1:${address.port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server) return resolve();
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    const pathname = new URL(req.url ?? '/', this.origin).pathname;
    this.requests.push(pathname);
    if (pathname === '/') {
      const html = pageHtml(
        {
          cspSource: this.origin,
          script: `${this.origin}/${WEBVIEW_FILES.script}`,
          style: `${this.origin}/${WEBVIEW_FILES.style}`,
          codicons: `${this.origin}/${WEBVIEW_FILES.codicons}`,
        },
        { nonce: newNonce(), title: 'Pair Limits', lang: 'en' },
      );
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html);
      return;
    }
    const name = pathname.slice(1);
    if (!SERVED.has(name)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not Found');
      return;
    }
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    res.end(fs.readFileSync(path.join(BUNDLE_DIR, name)));
  }
}

/** The webview host's side, in the page before any of its scripts (self-contained). */
function hostInPage(args: { state: unknown }): void {
  const record: HostRecord = { posted: [], violations: [] };
  Object.defineProperty(window, '__host', { value: record });
  let saved = args.state;
  let acquired = false;
  const api = Object.freeze({
    postMessage: (message: unknown): void => {
      record.posted.push(structuredClone(message) as WebviewMessage);
    },
    getState: (): unknown => saved,
    setState: <T>(state: T): T => {
      saved = structuredClone(state);
      return state;
    },
  });
  Object.defineProperty(window, 'acquireVsCodeApi', {
    value: () => {
      if (acquired) throw new Error('An instance of the VS Code API has already been acquired');
      acquired = true;
      return api;
    },
  });
  document.addEventListener('securitypolicyviolation', (event) => {
    record.violations.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`.trim());
  });
}

export interface OpenOptions {
  readonly theme: Theme;
  /** What getState() returns at first (the page's saved draft). */
  readonly savedState?: unknown;
  readonly viewport?: { readonly width: number; readonly height: number };
}

/** One page, freshly loaded, with everything it did that a test may look at. */
export class PairLimitsTab {
  /** Calls of the hostile payloads' window.__pwned, should any script of the data run. */
  readonly pwned: string[] = [];
  /** alert/confirm/prompt dialogs (the sandbox's payloads call alert). */
  readonly dialogs: string[] = [];
  readonly consoleErrors: string[] = [];
  readonly pageErrors: string[] = [];

  constructor(readonly page: Page) {
    page.on('dialog', (dialog) => {
      this.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      dialog.dismiss().catch(() => undefined);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        this.consoleErrors.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
  }

  /** Everything the page posted to the extension so far, in order. */
  posted(): Promise<WebviewMessage[]> {
    return this.page.evaluate(() => window.__host.posted);
  }

  /** The content security policy's violations so far. */
  violations(): Promise<string[]> {
    return this.page.evaluate(() => window.__host.violations);
  }

  /** A message from the extension (or anything else), as the webview host delivers it. */
  async send(message: unknown): Promise<void> {
    await this.page.evaluate((data) => window.postMessage(data, '*'), message);
  }

  /** Waits until the page has posted `count` messages of `type`; returns the last of them. */
  async waitForPosted<T extends WebviewMessage['type']>(
    type: T,
    count = 1,
  ): Promise<Extract<WebviewMessage, { type: T }>> {
    await this.page.waitForFunction(
      ([t, n]) => window.__host.posted.filter((m) => m.type === t).length >= n,
      [type, count] as const,
      { timeout: 10_000 },
    );
    const matching = (await this.posted()).filter((m): m is Extract<WebviewMessage, { type: T }> => m.type === type);
    const last = matching.at(-1);
    if (!last) throw new Error(`no ${type} message`);
    return last;
  }

  /** `init`, then `state`, then waits for the page to say it rendered it. */
  async show(init: HostMessage, state: HostMessage): Promise<Extract<WebviewMessage, { type: 'rendered' }>> {
    const before = (await this.posted()).filter((m) => m.type === 'rendered').length;
    await this.send(init);
    await this.send(state);
    return this.waitForPosted('rendered', before + 1);
  }

  /** Puts another theme on the document, as the host does when the user switches themes. */
  async setTheme(theme: Theme): Promise<void> {
    await this.page.evaluate(applyThemeInPage, theme);
  }

  /**
   * Lets whatever the page started settle: no request for half a second (an image of the data
   * would have loaded or failed by then), fonts loaded, two frames drawn.
   */
  async settle(): Promise<void> {
    await this.page.waitForLoadState('networkidle');
    await this.page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
  }
}

/** The file server and the browser, started once per suite; each test opens a fresh page. */
export class BrowserHarness {
  private constructor(
    private readonly server: BundleServer,
    private readonly browser: Browser,
    private readonly tmp: string,
    /** How chromium was found, for the log. */
    readonly chromiumPath: string,
  ) {}

  static async start(): Promise<BrowserHarness> {
    const chromiumPath = findChromium();
    if (!chromiumPath)
      throw new Error(
        'no chromium found: `node out/scripts/prerequisites.js` installs it (or set CHROMIUM_PATH to a chromium or chrome binary)',
      );
    const server = new BundleServer();
    await server.start();
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-tx-browser-'));
    try {
      const browser = await chromium.launch({
        executablePath: chromiumPath,
        headless: true,
        args: CHROMIUM_ARGS,
        env: { ...process.env, TMPDIR: tmp, XDG_CONFIG_HOME: tmp, XDG_CACHE_HOME: tmp },
        timeout: 60_000,
      });
      return new BrowserHarness(server, browser, tmp, chromiumPath);
    } catch (error) {
      await server.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
      throw error;
    }
  }

  /** Every path asked of the file server so far. */
  get requests(): readonly string[] {
    return this.server.requests;
  }

  get origin(): string {
    return this.server.origin;
  }

  /** A fresh page (its own context: no state shared with other tests) showing the harness page. */
  async open(options: OpenOptions): Promise<PairLimitsTab> {
    const context = await this.browser.newContext({
      viewport: options.viewport ?? { width: 1100, height: 700 },
      colorScheme: options.theme.kind === 'vscode-light' ? 'light' : 'dark',
    });
    const page = await context.newPage();
    const tab = new PairLimitsTab(page);
    await page.exposeFunction('__pwned', (where: unknown) => tab.pwned.push(String(where)));
    await page.addInitScript(hostInPage, { state: options.savedState });
    await page.addInitScript(applyThemeInPage, options.theme);
    await page.goto(`${this.server.origin}/`);
    await tab.waitForPosted('ready');
    return tab;
  }

  async close(tab: PairLimitsTab): Promise<void> {
    await tab.page.context().close();
  }

  async stop(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    await this.server.stop();
    fs.rmSync(this.tmp, { recursive: true, force: true });
  }
}
