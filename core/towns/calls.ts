import { defineCall } from '../http/call';
import type { TownChosen, TownOption } from './contracts';

/** Every town, for the chooser's list. */
export const townList = defineCall<{ reply: TownOption[] }>()('GET', '/api/towns/');
/** The town list as an HTML fragment of links (works without scripts; the popup parses it). */
export const townListHtml = defineCall<{ reply: string }>()('GET', '/ajax/towns/list/');
export const townSearch = defineCall<{ query: { q?: string }; reply: TownOption[] }>()(
  'GET',
  '/ajax/towns/search/',
);
/** Remembers the town (cookie) and answers the URL to go to. */
export const townChoose = defineCall<{ params: { slug: string }; reply: TownChosen }>()(
  'POST',
  '/ajax/towns/:slug/choose/',
);
