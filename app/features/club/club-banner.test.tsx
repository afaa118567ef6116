// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS, type Viewer } from '../../../core/auth/viewer';
import { preloadModal } from '../../components/ui/modal';
import { ClubPriceBanner, ClubSwitch } from './club-banner';
import { CLUB_OPEN_EVENT } from './club-events';
import ClubHowItWorks from './club-how-it-works';

// The modal's code is in before the tests open one, as the root's idle preload has it in a browser.
beforeAll(() => preloadModal());

const PATIENT: Viewer = { ...ANONYMOUS, isAnonymous: false, isRealPatient: true };

function renderAs(user: Viewer, element: ReactNode) {
  const router = createMemoryRouter([{ id: 'root', path: '/', element }], {
    hydrationData: { loaderData: { root: { user } } },
  });
  return render(<RouterProvider router={router} />);
}

function stubUserData(body: unknown) {
  const fetchStub = vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the club banners and switch', () => {
  it('tells a visitor who the price is for and opens the widget as from a banner', async () => {
    const fetchStub = stubUserData({});
    const opened = vi.fn();
    window.addEventListener(CLUB_OPEN_EVENT, (e) => opened((e as CustomEvent).detail));
    renderAs(ANONYMOUS, <ClubPriceBanner discountPercent={15} />);
    const banner = screen.getByRole('button');
    expect(banner.textContent).toContain('Цена только для пациентов в клубе');
    expect(banner.textContent).toContain('-15% на услуги в клиниках клуба и -30% на приёмы врачей.');
    fireEvent.click(banner);
    expect(opened).toHaveBeenCalledWith({ viaBanner: true, discountPercent: 15 });
    // A visitor is not in the club: nothing to ask the server.
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('shows a member the members’ banner', async () => {
    stubUserData({
      is_in_club: true,
      club_card: null,
      next_club_card_price: null,
      email: null,
      last_card_end: null,
    });
    renderAs(PATIENT, <ClubPriceBanner discountPercent={15} />);
    await settle();
    const banner = screen.getByRole('button');
    expect(banner.getAttribute('data-club-banner')).toBe('member');
    expect(banner.textContent).toContain('Клубная цена');
    expect(banner.textContent).toContain('На все услуги клиники');
  });

  it('is a switch with the clinic’s discount', () => {
    const onChange = vi.fn();
    render(<ClubSwitch on={false} onChange={onChange} discountPercent={12} />);
    const toggle = screen.getByRole('switch', { name: 'Клубная цена' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('-12%')).toBeTruthy();
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe('Как работает клубная цена', () => {
  it('breaks a visitor’s price down with the card as a gift', () => {
    renderAs(ANONYMOUS, <ClubHowItWorks fullPrice={2000} clubPrice={1400} onClose={() => undefined} />);
    const rows = [...screen.getByTestId('club-breakdown').querySelectorAll('div')].map((d) => d.textContent);
    expect(rows).toEqual([
      'Обычная цена2\u00a0000\u00a0₽',
      'Доступ к клубу на 6 месяцевв подарок',
      'Клубная скидка−600\u00a0₽',
      'Итого1\u00a0400\u00a0₽',
    ]);
    expect(screen.getByRole('button', { name: 'Подробнее про клуб' })).toBeTruthy();
  });
});
