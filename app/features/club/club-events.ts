/**
 * How the page talks to the club widget without loading it: a click on a club price or a club
 * banner sends 'club-card-getting:open'; the widget, loaded on that first click, answers it.
 * Becoming a member sends 'club-service-discount:updated-user-data' so the page's club switch
 * and banners follow. Tiny on purpose: every price list imports it.
 */
export const CLUB_OPEN_EVENT = 'club-card-getting:open';
export const CLUB_UPDATED_EVENT = 'club-service-discount:updated-user-data';

export interface ClubOpenDetail {
  /** Opened from a club banner: other buttons on the first and last steps. */
  viaBanner?: boolean;
  /** The clinic's service discount, when the page knows it ('-15% на услуги…'). */
  discountPercent?: number | null;
  /** The appointment being booked, to come back to after paying (the slot is dropped). */
  appointment?: Record<string, string> | null;
  /**
   * What 'Продолжить' carries on to after joining: the booking of the price that was clicked
   * (a price list's line opens its calendar), instead of only closing the widget.
   */
  continueTo?: () => void;
}

export interface ClubUpdatedDetail {
  isInClub: boolean;
  cardDateEnd: string | null;
}

const listeners = new Set<(detail: ClubOpenDetail) => void>();
let pending: ClubOpenDetail | null = null;

/** Opens the widget: the host loads it on the first call and replays the request. */
export function openClubWidget(detail: ClubOpenDetail = {}) {
  if (listeners.size === 0) pending = detail;
  window.dispatchEvent(new CustomEvent<ClubOpenDetail>(CLUB_OPEN_EVENT, { detail }));
}

/** The widget's subscription; a request sent before it loaded is handed over once. */
export function onClubOpen(listener: (detail: ClubOpenDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ClubOpenDetail>).detail ?? {});
  window.addEventListener(CLUB_OPEN_EVENT, handler);
  listeners.add(listener);
  if (pending) {
    const detail = pending;
    pending = null;
    listener(detail);
  }
  return () => {
    window.removeEventListener(CLUB_OPEN_EVENT, handler);
    listeners.delete(listener);
  };
}

export function announceClubUpdate(detail: ClubUpdatedDetail) {
  window.dispatchEvent(new CustomEvent<ClubUpdatedDetail>(CLUB_UPDATED_EVENT, { detail }));
}

export function onClubUpdate(listener: (detail: ClubUpdatedDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ClubUpdatedDetail>).detail);
  window.addEventListener(CLUB_UPDATED_EVENT, handler);
  return () => window.removeEventListener(CLUB_UPDATED_EVENT, handler);
}
