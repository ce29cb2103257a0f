/** The URI scheme of the details documents (`exchange-tx-record:/<id>.json`). */
export const RECORD_SCHEME = 'exchange-tx-record';
