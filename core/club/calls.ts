import { defineCall } from '../http/call';
import type {
  CardRequestBody,
  CardRequestCreated,
  CardRequestParams,
  CardRequestStatusReply,
  ClubJoined,
  ClubUserData,
} from './contracts';

/** The signed-in patient's club state; an anonymous visitor gets is_in_club false and no card. */
export const clubUserData = defineCall<{ reply: ClubUserData }>()('GET', '/club/ajax/user_data/');

/**
 * Joins the club with the free first card: 201 with the card; 200 with the same card when it was
 * already issued (twice at once gives one card); 409 when the next card is paid; 403 for work
 * accounts ('Недоступно для рабочих аккаунтов').
 */
export const clubJoin = defineCall<{ reply: ClubJoined }>()('POST', '/club/ajax/card/');

/** Starts paying for a card at the provider: 201 with the checkout URL. */
export const clubCardRequest = defineCall<{ body: CardRequestBody; reply: CardRequestCreated }>()(
  'POST',
  '/club/ajax/card/request/',
);

/** Where a card payment stands (the return page polls it every 5 s beside the websocket). */
export const clubCardRequestStatus = defineCall<{
  params: CardRequestParams;
  reply: CardRequestStatusReply;
}>()('GET', '/club/ajax/card/request/:id/status/');

/** The websocket the return page listens on for its card request's status (CardRequestStatusReply). */
export const CLUB_CARD_REQUEST_SOCKET = '/ws/club_card_request?subscribe-user';
