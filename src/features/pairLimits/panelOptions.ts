/** The options of the Pair Limits panel's webview: scripts on, command links off, loading only from the bundle. */
import * as vscode from 'vscode';

/** The folder the page may load from: the webview bundle, nothing else. */
export function bundleFolder(extensionUri: vscode.Uri): vscode.Uri {
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
