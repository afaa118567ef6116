/**
 * The club card widget's state machine (docs/product/club.md, 'Paying for a card'). Pure: the
 * reducer decides the step and what to do next (`task`), the component runs the task's call and
 * feeds the outcome back. Steps, in the product's numbering: confirmation 0, preloaderText 1,
 * clubEnter 2, emailEnter 3, preloaderOnly 4, paymentMade 5, error 6.
 */
import type { ButtonState, CardRequestStatusReply, ClubCard, ClubUserData } from './contracts';

export const CLUB_STEPS = [
  'confirmation',
  'preloaderText',
  'clubEnter',
  'emailEnter',
  'preloaderOnly',
  'paymentMade',
  'error',
] as const;
export type ClubStep = (typeof CLUB_STEPS)[number];

export type ClubErrorAction = 'close' | 'retry' | 'reload';

/** What the error step shows: the server's words for a refusal with button_state, else ours. */
export interface ClubErrorData {
  title: string;
  message: string;
  buttonState: ButtonState;
}

/** The patient's club state as the widget keeps it (the user data in the product's names). */
export interface ClubData {
  isInClub: boolean;
  cardNextPrice: number | null;
  cardDateStart: string | null;
  cardDateEnd: string | null;
  cardMtLink: string | null;
  email: string | null;
}

/** The call the component is to make next; null while waiting for the patient. */
export type ClubTask =
  | { kind: 'loadClub' }
  | { kind: 'join' }
  | { kind: 'pay'; email: string }
  | { kind: 'watch'; cardRequestId: number }
  | { kind: 'reload' }
  | null;

export interface ClubWidgetState {
  open: boolean;
  step: ClubStep;
  /** Opened from a club banner: other buttons on confirmation and paymentMade. */
  viaBanner: boolean;
  club: ClubData | null;
  showConfetti: boolean;
  error: ClubErrorData | null;
  task: ClubTask;
}

/** Who opens the widget: work accounts are refused, anonymous visitors confirm a phone first. */
export type ClubVisitor = 'work' | 'anonymous' | 'patient';

export type ClubWidgetAction =
  | { type: 'open'; visitor: ClubVisitor; viaBanner: boolean }
  | { type: 'phoneConfirmed'; viaBanner: boolean }
  | { type: 'clubLoaded'; data: ClubUserData }
  | { type: 'clubEnterSubmitted' }
  | { type: 'emailSubmitted'; email: string }
  | { type: 'joined'; card: ClubCard }
  | { type: 'returned'; cardRequestId: number; viaBanner: boolean }
  | { type: 'statusReceived'; reply: CardRequestStatusReply }
  | { type: 'failed'; error?: ClubErrorData }
  | { type: 'errorAction'; action: string }
  | { type: 'close' };

export const DEFAULT_ERROR: ClubErrorData = {
  title: 'Что-то пошло не так',
  message: 'Ошибка. Попробуйте перезагрузить страницу.',
  buttonState: {
    submit: { text: 'Перезагрузить', action: 'reload' },
    cancel: { text: 'Закрыть', action: 'close' },
  },
};

export const STAFF_ERROR: ClubErrorData = {
  title: 'Недоступно для рабочих аккаунтов',
  message: 'Чтобы пользоваться клубом, войдите как пациент',
  buttonState: { submit: { text: 'Понятно', action: 'close' }, cancel: null },
};

export const CANCEL_PAYMENT_ERROR: ClubErrorData = {
  title: 'Платёж не прошёл',
  message: 'Деньги с вашей карты не списаны. Попробуйте оплатить ещё раз.',
  buttonState: {
    submit: { text: 'Повторить', action: 'retry' },
    cancel: { text: 'Отменить', action: 'close' },
  },
};

export const CLOSED: ClubWidgetState = {
  open: false,
  step: 'preloaderOnly',
  viaBanner: false,
  club: null,
  showConfetti: false,
  error: null,
  task: null,
};

export function clubDataOf(data: ClubUserData): ClubData {
  return {
    isInClub: data.is_in_club,
    cardNextPrice: data.next_club_card_price,
    cardDateStart: data.club_card?.dt_start ?? null,
    cardDateEnd: data.club_card?.dt_end ?? null,
    cardMtLink: data.club_card?.mt_link ?? null,
    email: data.email,
  };
}

/** In the club with a card → the card; otherwise the offer. */
function stepFor(club: ClubData): ClubStep {
  return club.isInClub ? 'paymentMade' : 'clubEnter';
}

function withCard(
  club: ClubData | null,
  card: { dt_start: string; dt_end: string; mt_link: string },
): ClubData {
  return {
    isInClub: true,
    cardNextPrice: club?.cardNextPrice ?? null,
    email: club?.email ?? null,
    cardDateStart: card.dt_start,
    cardDateEnd: card.dt_end,
    cardMtLink: card.mt_link,
  };
}

const showError = (state: ClubWidgetState, error: ClubErrorData = DEFAULT_ERROR): ClubWidgetState => ({
  ...state,
  open: true,
  step: 'error',
  error,
  task: null,
});

