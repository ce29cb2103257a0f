/** The URI scheme of the details documents (`exchange-tx-record:/exchange-tx-records/<id>`). */
export const RECORD_SCHEME = 'exchange-tx-record';

/**
 * The details documents' language (package.json: `contributes.languages`, found by the path's
 * folder): JSON with Comments' grammar, without the JSON language service. Opening the window's
 * first `jsonc` document made VS Code start that service and colour the document with it, about
 * 100 ms of the first details shown, for features a read-only record does not use (validation,
 * completion, formatting).
 */
export const RECORD_LANGUAGE = 'exchange-tx-record';

/** The folder of the path that names a details document's language (package.json's `filenamePatterns`). */
export const RECORD_FOLDER = 'exchange-tx-records';
