import { describe, expect, it } from 'vitest';
import type { CardRequestStatusReply, ClubUserData } from './contracts';
import { CLUB_SCREEN_TEXTS, clubDiscountText, clubEnterSubmitText } from './texts';
import {
  CANCEL_PAYMENT_ERROR,
  CLOSED,
  CLUB_STEPS,
  type ClubWidgetAction,
  type ClubWidgetState,
  cleanedSearch,
  clubReturnUrl,
  clubWidgetReducer,
  DEFAULT_ERROR,
  errorFromRefusal,
  isValidClubEmail,
  returnOf,
  STAFF_ERROR,
} from './widget';

const run = (...actions: ClubWidgetAction[]) => actions.reduce(clubWidgetReducer, CLOSED as ClubWidgetState);

const userData = (over: Partial<ClubUserData> = {}): ClubUserData => ({
  is_in_club: false,
  club_card: null,
  next_club_card_price: null,
  email: null,
  last_card_end: null,
  ...over,
});

const card = { dt_start: '2026-11-25T10:00:00Z', dt_end: '2027-05-25T10:00:00Z', mt_link: '/profile/club/' };
const status = (over: Partial<CardRequestStatusReply>): CardRequestStatusReply => ({
  id: 7,
  status: 'in_process',
  dt_start: null,
  dt_end: null,
  mt_link: null,
  ...over,
});

describe('the club widget', () => {
  it('numbers its steps as the product does', () => {
    expect(CLUB_STEPS.indexOf('confirmation')).toBe(0);
    expect(CLUB_STEPS.indexOf('preloaderOnly')).toBe(4);
    expect(CLUB_STEPS.indexOf('error')).toBe(6);
  });

  it('refuses a work account with the staff error', () => {
    const s = run({ type: 'open', visitor: 'work', viaBanner: false });
    expect(s).toMatchObject({ open: true, step: 'error', error: STAFF_ERROR, task: null });
    expect(STAFF_ERROR.buttonState.submit).toEqual({ text: 'Понятно', action: 'close' });
  });

  it('asks an anonymous visitor to confirm a phone', () => {
    expect(run({ type: 'open', visitor: 'anonymous', viaBanner: true })).toMatchObject({
      step: 'confirmation',
      viaBanner: true,
      task: null,
    });
  });

  it('loads the club data of a patient it does not know yet, then offers the card', () => {
    const opening = run({ type: 'open', visitor: 'patient', viaBanner: false });
    expect(opening).toMatchObject({ step: 'preloaderText', task: { kind: 'loadClub' } });
    const loaded = clubWidgetReducer(opening, {
      type: 'clubLoaded',
      data: userData({ next_club_card_price: 99 }),
    });
    expect(loaded).toMatchObject({
      step: 'clubEnter',
      task: null,
      club: { cardNextPrice: 99, isInClub: false },
    });
  });

  it('shows a member the card', () => {
    const s = run(
      { type: 'open', visitor: 'patient', viaBanner: false },
      { type: 'clubLoaded', data: userData({ is_in_club: true, club_card: card }) },
    );
    expect(s).toMatchObject({ step: 'paymentMade', showConfetti: false, club: { cardDateEnd: card.dt_end } });
  });

  it('reopens with the club it already knows, without a call', () => {
    const s = run(
      { type: 'open', visitor: 'patient', viaBanner: false },
      { type: 'clubLoaded', data: userData() },
      { type: 'close' },
      { type: 'open', visitor: 'patient', viaBanner: true },
    );
    expect(s).toMatchObject({ open: true, step: 'clubEnter', task: null, viaBanner: true });
  });

  it('checks the club after a phone is confirmed', () => {
    expect(run({ type: 'phoneConfirmed', viaBanner: true })).toMatchObject({
      step: 'preloaderText',
      viaBanner: true,
      task: { kind: 'loadClub' },
    });
  });

  it('joins the free first card and celebrates', () => {
    const joining = run(
      { type: 'open', visitor: 'patient', viaBanner: false },
      { type: 'clubLoaded', data: userData() },
      { type: 'clubEnterSubmitted' },
    );
    expect(joining).toMatchObject({ step: 'preloaderOnly', task: { kind: 'join' } });
    const joined = clubWidgetReducer(joining, { type: 'joined', card });
    expect(joined).toMatchObject({ step: 'paymentMade', showConfetti: true, club: { isInClub: true } });
  });

  it('asks for the receipt address of a paid card, then pays', () => {
    const asking = run(
      { type: 'open', visitor: 'patient', viaBanner: false },
      { type: 'clubLoaded', data: userData({ next_club_card_price: 99 }) },
      { type: 'clubEnterSubmitted' },
    );
    expect(asking).toMatchObject({ step: 'emailEnter', task: null });
    expect(clubWidgetReducer(asking, { type: 'emailSubmitted', email: 'a@b.ru' })).toMatchObject({
      step: 'preloaderOnly',
      task: { kind: 'pay', email: 'a@b.ru' },
    });
  });

  it('pays with the address it knows', () => {
    const s = run(
      { type: 'open', visitor: 'patient', viaBanner: false },
      { type: 'clubLoaded', data: userData({ next_club_card_price: 99, email: 'known@mail.ru' }) },
      { type: 'clubEnterSubmitted' },
    );
    expect(s).toMatchObject({ step: 'preloaderOnly', task: { kind: 'pay', email: 'known@mail.ru' } });
  });

  describe('back from the provider', () => {
    const watching = () => run({ type: 'returned', cardRequestId: 7, viaBanner: true });

    it('waits on the request', () => {
      expect(watching()).toMatchObject({
        open: true,
        step: 'preloaderOnly',
        task: { kind: 'watch', cardRequestId: 7 },
      });
    });

    it('keeps waiting while in process or expired', () => {
      const s = watching();
      expect(clubWidgetReducer(s, { type: 'statusReceived', reply: status({ status: 'in_process' }) })).toBe(
        s,
      );
      expect(clubWidgetReducer(s, { type: 'statusReceived', reply: status({ status: 'expired' }) })).toBe(s);
    });

    it('ignores another request’s status', () => {
      const s = watching();
      expect(clubWidgetReducer(s, { type: 'statusReceived', reply: status({ id: 8, status: 'paid' }) })).toBe(
        s,
      );
    });

    it('shows the card of a paid request with confetti', () => {
      const s = clubWidgetReducer(watching(), {
        type: 'statusReceived',
        reply: status({ status: 'paid', ...card }),
      });
      expect(s).toMatchObject({
        step: 'paymentMade',
        showConfetti: true,
        viaBanner: true,
        task: null,
        club: { isInClub: true, cardDateEnd: card.dt_end, cardMtLink: card.mt_link },
      });
    });

    it('tells of a failed or canceled payment, and retries from the address', () => {
      for (const failed of ['payment_failed', 'canceled'] as const) {
        const s = clubWidgetReducer(watching(), {
          type: 'statusReceived',
          reply: status({ status: failed }),
        });
        expect(s).toMatchObject({ step: 'error', error: CANCEL_PAYMENT_ERROR, task: null });
        expect(clubWidgetReducer(s, { type: 'errorAction', action: 'retry' })).toMatchObject({
          step: 'emailEnter',
          error: null,
        });
      }
    });

    it('gives the default error for a paid request without its card', () => {
      const s = clubWidgetReducer(watching(), { type: 'statusReceived', reply: status({ status: 'paid' }) });
      expect(s).toMatchObject({ step: 'error', error: DEFAULT_ERROR });
    });
  });

  it('runs the error buttons: close, reload, and the default error for anything else', () => {
    const failed = run({ type: 'open', visitor: 'patient', viaBanner: false }, { type: 'failed' });
    expect(failed.error).toBe(DEFAULT_ERROR);
    expect(clubWidgetReducer(failed, { type: 'errorAction', action: 'close' }).open).toBe(false);
    expect(clubWidgetReducer(failed, { type: 'errorAction', action: 'reload' }).task).toEqual({
      kind: 'reload',
    });
    const server = { ...DEFAULT_ERROR, title: 'Сервер' };
    const odd = clubWidgetReducer({ ...failed, error: server }, { type: 'errorAction', action: 'explode' });
    expect(odd.error).toBe(DEFAULT_ERROR);
  });

  it('shows a refusal’s button_state as the server wrote it', () => {
    const buttonState = { submit: { text: 'Ок', action: 'close' as const }, cancel: null };
    expect(
      errorFromRefusal({ detail: 'Нельзя', code: 'x', title: 'Т', message: 'М', button_state: buttonState }),
    ).toEqual({
      title: 'Т',
      message: 'М',
      buttonState,
    });
    expect(errorFromRefusal({ detail: 'Нельзя', code: 'x' })).toBeUndefined();
  });
});

