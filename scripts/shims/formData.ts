/**
 * Stands in for the `form-data` package in the bundles (see esbuild.js). axios pulls it in for
 * multipart uploads, with `mime-types` and its 200 KB database; the client only ever sends JSON,
 * and where axios needs a FormData class, Node's own (global since Node 18) serves.
 */
export = globalThis.FormData;
