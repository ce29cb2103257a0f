/** The pair-limits webview's script (bundled into `dist/webview/`): checks each message, draws it, says `ready`. */
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-icon/index.js';
import '@vscode-elements/elements/dist/vscode-label/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-toolbar-button/index.js';
import { parseHostMessage } from '../shared/pairLimitsProtocol';
import type { WebviewMessage } from '../shared/pairLimitsProtocol';
import type { HostChannel } from './pairLimitsPage';
import { PairLimitsPage } from './pairLimitsPage';

declare function acquireVsCodeApi(): HostChannel;

/** Problems reported to the extension, at most this many (a flood would only fill the log). */
const MAX_PROBLEMS = 10;

function start(): void {
  const host = acquireVsCodeApi();
  let problems = 0;
  const report = (text: string): void => {
    if (problems++ < MAX_PROBLEMS)
      host.postMessage({ type: 'problem', text: text.slice(0, 500) } satisfies WebviewMessage);
  };
  const root = document.getElementById('app');
  if (!root) {
    report('the page has no #app element');
    return;
  }
  const page = new PairLimitsPage(root, host);
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const message = parseHostMessage(event.data);
    if (message) page.receive(message);
    else report('dropped a message that is not part of the pair-limits protocol');
  });
  document.addEventListener('securitypolicyviolation', (event) => {
    report(`blocked by the content security policy: ${event.effectiveDirective} ${event.blockedURI}`);
  });
  host.postMessage({ type: 'ready' });
}

start();
