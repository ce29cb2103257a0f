// Which host runs the suite: VSCODE_TEST_HOST if set; otherwise the desktop (electron) host
// where VS Code can be had — given, cached, or downloadable — and else the offline server host.
import * as fs from 'fs';
import * as https from 'https';
import type { RunnerConfig, TestHost } from './config';
import { ElectronHost, hasDisplay } from './electronHost';
import { ServerHost } from './serverHost';

export interface HostChoice {
  readonly host: TestHost;
  readonly reason: string;
  /** Where an automatic choice of the electron host goes if VS Code cannot be downloaded after all. */
  readonly fallback?: TestHost;
}

const DOWNLOAD_HOST = 'update.code.visualstudio.com';

/** A desktop VS Code of this version already downloaded into the cache folder. */
function cachedVSCode(config: RunnerConfig): boolean {
  try {
    return fs
      .readdirSync(config.cacheDir)
      .some(
        (name) =>
          name.startsWith('vscode-') &&
          (config.vscodeVersion === 'stable' || name.endsWith(`-${config.vscodeVersion}`)) &&
          fs.existsSync(`${config.cacheDir}/${name}/is-complete`),
      );
  } catch {
    return false;
  }
}

/** Whether VS Code's download server answers within `ms` (any HTTP answer counts). */
export function downloadServerReachable(ms = 3_000): Promise<boolean> {
  return new Promise((resolve) => {
    const request = https.request(
      { host: DOWNLOAD_HOST, path: '/api/releases/stable', method: 'HEAD', timeout: ms },
      (response) => {
        response.resume();
        resolve(true);
      },
    );
    request.on('timeout', () => {
      request.destroy();
      resolve(false);
    });
    request.on('error', () => resolve(false));
    request.end();
  });
}

export async function pickHost(config: RunnerConfig): Promise<HostChoice> {
  if (config.host === 'electron') return { host: new ElectronHost(config), reason: 'VSCODE_TEST_HOST=electron' };
  if (config.host === 'server') return { host: new ServerHost(config), reason: 'VSCODE_TEST_HOST=server' };
  if (config.vscodeExecutablePath) return { host: new ElectronHost(config), reason: 'VSCODE_EXECUTABLE_PATH is set' };
  if (!hasDisplay()) return { host: new ServerHost(config), reason: 'no display for desktop VS Code' };
  if (cachedVSCode(config))
    return { host: new ElectronHost(config), reason: `VS Code ${config.vscodeVersion} is in the cache` };
  if (await downloadServerReachable()) {
    return {
      host: new ElectronHost(config),
      reason: `${DOWNLOAD_HOST} is reachable`,
      fallback: new ServerHost(config),
    };
  }
  return { host: new ServerHost(config), reason: `${DOWNLOAD_HOST} is not reachable` };
}
