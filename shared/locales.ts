// The shape of the UI strings of locales/ as the server loads them and the browser receives them.

/** One language's UI strings, by namespace (locales/<language>/<namespace>.json). */
export type Resources = Record<string, Record<string, unknown>>;
