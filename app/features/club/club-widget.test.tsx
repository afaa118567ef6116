// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS, type Viewer } from '../../../core/auth/viewer';
import { LEGAL_URLS } from '../../../core/legal/urls';
import { preloadModal } from '../../components/ui/modal';
import { openClubWidget } from './club-events';
import ClubWidget from './club-widget';

// The modal's code is in before the tests open one, as the root's idle preload has it in a browser.
beforeAll(() => preloadModal());

const confetti = vi.fn();
vi.mock('canvas-confetti', () => ({ default: (...args: unknown[]) => confetti(...args) }));

type Reply = { status: number; body: unknown };

/** A scripted server: each call to a method and path takes the next reply queued for it. */
function stubServer(script: Record<string, Reply[]>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const key = `${init.method} ${url.split('?')[0]}`;
      calls.push({ key, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const reply = script[key]?.shift();
      if (!reply) throw new Error(`unexpected call ${key}`);
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const PATIENT: Viewer = { ...ANONYMOUS, isAnonymous: false, isRealPatient: true, userPhone: '79001234567' };
const card = { dt_start: '2026-11-25T10:00:00Z', dt_end: '2027-05-25T10:00:00Z', mt_link: '/profile/club/' };
const userData = (over: Record<string, unknown> = {}) => ({
  status: 200,
  body: { is_in_club: false, club_card: null, next_club_card_price: null, email: null, ...over },
});

const assign = vi.fn();

function renderWidget(user: Viewer, search = '') {
  vi.stubGlobal('location', {
    pathname: '/moskva/lpu/1-klinika',
    search,
    hash: '',
    host: 'localhost',
    protocol: 'http:',
    assign,
    reload: vi.fn(),
  });
  const router = createMemoryRouter([{ id: 'root', path: '/', element: <ClubWidget /> }], {
    hydrationData: {
      loaderData: {
        root: {
          user,
          auth: { vkEnabled: false, callInPhone: '', clientId: 'portal', doctorLoginHref: '/l' },
        },
      },
    },
  });
  return render(<RouterProvider router={router} />);
}

async function open(detail = {}) {
  await act(async () => openClubWidget(detail));
}

const dialog = () => screen.getByRole('dialog');
const title = () => within(dialog()).getByRole('heading').textContent;
const body = () => screen.getByTestId('club-widget').textContent;
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the server's CSRF cookie, which the client reads
  document.cookie = 'csrftoken=tok123';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  assign.mockReset();
  confetti.mockReset();
});

describe('ClubWidget', () => {
  it('refuses a work account and closes on «Понятно»', async () => {
    renderWidget({ ...ANONYMOUS, isAnonymous: false, isStaff: true });
    await open();
    expect(title()).toBe('Недоступно для рабочих аккаунтов');
    expect(body()).toContain('Чтобы пользоваться клубом, войдите как пациент');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Понятно' })));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks an anonymous visitor for a phone, with the cancel of where it was opened', async () => {
    renderWidget(ANONYMOUS);
    await open();
    expect(title()).toBe('Получить клубную цену');
    expect(within(dialog()).getByLabelText('Номер телефона')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Пойду по обычной цене' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Пойду по обычной цене' })));
    await open({ viaBanner: true });
    expect(screen.getByRole('button', { name: 'Отменить' })).toBeTruthy();
  });

  it('joins a patient with the free card and shows it with confetti', async () => {
    const calls = stubServer({
      'GET /club/ajax/user_data/': [userData()],
      'POST /club/ajax/card/': [{ status: 201, body: card }],
    });
    renderWidget(PATIENT);
    await open({ discountPercent: 15 });
    await settle();
    expect(title()).toBe('Вы не в клубе');
    expect(body()).toContain('-15% на услуги в клиниках клуба и -30% на приёмы врачей.');
    expect(body()).toContain('Карта на 6 месяцев');
    expect(within(dialog()).getByRole('img', { name: 'В подарок' })).toBeTruthy();
    const links = within(screen.getByTestId('club-consent'))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      LEGAL_URLS.privacy,
      LEGAL_URLS.terms,
      LEGAL_URLS['club-offer'],
      LEGAL_URLS['club-rules'],
    ]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Вступить' })));
    await settle();
    expect(calls.map((c) => c.key)).toEqual(['GET /club/ajax/user_data/', 'POST /club/ajax/card/']);
    expect(title()).toBe('Вы в клубе');
    expect(body()).toContain('до 25 мая 2027');
    expect(screen.getByRole('button', { name: 'Продолжить' })).toBeTruthy();
    await settle();
    expect(confetti).toHaveBeenCalledOnce();
  });

  it("carries on to the booking of the price that was clicked after 'Продолжить'", async () => {
    stubServer({
      'GET /club/ajax/user_data/': [userData()],
      'POST /club/ajax/card/': [{ status: 201, body: card }],
    });
    renderWidget(PATIENT);
    const continueTo = vi.fn();
    await open({ discountPercent: 15, continueTo });
    await settle();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Вступить' })));
    await settle();
    expect(continueTo).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Продолжить' })));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(continueTo).toHaveBeenCalledOnce();
  });

  it('takes a receipt address for a paid card and goes to the provider', async () => {
    const calls = stubServer({
      'GET /club/ajax/user_data/': [userData({ next_club_card_price: 99 })],
      'POST /club/ajax/card/request/': [
        {
          status: 201,
          body: {
            id: 5,
            status: 'in_process',
            provider_payment_data: { url: '/dev/pay/5' },
            payment_credentials: { url: '/dev/pay/5' },
          },
        },
      ],
    });
    renderWidget(PATIENT, '?club=1');
    await open({ appointment: { doctor: '3', slot: '10:00' } });
    await settle();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Оплатить 99\u00a0₽' })));
    expect(title()).toBe('Введите Email');
    expect(body()).toContain('Вышлем чек');
    const send = screen.getByRole('button', { name: 'Отправить' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const input = screen.getByLabelText('Email');
    await act(async () => {
      fireEvent.change(input, { target: { value: 'иван@почта' } });
      fireEvent.blur(input);
    });
    expect(screen.getByRole('alert').textContent).toBe('Введите корректный адрес электронной почты.');
    expect(send.disabled).toBe(true);
    await act(async () => fireEvent.change(input, { target: { value: 'ivan@mail.ru' } }));
    expect(send.disabled).toBe(false);
    await act(async () => fireEvent.click(send));
    await settle();
    expect(calls[1]).toEqual({
      key: 'POST /club/ajax/card/request/',
      body: {
        return_url: '/moskva/lpu/1-klinika?club=1&doctor=3&isRedirectViaBanner=0',
        receipt_email: 'ivan@mail.ru',
      },
    });
    expect(assign).toHaveBeenCalledWith('/dev/pay/5');
  });

  it('shows a refusal’s own title, message and buttons', async () => {
    stubServer({
      'GET /club/ajax/user_data/': [userData()],
      'POST /club/ajax/card/': [
        {
          status: 409,
          body: {
            detail: 'Карта платная',
            code: 'card_paid',
            title: 'Бесплатная карта уже была',
            message: 'Следующая карта платная.',
            button_state: { submit: { text: 'Хорошо', action: 'close' }, cancel: null },
          },
        },
      ],
    });
    renderWidget(PATIENT);
    await open();
    await settle();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Вступить' })));
    await settle();
    expect(title()).toBe('Бесплатная карта уже была');
    expect(body()).toContain('Следующая карта платная.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Хорошо' })));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('back from a failed payment, tells so and retries from the address', async () => {
    stubServer({
      'GET /club/ajax/card/request/7/status/': [
        {
          status: 200,
          body: { id: 7, status: 'payment_failed', dt_start: null, dt_end: null, mt_link: null },
        },
      ],
    });
    renderWidget(PATIENT, '?card_request_id=7&isRedirectViaBanner=0');
    await settle();
    expect(title()).toBe('Платёж не прошёл');
    expect(body()).toContain('Деньги с вашей карты не списаны. Попробуйте оплатить ещё раз.');
    expect(screen.getByRole('button', { name: 'Отменить' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Повторить' })));
    expect(title()).toBe('Введите Email');
  });

  it('back from a paid request via the banner, shows the card and its link', async () => {
    stubServer({
      'GET /club/ajax/card/request/7/status/': [{ status: 200, body: { id: 7, status: 'paid', ...card } }],
    });
    renderWidget(PATIENT, '?card_request_id=7&isRedirectViaBanner=1');
    await settle();
    expect(title()).toBe('Вы в клубе');
    expect(screen.getByRole('button', { name: 'Отлично' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Открыть клубную карту' }).getAttribute('href')).toBe(
      card.mt_link,
    );
  });

  it('back from the sign-in, checks the club and offers the card', async () => {
    stubServer({ 'GET /club/ajax/user_data/': [userData({ next_club_card_price: 99 })] });
    renderWidget(PATIENT, '?club_widget=open&isRedirectViaBanner=1');
    expect(title()).toBe('Проверяем...');
    await settle();
    expect(title()).toBe('Вы не в клубе');
    expect(screen.getByRole('button', { name: 'Оплатить 99\u00a0₽' })).toBeTruthy();
    expect(body()).toContain('99\u00a0₽');
  });

  it('gives up on a request that is not the patient’s', async () => {
    stubServer({
      'GET /club/ajax/card/request/9/status/': [
        { status: 404, body: { detail: 'Запрос на карту не найден', code: 'not_found' } },
      ],
    });
    renderWidget(PATIENT, '?card_request_id=9');
    await settle();
    expect(title()).toBe('Что-то пошло не так');
    expect(screen.getByRole('button', { name: 'Перезагрузить' })).toBeTruthy();
  });
});
