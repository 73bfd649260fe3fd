// Places per package for the season (docs/PLACES.md), shared by the API, the
// home page, the wizard and the console.

/** The most places an admin can set for one package: a number far above any season, to catch a slip of the keyboard. */
export const MAX_PLACES = 100_000;

/** Places left per package of a service, as GET /request-types answers: null when unlimited. */
export type PlacesLeft = Record<string, number | null>;
