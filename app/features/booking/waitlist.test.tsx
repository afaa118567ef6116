// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WaitlistOfferPage } from '../../../core/booking/contracts';
import { WAITLIST_TEXTS } from '../../../core/booking/waitlist';
import { MyWaitlist } from './my-waitlist';
import { WaitlistSection } from './waitlist-form';
import { WaitlistOffer } from './waitlist-offer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('WaitlistSection', () => {
  it('asks to be told of a freed time, then stops the request', async () => {
    const fetchStub = vi.fn(async (url: string) =>
      url === '/ajax/waitlist/'
        ? Response.json({ id: 31 }, { status: 201 })
        : Response.json({ stopped: true }),
    );
    vi.stubGlobal('fetch', fetchStub);
    render(
      <WaitlistSection
        target={{
          doctorId: 5,
          lpuId: 9,
          type: 'clinic',
          today: '2026-11-20',
          account: 'patient',
          loginHref: '/login/',
          workAccountText: '',
        }}
      />,
    );
    await press(WAITLIST_TEXTS.open);
    await press(WAITLIST_TEXTS.submit);
    const body = JSON.parse(String((fetchStub.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toMatchObject({ doctor_id: 5, lpu_id: 9, date_from: '2026-11-20', date_to: '2026-11-26' });
    expect(screen.getByTestId('waitlist-done').textContent).toBe(WAITLIST_TEXTS.done);
    await press(WAITLIST_TEXTS.stop);
    expect(fetchStub.mock.calls[1][0]).toBe('/ajax/waitlist/31/stop/');
    expect(screen.getByTestId('waitlist-done').textContent).toBe(WAITLIST_TEXTS.stopped);
  });

  it('shows the server’s refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ detail: 'Недоступно для рабочих аккаунтов' }, { status: 403 })),
    );
    render(
      <MyWaitlist
        items={[
          {
            id: 3,
            doctorName: 'Иванова Анна',
            doctorUrl: '/moskva/vrach/1/',
            clinicName: null,
            window: '20–26 ноября',
            before: null,
          } as never,
        ]}
      />,
    );
    await press(WAITLIST_TEXTS.stop);
    expect(screen.getByRole('alert').textContent).toBe('Недоступно для рабочих аккаунтов');
    expect(screen.getByRole('button', { name: WAITLIST_TEXTS.stop })).toBeTruthy();
  });
});

describe('WaitlistOffer', () => {
  it('says the time is gone and offers the doctor’s other times', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { detail: 'Это время уже заняли', title: '', reason: 'slot_taken', alternatives: [] },
          { status: 409 },
        ),
      ),
    );
    const offer: WaitlistOfferPage = {
      token: 't',
      requestId: 3,
      open: true,
      stopped: false,
      moving: false,
      doctorName: 'Иванова Анна',
      doctorUrl: '/moskva/vrach/1/',
      clinicName: 'Клиника',
      address: 'Москва',
      when: '25 ноября, 10:00',
      otherTimesUrl: '/appointment/new/?doctor=1',
    };
    const router = createMemoryRouter([{ path: '/', element: <WaitlistOffer offer={offer} /> }]);
    render(<RouterProvider router={router} />);
    await press(WAITLIST_TEXTS.offerBook);
    expect(screen.getByRole('alert').textContent).toBe('Это время уже заняли');
    expect(screen.queryByRole('button', { name: WAITLIST_TEXTS.offerBook })).toBeNull();
    expect(screen.getByRole('link', { name: WAITLIST_TEXTS.chooseOther }).getAttribute('href')).toBe(
      offer.otherTimesUrl,
    );
  });
});
