/** How each kind of "Copy as…" snippet runs on this machine, or why it cannot. */
import type { SnippetKind } from '../../../src/features/requests/snippets';
import { curlUnavailable, findPython } from './processes';

export interface Runner {
  readonly command: string;
  readonly file: string;
}

/** How each kind runs here, or why it cannot (worked out once). */
export function runnerFor(kind: SnippetKind): Runner | { readonly reason: string } {
  switch (kind) {
    case 'curl': {
      const reason = curlUnavailable();
      return reason ? { reason } : { command: 'bash', file: 'request.sh' };
    }
    case 'node':
      return { command: process.execPath, file: 'request.js' };
    case 'python': {
      const python = findPython(true);
      return 'reason' in python ? python : { command: python.executable, file: 'request.py' };
    }
  }
}
