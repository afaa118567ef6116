// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboxCounts, RatingTrend } from '../../../../core/reviews/contracts';
import { InboxFilters, inboxHref, RatingTrendChart } from './inbox-filters';

afterEach(cleanup);

const COUNTS: InboxCounts = {
  total: 3,
  unanswered: 2,
  tone: { positive: 1, neutral: 0, negative: 2 },
  period: { all: 3, '30': 1, '90': 2, '365': 3 },
  doctors: [
    { id: 7, name: 'Иванова Анна', count: 2 },
    { id: 9, name: 'Петров Олег', count: 1 },
  ],
};

describe('InboxFilters', () => {
  it('links each filter value with its count, keeping the other filters and dropping the page', () => {
    render(<InboxFilters counts={COUNTS} search="?tone=negative&page=3" navigate={vi.fn()} />);
    const nav = screen.getByRole('navigation', { name: 'Фильтры отзывов' });
    const link = (name: RegExp) => within(nav).getByRole('link', { name });
    expect(link(/^Без ответа 2$/).getAttribute('href')).toBe('?tone=negative&unanswered=1');
    expect(link(/^Отрицательные 2$/).getAttribute('aria-current')).toBe('true');
    expect(link(/^Положительные 1$/).getAttribute('href')).toBe('?tone=positive');
    expect(link(/^Все 3$/).getAttribute('href')).toBe('?');
    expect(link(/^За 30 дней 1$/).getAttribute('href')).toBe('?tone=negative&period=30');
    expect(link(/^За всё время 3$/).getAttribute('aria-current')).toBe('true');
  });

  it("'Без ответа' when on links back to the whole inbox", () => {
    render(<InboxFilters counts={COUNTS} search="?unanswered=1" navigate={vi.fn()} />);
    expect(screen.getByRole('link', { name: /^Без ответа/ }).getAttribute('href')).toBe('?');
  });

  it("a clinic's doctor is chosen in the select, with each doctor's count", async () => {
    const navigate = vi.fn();
    render(<InboxFilters counts={COUNTS} search="?period=90" navigate={navigate} />);
    await act(async () => fireEvent.click(screen.getByRole('combobox', { name: /^Врач/ })));
    await act(async () => fireEvent.click(screen.getByRole('option', { name: 'Иванова Анна (2)' })));
    expect(navigate).toHaveBeenCalledWith('?period=90&doctor=7');
  });

  it('a doctor (no doctor list) gets no select', () => {
    render(<InboxFilters counts={{ ...COUNTS, doctors: [] }} search="" navigate={vi.fn()} />);
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('inboxHref drops a filter set to null', () => {
    expect(inboxHref('?doctor=7&tone=neutral', 'doctor', null)).toBe('?tone=neutral');
  });
});

describe('RatingTrendChart', () => {
  const months = (avgs: (number | null)[]): RatingTrend['months'] =>
    avgs.map((average, i) => ({
      month: `2026-${String(i + 1).padStart(2, '0')}`,
      count: average ? 1 : 0,
      average,
    }));

  it('shows each month with reviews and the change over half a year', () => {
    render(<RatingTrendChart trend={{ months: months([null, 4.5, null, 3.75]), change: -0.75 }} />);
    const chart = screen.getByRole('region', { name: 'Оценка по месяцам' });
    expect(within(chart).getByText('−0,75 за полгода')).toBeTruthy();
    expect(within(chart).getByText('4,5')).toBeTruthy();
    expect(within(chart).getAllByRole('listitem')).toHaveLength(4);
  });

  it('says when there is too little to compare', () => {
    render(<RatingTrendChart trend={{ months: months([null, null]), change: null }} />);
    expect(screen.getByText(/мало отзывов/)).toBeTruthy();
  });
});
