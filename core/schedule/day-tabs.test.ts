import { describe, expect, it } from 'vitest';
import {
  buildDayTabs,
  type DaySlots,
  formatSlotShort,
  rangeTitle,
  slotChoice,
  slotGridColumns,
  slotGridLayout,
} from './day-tabs';

/** `n` consecutive days from `first` (tests stay inside one year). */
function daysFrom(first: string, n: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

const slot = { time: '09:00', duration: 30 };

describe('buildDayTabs', () => {
  it('titles each day d MMM with its short weekday and labels today and tomorrow', () => {
    const days = daysFrom('2026-05-04', 3);
    const slots: DaySlots = Object.fromEntries(days.map((d) => [d, [slot]]));
    const { tabs, placeholder } = buildDayTabs({ days, slots, today: '2026-05-04' });
    expect(placeholder).toBe(false);
    expect(tabs.map((t) => [t.date, t.title, t.subtitle, t.label, t.disabled])).toEqual([
      ['2026-05-04', '4 мая', 'пн', 'Сегодня', false],
      ['2026-05-05', '5 мая', 'вт', 'Завтра', false],
      ['2026-05-06', '6 мая', 'ср', null, false],
    ]);
  });

  it('labels tomorrow across a month and a year end', () => {
    const slots: DaySlots = { '2027-01-01': [slot] };
    const { tabs } = buildDayTabs({ days: ['2026-12-31', '2027-01-01'], slots, today: '2026-12-31' });
    expect(tabs.map((t) => [t.title, t.label, t.disabled])).toEqual([
      ['31 дек.', 'Сегодня', true],
      ['1 янв.', 'Завтра', false],
    ]);
  });

  it('merges a run of empty days into one disabled tab with a range title and joined weekdays', () => {
    const days = daysFrom('2026-05-04', 5);
    const slots: DaySlots = { '2026-05-04': [slot], '2026-05-05': [], '2026-05-08': [slot] };
    const { tabs } = buildDayTabs({ days, slots, today: '2026-05-04' });
    expect(tabs).toHaveLength(3);
    expect(tabs[1]).toEqual({
      date: '2026-05-05',
      days: ['2026-05-05', '2026-05-06', '2026-05-07'],
      title: '5–7 мая',
      subtitle: 'вт–чт',
      label: null,
      disabled: true,
      weekend: false,
    });
    expect(tabs[2]).toMatchObject({ title: '8 мая', subtitle: 'пт', disabled: false });
  });

  it('keeps a single empty day as its own disabled tab, label included', () => {
    const days = daysFrom('2026-05-04', 3);
    const slots: DaySlots = { '2026-05-04': [slot], '2026-05-06': [slot] };
    const { tabs } = buildDayTabs({ days, slots, today: '2026-05-04' });
    expect(tabs.map((t) => [t.title, t.label, t.disabled])).toEqual([
      ['4 мая', 'Сегодня', false],
      ['5 мая', 'Завтра', true],
      ['6 мая', null, false],
    ]);
  });

  it('writes a merged run across months with a spaced dash', () => {
    const days = daysFrom('2026-04-29', 5);
    const slots: DaySlots = { '2026-04-29': [slot], '2026-05-03': [slot] };
    const { tabs } = buildDayTabs({ days, slots, today: '2026-04-29' });
    expect(tabs[1]).toMatchObject({ title: '30 апр. – 2 мая', subtitle: 'чт–сб', disabled: true });
  });

  it('merges trailing empty days at the end of the range too', () => {
    const days = daysFrom('2026-05-04', 4);
    const { tabs } = buildDayTabs({ days, slots: { '2026-05-04': [slot] }, today: '2026-05-04' });
    expect(tabs.map((t) => t.title)).toEqual(['4 мая', '5–7 мая']);
  });

  it('flags weekend days; a merged run is a weekend only when all its days are', () => {
    const days = daysFrom('2026-05-08', 5); // пт, сб, вс, пн, вт
    const slots: DaySlots = { '2026-05-08': [slot], '2026-05-09': [slot], '2026-05-10': [slot] };
    const { tabs } = buildDayTabs({ days, slots, today: '2026-05-01' });
    expect(tabs.map((t) => [t.subtitle, t.weekend])).toEqual([
      ['пт', false],
      ['сб', true],
      ['вс', true],
      ['пн–вт', false],
    ]);
    const weekendRun = buildDayTabs({ days, slots: { '2026-05-08': [slot] }, today: '2026-05-01' }).tabs;
    expect(weekendRun.map((t) => [t.title, t.weekend])).toEqual([
      ['8 мая', false],
      ['9–12 мая', false],
    ]);
    const satSun = buildDayTabs({
      days: daysFrom('2026-05-08', 4),
      slots: { '2026-05-08': [slot], '2026-05-11': [slot] },
      today: '2026-05-01',
    }).tabs;
    expect(satSun[1]).toMatchObject({ title: '9–10 мая', subtitle: 'сб–вс', weekend: true });
  });

  it('turns into the placeholder when no day has slots, keeping the days unmerged', () => {
    const days = daysFrom('2026-05-04', 3);
    const { tabs, placeholder } = buildDayTabs({ days, slots: { '2026-05-05': [] }, today: '2026-05-04' });
    expect(placeholder).toBe(true);
    expect(tabs.map((t) => [t.title, t.disabled])).toEqual([
      ['4 мая', true],
      ['5 мая', true],
      ['6 мая', true],
    ]);
  });

  it('gives the placeholder for an empty day list', () => {
    expect(buildDayTabs({ days: [], slots: {}, today: '2026-05-04' })).toEqual({
      tabs: [],
      placeholder: true,
    });
  });
});

describe('rangeTitle', () => {
  it('writes runs within a month, across months and across a year end', () => {
    expect(rangeTitle('2026-05-05', '2026-05-07')).toBe('5–7 мая');
    expect(rangeTitle('2026-11-29', '2026-12-01')).toBe('29 нояб. – 1 дек.');
    expect(rangeTitle('2026-12-31', '2027-01-02')).toBe('31 дек. – 2 янв.');
  });
});

describe('slot grid', () => {
  it('has 4 columns on phones whatever the width, 5 on desktop below 500 px', () => {
    expect(slotGridColumns({ desktop: false, containerWidth: 900 })).toBe(4);
    expect(slotGridColumns({ desktop: true, containerWidth: 0 })).toBe(5);
    expect(slotGridColumns({ desktop: true, containerWidth: 499 })).toBe(5);
  });

  it('gives a desktop container of 500 px or more width / 100 columns, rounded', () => {
    expect(slotGridColumns({ desktop: true, containerWidth: 500 })).toBe(5);
    expect(slotGridColumns({ desktop: true, containerWidth: 649 })).toBe(6);
    expect(slotGridColumns({ desktop: true, containerWidth: 650 })).toBe(7);
    expect(slotGridColumns({ desktop: true, containerWidth: 820 })).toBe(8);
  });

  it('shows two rows and offers expanding only above two rows', () => {
    expect(slotGridLayout(8, 4)).toEqual({ visible: 8, collapsible: false });
    expect(slotGridLayout(9, 4)).toEqual({ visible: 8, collapsible: true });
    expect(slotGridLayout(10, 5)).toEqual({ visible: 10, collapsible: false });
    expect(slotGridLayout(11, 5)).toEqual({ visible: 10, collapsible: true });
  });
});

describe('slotChoice', () => {
  it('carries the day, time, duration, a date name and the full date for the redirect', () => {
    expect(slotChoice('2026-05-05', { time: '09:30', duration: 20 })).toEqual({
      day: '2026-05-05',
      time: '09:30',
      duration: 20,
      dateName: '5 мая (вт)',
      selectedFullDate: '05.05.2026 09:30',
    });
  });

  it('cuts seconds off a HH:mm:ss time', () => {
    expect(slotChoice('2027-01-01', { time: '18:05:00', duration: 30 })).toMatchObject({
      time: '18:05',
      dateName: '1 янв. (пт)',
      selectedFullDate: '01.01.2027 18:05',
    });
  });
});

describe('an offered time', () => {
  it('reads as the calendar names it', () => {
    expect(formatSlotShort('2026-11-26', '14:00')).toBe('чт, 26 нояб., 14:00');
    expect(formatSlotShort('2026-05-04', '09:30')).toBe('пн, 4 мая, 09:30');
  });
});
