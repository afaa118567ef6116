// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BULK_ERRORS } from '../../../../core/reviews/moderation-contracts';
import { BulkModeration, QueueFilters } from './queue-filters';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderFilters(values = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/staff/reviews/',
        element: <QueueFilters status="pending" q="боль" values={values} matching={3} />,
        loader: () => null,
      },
    ],
    { initialEntries: ['/staff/reviews/?status=pending&q=боль'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('QueueFilters', () => {
  it('shows the filters as the address has them, with how many reviews match', async () => {
    renderFilters({ town: '2', tone: 'negative', from: '2026-11-01', documents: '1' });
    const form = await screen.findByRole('form', { name: 'Фильтры очереди' });
    expect((within(form).getByLabelText('Город №') as HTMLInputElement).value).toBe('2');
    expect((within(form).getByLabelText('Тон') as HTMLSelectElement).value).toBe('negative');
    expect((within(form).getByLabelText('С даты') as HTMLInputElement).value).toBe('2026-11-01');
    expect((within(form).getByLabelText('С документами') as HTMLInputElement).checked).toBe(true);
    expect(within(form).getByRole('status').textContent).toBe('Подходит: 3 отзыва');
    expect(within(form).getByRole('link', { name: 'Сбросить' }).getAttribute('href')).toBe(
      `?status=pending&q=${encodeURIComponent('боль')}`,
    );
  });

  it('submits the chosen filters with the state and the search', async () => {
    const router = renderFilters();
    const form = await screen.findByRole('form', { name: 'Фильтры очереди' });
    fireEvent.change(within(form).getByLabelText('Клиника №'), { target: { value: '15' } });
    fireEvent.change(within(form).getByLabelText('Тон'), { target: { value: 'positive' } });
    fireEvent.click(within(form).getByLabelText('С документами'));
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Показать' })));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toMatchObject({
      status: 'pending',
      q: 'боль',
      clinic: '15',
      tone: 'positive',
      documents: '1',
    });
  });
});

describe('BulkModeration', () => {
  it('is not shown with nothing ticked', () => {
    render(<BulkModeration selected={[]} onDone={vi.fn()} />);
    expect(screen.queryByRole('region', { name: 'Выбранные отзывы' })).toBeNull();
  });

  it('refuses without a reason, with no call', async () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    render(<BulkModeration selected={[3, 5]} onDone={vi.fn()} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Отклонить выбранные' })));
    expect(fetchStub).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Причина решения').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(BULK_ERRORS.reason)).toBeTruthy();
  });

  it('sends the ticked reviews, the action and the reason, and says what was done', async () => {
    const fetchStub = vi.fn(async () =>
      Response.json({
        items: [
          { id: 3, status: 'deleted' },
          { id: 5, status: 'deleted' },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const onDone = vi.fn();
    render(<BulkModeration selected={[3, 5]} onDone={onDone} />);
    expect(screen.getByText('Выбрано: 2 отзыва')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Причина решения'), { target: { value: 'Реклама' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Отклонить выбранные' })));
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/staff/reviews/bulk/');
    expect(JSON.parse(String(init.body))).toEqual({ ids: [3, 5], action: 'delete', reason: 'Реклама' });
    expect(onDone).toHaveBeenCalledWith('Отклонено: 2 отзыва');
  });

  it("shows the server's refusal of the whole batch", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { detail: 'Отзыв №5: Отзыв уже в этом состоянии', code: 'same_state' },
          { status: 409 },
        ),
      ),
    );
    const onDone = vi.fn();
    render(<BulkModeration selected={[3, 5]} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('Причина решения'), { target: { value: 'Проверено' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Опубликовать выбранные' })));
    expect(screen.getByRole('alert').textContent).toBe('Отзыв №5: Отзыв уже в этом состоянии');
    expect(onDone).not.toHaveBeenCalled();
  });
});
