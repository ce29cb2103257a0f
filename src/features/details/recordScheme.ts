/** The URI scheme of the details documents (`exchange-tx-record:/exchange-tx-records/<id>`). */
export const RECORD_SCHEME = 'exchange-tx-record';

/** The details language: JSONC's grammar without the JSON language service (~100 ms at first open). */
export const RECORD_LANGUAGE = 'exchange-tx-record';

/** The language's name, as VS Code's status bar and language picker show it. */
export const RECORD_LANGUAGE_NAME = 'Exchange Tx Record';

/** Its grammar's scope: JSON with Comments' grammar (`source.json.comments`, VS Code's JSON extension) included whole. */
export const RECORD_GRAMMAR_SCOPE = `source.${RECORD_LANGUAGE}`;

/** The folder that names a details document's language (package.json's `filenamePatterns`). */
export const RECORD_FOLDER = 'exchange-tx-records';
