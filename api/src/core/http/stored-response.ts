/**
 * A route's serializer for answers sent as they were stored, without checking them against the
 * response schema again (the schema still documents them). For data that was validated against the
 * same schema when it was written and is read back unchanged: re-checking a 300-question form's
 * template took the server's only thread ~20 ms on the first request of every fill page, and the
 * page's scripts waited behind it.
 */
export const sendAsStored = () => (data: unknown) => JSON.stringify(data);
