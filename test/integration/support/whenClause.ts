/**
 * Evaluates the `when` clauses of this extension's manifest against a context, the way the
 * workbench does for the forms the manifest uses: terms joined by `&&`, each `key`, `!key`,
 * `true`, `false`, `key == value`, `key != value` or `key =~ /regex/flags`. Any other form
 * throws, so a clause this cannot read fails the test instead of passing it.
 */
export type WhenContext = Readonly<Record<string, unknown>>;

function term(text: string, context: WhenContext): boolean {
  const regex = /^([\w.]+)\s*=~\s*\/(.*)\/([a-z]*)$/.exec(text);
  if (regex) {
    const [, key = '', source = '', flags = ''] = regex;
    const value = context[key];
    return typeof value === 'string' && new RegExp(source, flags).test(value);
  }
  const comparison = /^([\w.]+)\s*(==|!=)\s*([\w.-]+)$/.exec(text);
  if (comparison) {
    const [, key = '', operator, expected] = comparison;
    const value = context[key];
    const equal =
      (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') &&
      String(value) === expected;
    return operator === '==' ? equal : !equal;
  }
  if (text === 'true' || text === 'false') return text === 'true';
  const key = /^(!?)([\w.]+)$/.exec(text);
  if (key) {
    const truthy = Boolean(context[key[2] ?? '']);
    return key[1] === '!' ? !truthy : truthy;
  }
  throw new Error(`a when clause term this test cannot read: ${text}`);
}

export function evaluateWhen(clause: string, context: WhenContext): boolean {
  if (clause.includes('||') || clause.includes('(')) throw new Error(`a when clause this test cannot read: ${clause}`);
  return clause.split('&&').every((part) => term(part.trim(), context));
}