describe('the receipt address', () => {
  it.each(['a@b.ru', 'ivan.petrov+club@mail.example.com'])('accepts %s', (email) => {
    expect(isValidClubEmail(email)).toBe(true);
  });
  it.each(['', '   ', 'a@b', 'иван@почта.рф', 'a b@c.ru', `${'a'.repeat(250)}@b.ru`])(
    'refuses %j',
    (email) => {
      expect(isValidClubEmail(email)).toBe(false);
    },
  );
});

describe('the return URL', () => {
  it('is this page with the appointment fields but the slot, and the banner flag', () => {
    const url = clubReturnUrl(
      { pathname: '/appointment/new', search: '?doctor=5&lpu=3&card_request_id=1' },
      { date: '2026-12-01', slot: '10:00' },
      true,
    );
    expect(url).toBe('/appointment/new?doctor=5&lpu=3&date=2026-12-01&isRedirectViaBanner=1');
  });

  it('reads a numeric card request id only', () => {
    expect(returnOf('?card_request_id=42&isRedirectViaBanner=1')).toEqual({
      cardRequestId: 42,
      viaBanner: true,
    });
    expect(returnOf('?card_request_id=abc')).toBeNull();
    expect(returnOf('?card_request_id=0')).toBeNull();
    expect(returnOf('?x=1')).toBeNull();
  });

  it('cleans the widget’s parameters and keeps the page’s', () => {
    expect(cleanedSearch('?club=1&card_request_id=4&isRedirectViaBanner=0&orderId=9&lang=ru')).toBe(
      '?club=1',
    );
    expect(cleanedSearch('?card_request_id=4')).toBe('');
  });
});

describe('the texts', () => {
  it('names the submit by the card price', () => {
    expect(clubEnterSubmitText(null)).toBe(CLUB_SCREEN_TEXTS.join);
    expect(clubEnterSubmitText(99)).toBe('Оплатить 99\u00a0₽');
  });
  it('gives the clinic’s service discount', () => {
    expect(clubDiscountText(15)).toBe('-15% на услуги в клиниках клуба и -30% на приёмы врачей.');
  });
});