export function clubWidgetReducer(state: ClubWidgetState, action: ClubWidgetAction): ClubWidgetState {
  switch (action.type) {
    case 'open': {
      const opened = { ...CLOSED, club: state.club, open: true, viaBanner: action.viaBanner };
      if (action.visitor === 'work') return showError(opened, STAFF_ERROR);
      if (action.visitor === 'anonymous') return { ...opened, step: 'confirmation' };
      if (state.club) return { ...opened, step: stepFor(state.club) };
      return { ...opened, step: 'preloaderText', task: { kind: 'loadClub' } };
    }
    case 'phoneConfirmed':
      return {
        ...CLOSED,
        open: true,
        viaBanner: action.viaBanner,
        step: 'preloaderText',
        task: { kind: 'loadClub' },
      };
    case 'clubLoaded': {
      const club = clubDataOf(action.data);
      return { ...state, club, step: stepFor(club), task: null };
    }
    case 'clubEnterSubmitted': {
      const club = state.club;
      if (!club) return showError(state);
      if (club.email) return { ...state, step: 'preloaderOnly', task: { kind: 'pay', email: club.email } };
      if (club.cardNextPrice !== null) return { ...state, step: 'emailEnter', task: null };
      return { ...state, step: 'preloaderOnly', task: { kind: 'join' } };
    }
    case 'emailSubmitted':
      return { ...state, step: 'preloaderOnly', task: { kind: 'pay', email: action.email } };
    case 'joined':
      return {
        ...state,
        club: withCard(state.club, action.card),
        step: 'paymentMade',
        showConfetti: true,
        task: null,
      };
    case 'returned':
      return {
        ...CLOSED,
        club: state.club,
        open: true,
        viaBanner: action.viaBanner,
        step: 'preloaderOnly',
        task: { kind: 'watch', cardRequestId: action.cardRequestId },
      };
    case 'statusReceived':
      return afterStatus(state, action.reply);
    case 'failed':
      return showError(state, action.error);
    case 'errorAction':
      if (action.action === 'close') return closedKeeping(state);
      if (action.action === 'retry') return { ...state, step: 'emailEnter', error: null, task: null };
      if (action.action === 'reload') return { ...state, task: { kind: 'reload' } };
      return showError(state);
    case 'close':
      return closedKeeping(state);
  }
}

/** Closing keeps what is known of the patient's club, so reopening needs no call. */
function closedKeeping(state: ClubWidgetState): ClubWidgetState {
  return { ...CLOSED, club: state.club };
}

/** A card request's status, from the websocket or the polling. */
function afterStatus(state: ClubWidgetState, reply: CardRequestStatusReply): ClubWidgetState {
  if (state.task?.kind !== 'watch' || state.task.cardRequestId !== reply.id) return state;
  switch (reply.status) {
    case 'in_process':
    case 'expired':
      return state;
    case 'paid':
      if (!reply.dt_start || !reply.dt_end || !reply.mt_link) return showError(state);
      return {
        ...state,
        club: withCard(state.club, {
          dt_start: reply.dt_start,
          dt_end: reply.dt_end,
          mt_link: reply.mt_link,
        }),
        step: 'paymentMade',
        showConfetti: true,
        task: null,
      };
    case 'canceled':
    case 'payment_failed':
      return showError(state, CANCEL_PAYMENT_ERROR);
    default:
      return showError(state);
  }
}

/** Whether the status ends the wait (stop the socket and the polling). */
export function isFinalStatus(status: string): boolean {
  return status !== 'in_process' && status !== 'expired';
}

const EMAIL_MAX = 254;
// Latin letters only, as the receipt provider accepts: local@domain.tld.
const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** The receipt address: required, at most 254 characters, Latin only, a plain address. */
export function isValidClubEmail(value: string): boolean {
  const email = value.trim();
  return email.length > 0 && email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);
}

/** The error step for a failed call: a refusal with button_state shows the server's words. */
export function errorFromRefusal(body: unknown): ClubErrorData | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { title?: unknown; message?: unknown; detail?: unknown; button_state?: unknown };
  const state = b.button_state as ButtonState | undefined;
  if (!state || typeof state !== 'object' || !('submit' in state) || !('cancel' in state)) return undefined;
  const title =
    typeof b.title === 'string' ? b.title : typeof b.detail === 'string' ? b.detail : DEFAULT_ERROR.title;
  const message = typeof b.message === 'string' ? b.message : '';
  return { title, message, buttonState: state };
}

/**
 * Where the provider sends the patient back: this page with the appointment's fields (without
 * the held slot, long gone by then) and whether the widget came from a banner. The server adds
 * card_request_id.
 */
export function clubReturnUrl(
  current: { pathname: string; search: string },
  appointment: Record<string, string> | null,
  viaBanner: boolean,
): string {
  const query = new URLSearchParams(current.search);
  for (const key of RETURN_PARAMS) query.delete(key);
  for (const [key, value] of Object.entries(appointment ?? {})) if (key !== 'slot') query.set(key, value);
  query.set('isRedirectViaBanner', viaBanner ? '1' : '0');
  return `${current.pathname}?${query.toString()}`;
}

/** The query parameters the widget owns: cleaned when it closes. */
export const RETURN_PARAMS = [
  'card_request_id',
  'isRedirectViaBanner',
  'orderId',
  'lang',
  'club_widget',
] as const;

/** A return from the provider: a numeric card_request_id in the query. */
export function returnOf(search: string): { cardRequestId: number; viaBanner: boolean } | null {
  const query = new URLSearchParams(search);
  const raw = query.get('card_request_id');
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  if (id <= 0 || id > 2_147_483_647) return null;
  return { cardRequestId: id, viaBanner: query.get('isRedirectViaBanner') === '1' };
}

/** The query without the widget's parameters ('' when nothing remains). */
export function cleanedSearch(search: string): string {
  const query = new URLSearchParams(search);
  for (const key of RETURN_PARAMS) query.delete(key);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}
