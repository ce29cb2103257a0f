/**
 * Methods the sandbox answers with JSON-RPC -32601 `Method not found`, as the live service does
 * for a method it has retired (`getPairsParams` is deprecated and will go): a developer sees how
 * their code, and the extension, carry on without it. Changeable while the sandbox runs.
 */
import { isMethod } from './operations';
import type { MethodName } from './operations';

export class DisabledMethods {
  private readonly names = new Set<MethodName>();

  constructor(methods: readonly string[] = []) {
    this.set(methods);
  }

  /** The disabled methods, in the order they were given. */
  get list(): readonly MethodName[] {
    return [...this.names];
  }

  has(method: string): boolean {
    return (this.names as ReadonlySet<string>).has(method);
  }

  /** Replaces the set; a name the sandbox does not serve is refused (a typo would disable nothing). */
  set(methods: readonly string[]): void {
    const unknown = methods.filter((m) => !isMethod(m));
    if (unknown.length > 0) throw new Error(`not a method of the sandbox: ${unknown.join(', ')}`);
    this.names.clear();
    for (const m of methods) if (isMethod(m)) this.names.add(m);
  }
}
