/** Cookie that remembers the visitor's town; `/` redirects there. */
export const TOWN_COOKIE = 'town';
/** Town search: suggestions start at 3 characters, at most 5 of them. */
export const TOWN_SEARCH_MIN = 3;
export const TOWN_SUGGESTIONS = 5;
