// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeWarningControl } from './fake-warning-control';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SUBJECT = { kind: 'doctor' as const, id: 5, name: 'Иванов И. И.', url: '/v/5/', fakeWarning: null };

describe('FakeWarningControl', () => {
  it('sets the subject’s warning and says so', async () => {
    const fetchStub = vi.fn(async () => Response.json({ warning: 'rating' }));
    vi.stubGlobal('fetch', fetchStub);
    const onDone = vi.fn();
    render(<FakeWarningControl subject={SUBJECT} onDone={onDone} />);
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Накрутка на странице:'), { target: { value: 'rating' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Сохранить' })));
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/staff/fake-warning/');
    expect(JSON.parse(String(init.body))).toEqual({ kind: 'doctor', id: 5, warning: 'rating' });
    expect(onDone).toHaveBeenCalledWith('Предупреждение «Накрутка рейтинга» на странице: Иванов И. И.');
  });

  it('shows the refusal, and our text when no answer came', async () => {
    const answers = [
      () => Response.json({ detail: 'Нет прав' }, { status: 403 }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()?.()),
    );
    const onDone = vi.fn();
    render(<FakeWarningControl subject={SUBJECT} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('Накрутка на странице:'), { target: { value: 'review' } });
    const save = screen.getByRole('button', { name: 'Сохранить' });
    await act(async () => fireEvent.click(save));
    expect(screen.getByRole('alert').textContent).toBe('Нет прав');
    await act(async () => fireEvent.click(save));
    expect(screen.getByRole('alert').textContent).toMatch(/^Не удалось связаться с сервером/);
    expect(onDone).not.toHaveBeenCalled();
  });
});
