/** The Pair Limits panel's line to its page: the HTML, the messages checked both ways, and what was sent kept. */
import * as vscode from 'vscode';
import { parseWebviewMessage } from '../../shared/pairLimitsProtocol';
import type { HostMessage, WebviewMessage } from '../../shared/pairLimitsProtocol';
import type { Logger } from '../common/log';
import { newNonce, pageHtml, WEBVIEW_FILES } from './pairLimitsHtml';
import { uiStrings } from './pairLimitsText';

const KEEP_MESSAGES = 200;

function bundleFolder(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
}

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    localResourceRoots: [bundleFolder(extensionUri)],
    enableFindWidget: true,
  };
}

export class PageChannel {
  readonly posted: HostMessage[] = [];
  /** What the page could not do (dropped messages, blocked resources). */

  readonly problems: string[] = [];
  lastRendered: { readonly rows: number; readonly failed: number } | undefined;
  dropped = 0;
  nonce = '';
  /** Whether the page said `ready` since it was last loaded: only then do posted messages reach it. */
  ready = false;
  private closed = false;

  constructor(
    private readonly webviewPanel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
    private readonly log: Logger,
    private readonly onPost?: (message: HostMessage) => void,
  ) {}

  render(): void {
    const webview = this.webviewPanel.webview;
    const uri = (file: string) =>
      webview.asWebviewUri(vscode.Uri.joinPath(bundleFolder(this.extensionUri), file)).toString();
    this.nonce = newNonce();
    this.ready = false;
    webview.html = pageHtml(
      {
        cspSource: webview.cspSource,
        script: uri(WEBVIEW_FILES.script),
        style: uri(WEBVIEW_FILES.style),
        codicons: uri(WEBVIEW_FILES.codicons),
      },
      { nonce: this.nonce, title: uiStrings().title, lang: vscode.env.language },
    );
  }

  read(data: unknown): WebviewMessage | undefined {
    const message = parseWebviewMessage(data);
    if (!message) {
      this.dropped++;
      this.log.warn('dropped a message from the page that is not part of the protocol');
    }
    return message;
  }

  noteProblem(text: string): void {
    this.problems.push(text);
    if (this.problems.length > KEEP_MESSAGES) this.problems.shift();
    this.log.warn(`the page reports: ${text}`);
  }

  /** Sends a message to the page (kept; posted only once the page is ready); nothing once closed. */
  post(message: HostMessage): void {
    if (this.closed) return;
    this.posted.push(message);
    if (this.posted.length > KEEP_MESSAGES) this.posted.shift();
    this.onPost?.(message);
    if (this.ready) void this.webviewPanel.webview.postMessage(message);
  }

  close(): void {
    this.closed = true;
  }
}
