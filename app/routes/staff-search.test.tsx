// @vitest-environment happy-dom
/** `/staff/search/`: the searches that found nothing, for staff (issue 47, item 1). */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import StaffSearch, { type StaffSearchData } from './staff-search';

afterEach(cleanup);

const page = (d: Partial<StaffSearchData>) =>
  render(<StaffSearch loaderData={{ days: 7, access: 'ok', misses: [], ...d }} />);

describe('/staff/search/', () => {
  it('lists the queries most searched without results, with their count and last day', () => {
    page({
      days: 30,
      misses: [
        { query: 'болит локоть у собаки', count: 12, lastDay: '2026-11-22' },
        { query: 'справка в бассейн', count: 3, lastDay: '2026-11-02' },
      ],
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Поиск без результатов');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => [...r.querySelectorAll('th,td')].map((c) => c.textContent))).toEqual([
      ['Запрос', 'Поисков', 'Последний раз'],
      ['болит локоть у собаки', '12', '22 нояб.'],
      ['справка в бассейн', '3', '2 нояб.'],
    ]);
    const period = screen.getByRole('navigation', { name: 'Период' });
    expect(within(period).getByRole('link', { current: 'page' }).textContent).toBe('За 30 дней');
    expect(within(period).getByRole('link', { name: 'За 7 дней' }).getAttribute('href')).toBe(
      '/staff/search/?days=7',
    );
  });

  it('says when nothing went unfound', () => {
    page({ misses: [] });
    expect(screen.getByText('Пустых поисков за этот период нет.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows others why not, and offers a guest to sign in', () => {
    page({ access: 'denied', misses: null });
    expect(screen.getByRole('status').textContent).toBe('Раздел только для сотрудников ПроДокторов');
    expect(screen.queryByRole('link', { name: 'Войти' })).toBeNull();
    cleanup();
    page({ access: 'signIn', misses: null, days: 30 });
    expect(screen.getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe(
      `/login/?next=${encodeURIComponent('/staff/search/?days=30')}`,
    );
  });
});
