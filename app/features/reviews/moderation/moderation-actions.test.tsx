// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModerationActions, type ModerationTarget } from './moderation-actions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REVIEW: ModerationTarget = {
  kind: 'review',
  id: 9,
  actions: [
    { action: 'publish', title: 'Опубликовать' },
    { action: 'delete', title: 'Удалить', danger: true },
  ],
};

describe('ModerationActions', () => {
  it('publishes a review and reads out the rating it led to', async () => {
    const fetchStub = vi.fn(async () =>
      Response.json({ status: 'published', rating: 4.25, reviews_count: 12 }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const onDone = vi.fn();
    render(<ModerationActions target={REVIEW} onDone={onDone} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Опубликовать' })));
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/staff/reviews/9/moderate/');
    expect(JSON.parse(String(init.body))).toEqual({ action: 'publish', reason: null });
    expect(onDone).toHaveBeenCalledWith('Отзыв опубликован. Рейтинг: 4,3, 12 отзывов');
  });

  it('deletes an answer with its reason, and shows a refusal', async () => {
    const answers = [
      Response.json({ detail: 'Укажите причину удаления' }, { status: 400 }),
      Response.json({ status: 'deleted' }),
    ];
    const fetchStub = vi.fn(async () => answers.shift());
    vi.stubGlobal('fetch', fetchStub);
    const onDone = vi.fn();
    render(
      <ModerationActions
        target={{ kind: 'reply', id: 3, actions: [{ action: 'delete', title: 'Удалить', danger: true }] }}
        onDone={onDone}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    const remove = screen.getByRole('button', { name: 'Удалить с этой причиной' });
    await act(async () => fireEvent.click(remove));
    expect(screen.getByRole('alert').textContent).toBe('Укажите причину удаления');
    fireEvent.change(screen.getByLabelText('Причина удаления'), {
      target: { value: 'Нецензурные выражения' },
    });
    await act(async () => fireEvent.click(remove));
    const [url, init] = fetchStub.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/staff/replies/3/moderate/');
    expect(JSON.parse(String(init.body))).toEqual({ action: 'delete', reason: 'Нецензурные выражения' });
    expect(onDone).toHaveBeenCalledWith('Ответ удалён');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
