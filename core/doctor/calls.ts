import { defineCall } from '../http/call';

/**
 * The doctor page's 'Деятельность' block, loaded as it nears the viewport: an HTML fragment
 * with the first items of each section and their 'Показать ещё' buttons.
 */
export const doctorActivities = defineCall<{ params: { id: number }; reply: string }>()(
  'GET',
  '/ajax/doctor/:id/activities/',
);

/** A further page of one section: its items, then a placeholder holding the count still left. */
export const doctorActivityPage = defineCall<{
  params: { id: number; section: string };
  query: { page?: number };
  reply: string;
}>()('GET', '/ajax/doctor/:id/activities/:section/');
