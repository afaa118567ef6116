// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SlotsBulkRequest } from '../../../core/schedule/contracts';
import { ScheduleSlot } from './schedule-slot';

// The widget loads its calendar with import(): transform that chunk here, outside any test's
// timeout, so a busy machine (other test files alongside) cannot time the first test out.
beforeAll(async () => {
  await import('./doctor-schedule');
}, 60_000);

/** Records the observers so a test can say which cards came into view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  targets: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.targets.push(el);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  show() {
    const entries = this.targets.map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

// slots_bulk as the server answers: doctor 1 has a slot, doctor 2 books without slots.
const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
  const body = JSON.parse(String(init.body)) as SlotsBulkRequest;
  const reply = body.doctors_lpus.map(({ doctor_id, lpu_id }) => ({
    doctor_id,
    lpu_id,
    appointment_on: true,
    slots: doctor_id % 2 ? { '2026-05-05': [{ time: '10:00', duration: 30 }] } : {},
  }));
  return Response.json(reply);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-04T06:00:00Z'));
  FakeObserver.all = [];
  fetchMock.mockClear();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ScheduleSlot', () => {
  it('renders only the fixed-height skeleton on the server', () => {
    const html = renderToString(<ScheduleSlot doctorId={1} lpuId={10} tz="Europe/Moscow" search="" />);
    expect(html).toBe('<div class="slots-box" aria-busy="true"></div>');
  });

  it('waits for the card to near the viewport before loading anything', () => {
    render(<ScheduleSlot doctorId={101} lpuId={10} tz="Europe/Moscow" search="" />);
    expect(FakeObserver.all).toHaveLength(1);
    expect(FakeObserver.all[0].options).toEqual({ rootMargin: '200px' });
    expect(document.querySelector('.slots-box')?.getAttribute('aria-busy')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the slots of the cards that came into view together in one call', async () => {
    render(
      <>
        <ScheduleSlot doctorId={201} lpuId={20} tz="Europe/Moscow" search="" />
        <ScheduleSlot doctorId={202} lpuId={21} tz="Europe/Moscow" search="" />
      </>,
    );
    act(() => {
      for (const observer of FakeObserver.all) observer.show();
    });
    expect((await screen.findByRole('tablist', {}, { timeout: 5000 })).getAttribute('aria-label')).toBe(
      'Дни для записи',
    );
    expect((await screen.findByRole('link', { name: 'Запись на приём' })).getAttribute('href')).toMatch(
      /^\/appointment\/new\/\?doctor=202&lpu=21&/,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/ajax/schedule/slots_bulk/');
    expect(JSON.parse(String(init.body))).toEqual({
      days: 14,
      dt_start: '2026-05-04',
      town_timedelta: 3,
      doctors_lpus: [
        { doctor_id: 201, lpu_id: 20 },
        { doctor_id: 202, lpu_id: 21 },
      ],
    });
    expect(FakeObserver.all.every((o) => o.disconnected)).toBe(true);
  });

  it('starts over with the other clinic’s slots when the card’s clinic changes (a list re-sorted in place)', async () => {
    const { rerender } = render(<ScheduleSlot doctorId={401} lpuId={40} tz="Europe/Moscow" search="" />);
    act(() => FakeObserver.all[0].show());
    await screen.findByRole('tablist', {}, { timeout: 5000 });
    rerender(<ScheduleSlot doctorId={401} lpuId={41} tz="Europe/Moscow" search="" />);
    act(() => FakeObserver.all[1].show());
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2), { timeout: 5000 });
    expect(JSON.parse(String(fetchMock.mock.calls[1][1].body)).doctors_lpus).toEqual([
      { doctor_id: 401, lpu_id: 41 },
    ]);
  });

  it('shows the stub when the slot call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    render(<ScheduleSlot doctorId={301} lpuId={30} tz="Europe/Moscow" search="" />);
    act(() => FakeObserver.all[0].show());
    expect((await screen.findByText('Расписание недоступно', {}, { timeout: 5000 })).textContent).toBe(
      'Расписание недоступно',
    );
    expect(document.querySelector('.slots-box')?.hasAttribute('aria-busy')).toBe(false);
  });
});
