/** The cell and line writers live in `@iot/shared`: the server writes the asset CSV with the same defusing. */
export { csvCell, csvLine } from '@iot/shared';

/**
 * A time as spreadsheets read a date and time (`2026-11-25 21:40:07`), in UTC (the heading says so): the ISO form's
 * `T` and `Z` leave it text in them.
 */
export const spreadsheetDate = (iso: string | null) => (iso ? iso.slice(0, 19).replace('T', ' ') : null);
