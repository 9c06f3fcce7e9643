/**
 * The shape of result.json, as a number every file carries (`schemaVersion`, first key). Raised when a field that
 * readers rely on is added, renamed or changes meaning; readSavedRun upgrades an older file to this one when it reads
 * it.
 *
 * 0 (no schemaVersion): files from before it, some older still: without `kind` (bench runs only), results without
 *   `variant` (the article's two paths, named like their transport) or `shape` (all the article's row).
 * 1: every run has `kind`, every bench result a `variant` and a `shape`.
 */
export const RESULT_SCHEMA_VERSION = 1;
