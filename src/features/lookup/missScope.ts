/**
 * Where a hover also answers for an id it did not find: the entries of
 * `exchangeTx.hover.answerMissesIn` are language IDs (`log`) or file name patterns starting with
 * `*` (`*.exchange.json`, matched against the file's name, any case). Pure: no `vscode` import.
 */
export function namesDocument(entries: readonly string[], languageId: string, path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  return entries.some((entry) =>
    entry.startsWith('*') ? name.endsWith(entry.slice(1).toLowerCase()) : entry === languageId,
  );
}
