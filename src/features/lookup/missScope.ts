/** Whether `answerMissesIn` names a document: by language ID, or a `*` file-name pattern. */
export function namesDocument(entries: readonly string[], languageId: string, path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  return entries.some((entry) =>
    entry.startsWith('*') ? name.endsWith(entry.slice(1).toLowerCase()) : entry === languageId,
  );
}
