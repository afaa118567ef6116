// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DaySlots, SlotChoice } from '../../../core/schedule/day-tabs';
import { parseSlotFilters } from '../../../core/schedule/slot-filters';
import { AppointmentCalendar } from './calendar';

afterEach(cleanup);

// Mon 4 May … Sun 10 May 2026; today is the 4th.
const days = [
  '2026-05-04',
  '2026-05-05',
  '2026-05-06',
  '2026-05-07',
  '2026-05-08',
  '2026-05-09',
  '2026-05-10',
];
const times = (n: number, from = 9) =>
  Array.from({ length: n }, (_, i) => ({
    time: `${String(from + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
    duration: 30,
  }));
const slots: DaySlots = {
  '2026-05-05': times(3),
  '2026-05-09': times(2, 18),
  '2026-05-10': times(11),
};

function renderCalendar(props: Partial<Parameters<typeof AppointmentCalendar>[0]> = {}) {
  const onSelect = vi.fn<(choice: SlotChoice) => void>();
  render(<AppointmentCalendar days={days} slots={slots} today="2026-05-04" onSelect={onSelect} {...props} />);
  return onSelect;
}
const tab = (name: RegExp) => screen.getByRole('tab', { name });
const selectedTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true');
const slotButtons = () =>
  within(screen.getByRole('tabpanel')).getAllByRole('button', { name: /^\d\d:\d\d$/ });
const hidden = (el: HTMLElement) => el.closest('li')!.className.split(' ').includes('hidden');

describe('AppointmentCalendar', () => {
  it('shows day tabs with labels, merging empty runs, and opens on the first day with slots', () => {
    renderCalendar();
    expect(screen.getByRole('tablist', { name: 'Дни для записи' }).getAttribute('aria-label')).toBe(
      'Дни для записи',
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Сегодня4 маяпн, записи нет',
      'Завтра5 маявт',
      '6–8 маяср–пт, записи нет',
      '9 маясб',
      '10 маявс',
    ]);
    expect(tab(/^Сегодня/).getAttribute('aria-disabled')).toBe('true');
    expect(tab(/6–8 мая/).getAttribute('aria-disabled')).toBe('true');
    expect(selectedTab()).toBe(tab(/5 мая/));
    expect(tab(/5 мая/).tabIndex).toBe(0);
    expect(tab(/9 мая/).tabIndex).toBe(-1);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tab(/5 мая/).id);
    expect(slotButtons().map((b) => b.textContent)).toEqual(['09:00', '09:30', '10:00']);
  });

  it('does nothing when a disabled tab is clicked', () => {
    renderCalendar();
    fireEvent.click(tab(/9 мая/));
    fireEvent.click(tab(/6–8 мая/));
    expect(selectedTab()).toBe(tab(/9 мая/));
    fireEvent.click(tab(/^Сегодня/));
    expect(selectedTab()).toBe(tab(/9 мая/));
    expect(slotButtons().map((b) => b.textContent)).toEqual(['18:00', '18:30']);
  });

  it('switches the day on a click and moves between days with slots by arrow keys', () => {
    renderCalendar();
    fireEvent.click(tab(/9 мая/));
    expect(selectedTab()).toBe(tab(/9 мая/));
    expect(slotButtons().map((b) => b.textContent)).toEqual(['18:00', '18:30']);

    const list = screen.getByRole('tablist');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(selectedTab()).toBe(tab(/5 мая/));
    expect(document.activeElement).toBe(tab(/5 мая/));
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selectedTab()).toBe(tab(/9 мая/));
    fireEvent.keyDown(list, { key: 'End' });
    expect(selectedTab()).toBe(tab(/10 мая/));
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selectedTab()).toBe(tab(/5 мая/));
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(selectedTab()).toBe(tab(/10 мая/));
    fireEvent.keyDown(list, { key: 'Home' });
    expect(selectedTab()).toBe(tab(/5 мая/));
  });

  it('colours weekend weekdays with the error colour unless the tab is active or disabled', () => {
    renderCalendar({ slots: { ...slots, '2026-05-10': [] } });
    const weekday = (t: HTMLElement) => t.querySelector('[data-weekday]')!.className;
    expect(weekday(tab(/9 мая/))).toContain('text-error');
    expect(weekday(tab(/5 мая/))).not.toContain('text-error');
    expect(weekday(tab(/10 мая/))).not.toContain('text-error');
    fireEvent.click(tab(/9 мая/));
    expect(weekday(tab(/9 мая/))).not.toContain('text-error');
  });

  it('sends the slot choice when a slot is pressed', () => {
    const onSelect = renderCalendar();
    fireEvent.click(screen.getByRole('button', { name: '09:30' }));
    expect(onSelect).toHaveBeenCalledWith({
      day: '2026-05-05',
      time: '09:30',
      duration: 30,
      dateName: '5 мая (вт)',
      selectedFullDate: '05.05.2026 09:30',
    });
  });

  it('shows two rows of slots and expands and collapses the rest', () => {
    renderCalendar({ initDay: '2026-05-10' });
    expect(selectedTab()).toBe(tab(/10 мая/));
    // happy-dom is a 1024 px desktop and lays nothing out: 5 columns, so 10 slots in two rows.
    expect(slotButtons().map(hidden)).toEqual([...Array(10).fill(false), true]);
    const toggle = screen.getByRole('button', { name: 'Ещё' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(slotButtons().map(hidden)).toEqual(Array(11).fill(false));
    expect(toggle.textContent).toBe('Свернуть');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(slotButtons().filter(hidden)).toHaveLength(1);
  });

  it('uses 4 columns on a phone', () => {
    const happyDOM = (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } })
      .happyDOM;
    happyDOM.setViewport({ width: 390 });
    try {
      renderCalendar({ slots: { '2026-05-05': times(9) } });
      expect(slotButtons().map(hidden)).toEqual([...Array(8).fill(false), true]);
      expect(screen.getByRole('button', { name: 'Ещё' }).getAttribute('aria-expanded')).toBe('false');
    } finally {
      happyDOM.setViewport({ width: 1024 });
    }
  });

  it('offers no expanding when the slots fit in two rows', () => {
    renderCalendar({ slots: { '2026-05-05': times(10) } });
    expect(slotButtons().some(hidden)).toBe(false);
    expect(screen.queryByRole('button', { name: 'Ещё' })).toBeNull();
  });

  it('opens on the first day matching the URL filters, and on initDay before them', () => {
    renderCalendar({ urlFilters: parseSlotFilters(new URLSearchParams('daytimes=evening')) });
    expect(selectedTab()).toBe(tab(/9 мая/));
    cleanup();
    renderCalendar({ initDay: '2026-05-10', urlFilters: parseSlotFilters({ daytimes: 'evening' }) });
    expect(selectedTab()).toBe(tab(/10 мая/));
    cleanup();
    renderCalendar({ initDay: '2026-05-06' });
    expect(selectedTab()).toBe(tab(/5 мая/));
  });

  it('is the placeholder calendar when no day has slots', () => {
    renderCalendar({ slots: { '2026-05-05': [] } });
    expect(screen.getByText('Запись недоступна').textContent).toBe('Запись недоступна');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
