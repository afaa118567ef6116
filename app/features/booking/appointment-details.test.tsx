// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppointmentPage } from '../../../core/booking/contracts';
import { CONFIRM_TEXTS } from '../../../core/booking/form';
import { AppointmentDetails } from './appointment-details';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PAGE = {
  id: 42,
  token: 'tok',
  status: 'active',
  canCancel: true,
  confirmation: 'pending',
  clinicPhone: null,
  rescheduleUrl: null,
  clinicCancelReason: null,
  when: '25 ноября, 10:00',
  price: null,
  discount: null,
  availableAward: null,
  kind: 'doctor',
  title: 'Иванова Анна',
  titleUrl: '/moskva/vrach/1/',
  details: ['Терапевт'],
  clinicName: 'Клиника',
  clinicUrl: '/moskva/lpu/1/',
  address: 'Москва',
  metro: null,
  icsUrl: '/appointment/42/ics/',
  againUrl: '/appointment/new/',
  earlier: null,
} as unknown as AppointmentPage;

function renderPage() {
  render(<AppointmentDetails page={PAGE} applyAward={async () => null} />);
}

describe('AppointmentDetails', () => {
  it('confirms the visit by the link’s token', async () => {
    const fetchStub = vi.fn(async () => Response.json({ confirmed: true }));
    vi.stubGlobal('fetch', fetchStub);
    renderPage();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: CONFIRM_TEXTS.button })));
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ajax/appointment/42/confirm/');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'tok' });
    expect(screen.getByTestId('visit-confirmed').textContent).toBe(CONFIRM_TEXTS.done);
    expect(screen.queryByRole('button', { name: CONFIRM_TEXTS.button })).toBeNull();
  });

  it('says the clinic confirmed a visit it confirmed after a call, and asks the patient nothing', () => {
    render(<AppointmentDetails page={{ ...PAGE, confirmation: 'clinic' }} applyAward={async () => null} />);
    expect(screen.getByTestId('visit-confirmed').textContent).toBe(CONFIRM_TEXTS.byClinic);
    expect(screen.queryByRole('button', { name: CONFIRM_TEXTS.button })).toBeNull();
  });

  it('says why a cancel was refused and keeps the visit', async () => {
    const fetchStub = vi.fn(async () =>
      Response.json({ detail: 'Отменить запись на сайте уже нельзя' }, { status: 409 }),
    );
    vi.stubGlobal('fetch', fetchStub);
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Отменить запись' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Да, отменить' })));
    expect((fetchStub.mock.calls[0] as unknown as [string])[0]).toBe('/ajax/appointment/42/cancel/');
    expect(screen.getByRole('alert').textContent).toBe('Отменить запись на сайте уже нельзя');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Отменить запись' })).toBeTruthy();
  });
});
