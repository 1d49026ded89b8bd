/** The shapes of the ids Lodestone hands out, checked before an id reaches a query. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FORM_ID = /^[A-Za-z0-9]{12}$/;

/** True for a UUID as PostgreSQL prints them (lead, file and payment ids), in either case. */
export const isUuid = (value: string) => UUID.test(value);

/** True for a page id: 12 letters and digits. */
export const isFormId = (value: string) => FORM_ID.test(value);
