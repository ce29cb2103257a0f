/**
 * The user's private key, kept only in SecretStorage. It is read and parsed in memory to sign;
 * the derived (public) API key is the only thing ever shown. Other windows' changes are followed
 * through `secrets.onDidChange`.
 */
import * as vscode from 'vscode';
import { loadCredentials } from '../../api';
import type { Credentials } from '../../api';

const PRIVATE_KEY = 'exchangeTx.privateKey';

export class CredentialStore implements vscode.Disposable {
  private cached: Promise<Credentials | undefined> | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscription: vscode.Disposable;

  /** Fires when the saved keys change, in this window or another. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((e) => {
      if (e.key !== PRIVATE_KEY) return;
      this.cached = undefined;
      this.changed.fire();
    });
  }

  /** The saved credentials, or undefined when none are saved (or the saved text is unusable). */
  get(): Promise<Credentials | undefined> {
    this.cached ??= this.read();
    return this.cached;
  }

  async has(): Promise<boolean> {
    return (await this.get()) !== undefined;
  }

  /**
   * Checks the key (and the API key when given) and saves the private key. Throws the key error
   * and saves nothing when the input is not accepted.
   */
  async save(privateKeyText: string, apiKey?: string): Promise<Credentials> {
    const credentials = loadCredentials(privateKeyText, apiKey);
    await this.secrets.store(PRIVATE_KEY, privateKeyText.trim());
    this.cached = Promise.resolve(credentials);
    this.changed.fire();
    return credentials;
  }

  async clear(): Promise<void> {
    await this.secrets.delete(PRIVATE_KEY);
    this.cached = Promise.resolve(undefined);
    this.changed.fire();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  private async read(): Promise<Credentials | undefined> {
    const text = await this.secrets.get(PRIVATE_KEY);
    if (!text) return undefined;
    try {
      return loadCredentials(text);
    } catch {
      return undefined;
    }
  }
}
