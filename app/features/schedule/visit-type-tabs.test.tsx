// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VisitType } from '../../../core/booking/urls';
import type { DoctorSlots } from '../../../core/schedule/contracts';
import { scheduleOf } from './doctor-schedule';
import type { SlotsWindow } from './slots-api';

// 09:00 in Moscow on Monday 4 May 2026.
const NOW = new Date('2026-05-04T06:00:00Z');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Each type has its own day and time, so the calendar shows which schedule it draws. */
const SLOTS: Record<VisitType, { day: string; time: string }> = {
  clinic: { day: '2026-05-05', time: '09:00' },
  home: { day: '2026-05-06', time: '18:00' },
  telemed: { day: '2026-05-07', time: '21:30' },
};
const answerOf = (type: VisitType): DoctorSlots => ({
  doctor_id: 7,
  lpu_id: 70,
  appointment_on: true,
  slots: { [SLOTS[type].day]: [{ time: SLOTS[type].time, duration: 30 }] },
});

function fakeRequest() {
  return vi.fn(async (_d: number, _l: number, _s: SlotsWindow, type: VisitType = 'clinic') => answerOf(type));
}

async function renderWith(types: VisitType[] | undefined, request = fakeRequest()) {
  render(
    await scheduleOf({ doctorId: 7, lpuId: 70, search: '', source: 'doctor_page', types }, request, NOW),
  );
  return request;
}

const typeTabs = () => within(screen.getByRole('tablist', { name: 'Тип приёма' }));
const selectedType = () => typeTabs().getByRole('tab', { selected: true }).textContent;

describe('appointment type tabs', () => {
  it('are not shown for a workplace with one type, whose schedule it asks for', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const request = await renderWith(['home']);
    expect(screen.queryByRole('tablist', { name: 'Тип приёма' })).toBeNull();
    expect(request.mock.calls.map((c) => c[3])).toEqual(['home']);
    fireEvent.click(screen.getByRole('button', { name: '18:00' }));
    expect(assign).toHaveBeenCalledWith(
      '/appointment/new/?doctor=7&lpu=70&slot=06.05.2026+18%3A00&type=home&source=doctor_page',
    );
  });

  it('show the offered types with the price chips’ words, the clinic first and chosen', async () => {
    const request = await renderWith(['telemed', 'clinic', 'home']);
    expect(
      typeTabs()
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['В клинике', 'На дому', 'Онлайн']);
    expect(selectedType()).toBe('В клинике');
    expect(screen.getByRole('tabpanel', { name: 'В клинике' }).getAttribute('aria-labelledby')).toBe(
      screen.getByRole('tab', { name: 'В клинике' }).id,
    );
    expect(screen.getByRole('button', { name: '09:00' }).textContent).toBe('09:00');
    expect(request.mock.calls.map((c) => c[3])).toEqual(['clinic']);
  });

  it('choosing a type asks for its slots, redraws the calendar and books that type', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const request = await renderWith(['clinic', 'telemed']);
    fireEvent.click(typeTabs().getByRole('tab', { name: 'Онлайн' }));
    const slot = await screen.findByRole('button', { name: '21:30' });
    expect(request.mock.calls.map((c) => c[3])).toEqual(['clinic', 'telemed']);
    expect(screen.queryByRole('button', { name: '09:00' })).toBeNull();
    expect(
      within(screen.getByRole('tablist', { name: 'Дни для записи' })).getByRole('tab', { selected: true })
        .textContent,
    ).toContain('7 мая');
    fireEvent.click(slot);
    expect(assign).toHaveBeenCalledWith(
      '/appointment/new/?doctor=7&lpu=70&slot=07.05.2026+21%3A30&type=telemed&source=doctor_page',
    );
    // Leaving telemedicine: the clinic's calendar again, its link without a type.
    fireEvent.click(typeTabs().getByRole('tab', { name: 'В клинике' }));
    fireEvent.click(await screen.findByRole('button', { name: '09:00' }));
    expect(assign).toHaveBeenLastCalledWith(
      '/appointment/new/?doctor=7&lpu=70&slot=05.05.2026+09%3A00&source=doctor_page',
    );
  });

  it('move with the arrow keys, Home and End, wrapping round, one tab in the Tab order', async () => {
    await renderWith(['clinic', 'home', 'telemed']);
    const list = screen.getByRole('tablist', { name: 'Тип приёма' });
    expect(
      typeTabs()
        .getAllByRole('tab')
        .map((t) => t.tabIndex),
    ).toEqual([0, -1, -1]);
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selectedType()).toBe('На дому');
    expect(document.activeElement?.textContent).toBe('На дому');
    expect((await screen.findByRole('button', { name: '18:00' })).textContent).toBe('18:00');
    fireEvent.keyDown(list, { key: 'End' });
    expect(selectedType()).toBe('Онлайн');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selectedType()).toBe('В клинике');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(selectedType()).toBe('Онлайн');
    fireEvent.keyDown(list, { key: 'Home' });
    expect(selectedType()).toBe('В клинике');
    expect((await screen.findByRole('button', { name: '09:00' })).textContent).toBe('09:00');
  });

  it('a slow answer for a type left behind does not replace the one chosen since', async () => {
    let answerHome: (a: DoctorSlots) => void = () => {};
    const request = fakeRequest();
    request.mockImplementation(async (_d, _l, _s, type = 'clinic') =>
      type === 'home' ? new Promise<DoctorSlots>((resolve) => (answerHome = resolve)) : answerOf(type),
    );
    await renderWith(['clinic', 'home', 'telemed'], request);
    fireEvent.click(typeTabs().getByRole('tab', { name: 'На дому' }));
    expect(screen.getByRole('tabpanel').getAttribute('aria-busy')).toBe('true');
    fireEvent.click(typeTabs().getByRole('tab', { name: 'Онлайн' }));
    await screen.findByRole('button', { name: '21:30' });
    answerHome(answerOf('home'));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('button', { name: '18:00' })).toBeNull();
    expect(selectedType()).toBe('Онлайн');
  });

  it('a type without slots shows the express button, booking that type', async () => {
    const request = fakeRequest();
    request.mockImplementation(async (_d, _l, _s, type = 'clinic') =>
      type === 'home' ? { ...answerOf('home'), slots: {} } : answerOf(type),
    );
    await renderWith(['clinic', 'home'], request);
    fireEvent.click(typeTabs().getByRole('tab', { name: 'На дому' }));
    const link = await screen.findByRole('link', { name: 'Запись на приём' });
    expect(link.getAttribute('href')).toBe('/appointment/new/?doctor=7&lpu=70&type=home&source=doctor_page');
  });
});
