import { defineCall } from '../http/call';
import type { SearchResults, SuggestQuery } from './contracts';

/** The header combobox's suggestions: specialities, doctors, clinics, services, treatments. */
export const searchSuggest = defineCall<{ query: SuggestQuery; reply: SearchResults }>()(
  'GET',
  '/ajax/search/',
);
