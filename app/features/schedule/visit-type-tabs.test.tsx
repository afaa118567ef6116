// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VisitType } from '../../../core/booking/urls';
import type { VisitPrice } from '../../../core/directory/contracts';
import { formatRub } from '../../../core/money/money';
import type { SlotsBulkRequest } from '../../../core/schedule/contracts';
import { PriceChips } from '../directory/price-chips';
import { ScheduleSlot } from './schedule-slot';

/**
 * The one visit-type control of a workplace (the directory's PriceChips) over its calendar (the
 * lazy ScheduleSlot), as the doctor page and the cards put them together: the tab chosen is the
 * price shown, the slots asked for and the type of the booking link.
 */

beforeAll(async () => {
  await import('./doctor-schedule');
}, 60_000);

/** Each type has its own day and time, so the calendar shows which schedule it draws. */
const SLOTS: Record<VisitType, { day: string; time: string }> = {
  clinic: { day: '2026-05-05', time: '09:00' },
  home: { day: '2026-05-06', time: '18:00' },
  telemed: { day: '2026-05-07', time: '21:30' },
};

/** Holds a type's answers back until released (a slow call). */
let held: Partial<Record<VisitType, Promise<void>>> = {};

const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
  const body = JSON.parse(String(init.body)) as SlotsBulkRequest;
  const type = (body.type_schedule ?? 'clinic') as VisitType;
  await held[type];
  return Response.json(
    body.doctors_lpus.map(({ doctor_id, lpu_id }) => ({
      doctor_id,
      lpu_id,
      appointment_on: true,
      // Doctors numbered 9xx have no home slots (they book home visits without a time).
      slots:
        doctor_id >= 900 && type === 'home'
          ? {}
          : { [SLOTS[type].day]: [{ time: SLOTS[type].time, duration: 30 }] },
    })),
  );
});

/** Like the browser's: a box already in view is reported right after it is observed. */
class InViewObserver {
  constructor(readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], this as never),
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 09:00 in Moscow on Monday 4 May 2026.
  vi.setSystemTime(new Date('2026-05-04T06:00:00Z'));
  held = {};
  fetchMock.mockClear();
  vi.stubGlobal('IntersectionObserver', InViewObserver);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PRICES: VisitPrice[] = [
  { type: 'clinic', price: 2500, clubPrice: 1750 },
  { type: 'home', price: 4000, clubPrice: null },
  { type: 'telemed', price: 1800, clubPrice: null },
];

/** A workplace as the doctor page draws it: the control, its panel the doctor's calendar there. */
function renderWorkplace(doctorId: number, prices = PRICES) {
  render(
    <PriceChips
      prices={prices}
      panel={(type) => (
        <ScheduleSlot doctorId={doctorId} lpuId={70} search="" source="doctor_page" type={type} />
      )}
    />,
  );
}

const typeTabs = () => within(screen.getByRole('tablist', { name: 'Тип приёма' }));
const selectedType = () => typeTabs().getByRole('tab', { selected: true }).textContent;
const askedTypes = () =>
  fetchMock.mock.calls.map(([, init]) => (JSON.parse(String(init.body)) as SlotsBulkRequest).type_schedule);
const slot = (time: string) => screen.findByRole('button', { name: time }, { timeout: 5000 });

describe('the visit-type control over the calendar', () => {
  it('selecting «На дому» changes the shown price and the calendar’s type together', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderWorkplace(7);
    expect(selectedType()).toBe(`В клинике · ${formatRub(2500)}`);
    expect(screen.getByRole('button', { name: `${formatRub(1750)} в клубе` })).toBeTruthy();
    await slot('09:00');
    expect(askedTypes()).toEqual([undefined]);

    fireEvent.click(typeTabs().getByRole('tab', { name: /^На дому/ }));
    expect(selectedType()).toBe(`На дому · ${formatRub(4000)}`);
    expect(screen.queryByText(/в клубе/)).toBeNull();
    const home = await slot('18:00');
    expect(screen.queryByRole('button', { name: '09:00' })).toBeNull();
    expect(askedTypes()).toEqual([undefined, 'home']);
    // The calendar starts over on the type's first day with slots.
    expect(
      within(screen.getByRole('tablist', { name: 'Дни для записи' })).getByRole('tab', { selected: true })
        .textContent,
    ).toContain('6 мая');
    fireEvent.click(home);
    expect(assign).toHaveBeenLastCalledWith(
      '/appointment/new/?doctor=7&lpu=70&slot=06.05.2026+18%3A00&type=home&source=doctor_page',
    );

    // Back at the clinic: its price, its calendar, a link without a type.
    fireEvent.click(typeTabs().getByRole('tab', { name: /^В клинике/ }));
    expect(selectedType()).toBe(`В клинике · ${formatRub(2500)}`);
    fireEvent.click(await slot('09:00'));
    expect(assign).toHaveBeenLastCalledWith(
      '/appointment/new/?doctor=7&lpu=70&slot=05.05.2026+09%3A00&source=doctor_page',
    );
  });

  it('the arrow keys choose the type of the calendar too', async () => {
    renderWorkplace(8);
    await slot('09:00');
    fireEvent.keyDown(screen.getByRole('tablist', { name: 'Тип приёма' }), { key: 'End' });
    expect(selectedType()).toBe(`Онлайн · ${formatRub(1800)}`);
    expect(document.activeElement?.textContent).toBe(`Онлайн · ${formatRub(1800)}`);
    await slot('21:30');
    // The type's panel (named by its tab) holds the calendar.
    expect(
      within(screen.getByRole('tabpanel', { name: /^Онлайн/ })).getByRole('button', { name: '21:30' }),
    ).toBeTruthy();
  });

  it('one type: its price and its calendar, no tabs', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderWorkplace(9, [{ type: 'home', price: 4000, clubPrice: null }]);
    expect(screen.queryByRole('tablist', { name: 'Тип приёма' })).toBeNull();
    expect(screen.getByText(/На дому:/).closest('p')?.textContent).toBe(`На дому: ${formatRub(4000)}`);
    fireEvent.click(await slot('18:00'));
    expect(askedTypes()).toEqual(['home']);
    expect(assign).toHaveBeenCalledWith(
      '/appointment/new/?doctor=9&lpu=70&slot=06.05.2026+18%3A00&type=home&source=doctor_page',
    );
  });

  it('a slow answer for a type left behind does not replace the one chosen since', async () => {
    let release: () => void = () => {};
    held.home = new Promise((resolve) => (release = resolve));
    renderWorkplace(10);
    await slot('09:00');
    fireEvent.click(typeTabs().getByRole('tab', { name: /^На дому/ }));
    expect(document.querySelector('.slots-box[aria-busy="true"]')).toBeTruthy();
    await act(async () => {});
    fireEvent.click(typeTabs().getByRole('tab', { name: /^Онлайн/ }));
    await slot('21:30');
    await act(async () => release());
    await act(async () => {});
    expect(screen.queryByRole('button', { name: '18:00' })).toBeNull();
    expect(selectedType()).toMatch(/^Онлайн/);
  });

  it('a type without slots shows the express button, booking that type', async () => {
    renderWorkplace(901);
    await slot('09:00');
    fireEvent.click(typeTabs().getByRole('tab', { name: /^На дому/ }));
    const link = await screen.findByRole('link', { name: 'Запись на приём' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe(
      '/appointment/new/?doctor=901&lpu=70&type=home&source=doctor_page',
    );
  });
});
