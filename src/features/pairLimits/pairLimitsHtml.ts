/** The page's HTML, pure for the tests: an empty `#app` the bundle fills; only the nonce and fonts allowed. */

import { randomBytes } from 'crypto';

export const WEBVIEW_FILES = {
  script: 'pairLimits.js',
  style: 'pairLimits.css',
  codicons: 'codicon.css',
} as const;

export interface PageResources {
  readonly cspSource: string;
  readonly script: string;
  readonly style: string;
  readonly codicons: string;
}

export interface PageOptions {
  readonly nonce: string;
  readonly title: string;
  readonly lang: string;
}

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Text for an HTML attribute or element: the five special characters escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    `default-src 'none'`,
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
    `base-uri 'none'`,
    `form-action 'none'`,
  ].join('; ');
}

export function pageHtml(resources: PageResources, options: PageOptions): string {
  if (!/^[A-Za-z0-9+/]{16,}={0,2}$/.test(options.nonce)) throw new Error('a nonce is base64 of at least 96 bits');
  const nonce = escapeHtml(options.nonce);
  const csp = escapeHtml(contentSecurityPolicy(resources.cspSource, options.nonce));
  const lang = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(options.lang) ? options.lang : 'en';
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" nonce="${nonce}" href="${escapeHtml(resources.codicons)}" id="vscode-codicon-stylesheet">
<link rel="stylesheet" nonce="${nonce}" href="${escapeHtml(resources.style)}">
<title>${escapeHtml(options.title)}</title>
</head>
<body>
<main id="app" aria-busy="true"></main>
<script nonce="${nonce}" src="${escapeHtml(resources.script)}"></script>
</body>
</html>
`;
}
