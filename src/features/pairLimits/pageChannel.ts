/**
 * The Pair Limits panel's line to its page: the page's HTML (a fresh nonce each rendering), the
 * messages the page sends, checked against the protocol of `src/shared/pairLimitsProtocol` (any
 * other is counted, logged and dropped), and the messages posted to it, which reach it only once it
 * said `ready`. What the page sent and reported (problems, what it last drew) is kept for tests
 * and diagnostics. What the messages mean is the panel's (panel.ts).
 */
import * as vscode from 'vscode';
import { parseWebviewMessage } from '../../shared/pairLimitsProtocol';
import type { HostMessage, WebviewMessage } from '../../shared/pairLimitsProtocol';
import type { Logger } from '../common/log';
import { newNonce, pageHtml, WEBVIEW_FILES } from './pairLimitsHtml';
import { uiStrings } from './pairLimitsText';
import { bundleFolder } from './panelOptions';

/** Messages kept for tests and diagnostics. */
const KEEP_MESSAGES = 200;

export class PageChannel {
  private readonly sent: HostMessage[] = [];
  private readonly problems_: string[] = [];
  private lastRendered_: { rows: number; failed: number } | undefined;
  private dropped_ = 0;
  /** The latest nonce, to check that each rendering got a fresh one. */
  private nonce_ = '';
  private ready_ = false;
  private closed = false;

  constructor(
    private readonly webviewPanel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
    private readonly log: Logger,
    /** Told of every message posted to the page. */
    private readonly onPost?: (message: HostMessage) => void,
  ) {}

  /** The messages sent to the page, oldest first (the last 200). */
  get posted(): readonly HostMessage[] {
    return this.sent;
  }

  /** What the page reported it could not do (dropped messages, blocked resources). */
  get problems(): readonly string[] {
    return this.problems_;
  }

  /** What the page last said it shows. */
  get lastRendered(): { readonly rows: number; readonly failed: number } | undefined {
    return this.lastRendered_;
  }

  /** Messages from the page that were not part of the protocol. */
  get dropped(): number {
    return this.dropped_;
  }

  /** Whether the page said `ready` (since it was last loaded). */
  get ready(): boolean {
    return this.ready_;
  }

  get nonce(): string {
    return this.nonce_;
  }

  /** Sets the page's HTML with a fresh nonce; the page says `ready` once loaded. */
  render(): void {
    const webview = this.webviewPanel.webview;
    const folder = bundleFolder(this.extensionUri);
    const uri = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(folder, file)).toString();
    this.nonce_ = newNonce();
    this.ready_ = false;
    webview.html = pageHtml(
      {
        cspSource: webview.cspSource,
        script: uri(WEBVIEW_FILES.script),
        style: uri(WEBVIEW_FILES.style),
        codicons: uri(WEBVIEW_FILES.codicons),
      },
      { nonce: this.nonce_, title: uiStrings().title, lang: vscode.env.language },
    );
  }

  /** A message of the page, checked: undefined (counted and logged) when it is not part of the protocol. */
  read(data: unknown): WebviewMessage | undefined {
    const message = parseWebviewMessage(data);
    if (!message) {
      this.dropped_++;
      this.log.warn('dropped a message from the page that is not part of the protocol');
    }
    return message;
  }

  /** The page said `ready`: what is posted from now on reaches it. */
  markReady(): void {
    this.ready_ = true;
  }

  /** The page said what it drew. */
  noteRendered(rows: number, failed: number): void {
    this.lastRendered_ = { rows, failed };
  }

  /** The page reported something it could not do. */
  noteProblem(text: string): void {
    this.problems_.push(text);
    if (this.problems_.length > KEEP_MESSAGES) this.problems_.shift();
    this.log.warn(`the page reports: ${text}`);
  }

  /** Sends a message to the page (kept; posted only once the page is ready); nothing once closed. */
  post(message: HostMessage): void {
    if (this.closed) return;
    this.sent.push(message);
    if (this.sent.length > KEEP_MESSAGES) this.sent.shift();
    this.onPost?.(message);
    if (this.ready_) void this.webviewPanel.webview.postMessage(message);
  }

  /** The panel is gone: nothing more is posted. */
  close(): void {
    this.closed = true;
  }
}
