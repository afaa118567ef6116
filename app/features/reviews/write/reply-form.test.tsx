// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReplyForm } from './reply-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ANSWER = 'Спасибо за отзыв, рады, что лечение помогло!';

describe('ReplyForm', () => {
  it('sends the answer to the review’s replies and hands the sent text back', async () => {
    const fetchStub = vi.fn(async () => Response.json({ status: 'pending' }, { status: 201 }));
    vi.stubGlobal('fetch', fetchStub);
    const onSent = vi.fn();
    render(<ReplyForm reviewId={42} onSent={onSent} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Ваш ответ' }), {
      target: { value: `  ${ANSWER} ` },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Отправить ответ' })));
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/reviews/42/replies/');
    expect(JSON.parse(String(init.body))).toEqual({ text: `  ${ANSWER} ` });
    expect(onSent).toHaveBeenCalledWith(ANSWER);
  });

  it('refuses a short answer without a call', async () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    render(<ReplyForm reviewId={42} onSent={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Ваш ответ' }), { target: { value: 'Ок' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Отправить ответ' })));
    expect(fetchStub).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Ваш ответ' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Ответ слишком короткий/)).toBeTruthy();
  });

  it('shows the server’s message for the text under it, and its refusal otherwise', async () => {
    const answers = [
      Response.json({ detail: 'Ошибка в данных', errors: { text: 'Слишком много ссылок' } }, { status: 400 }),
      Response.json({ detail: 'Вы уже ответили на этот отзыв' }, { status: 409 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()),
    );
    const onSent = vi.fn();
    render(<ReplyForm reviewId={42} onSent={onSent} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Ваш ответ' }), { target: { value: ANSWER } });
    const send = screen.getByRole('button', { name: 'Отправить ответ' });
    await act(async () => fireEvent.click(send));
    expect(screen.getByText('Слишком много ссылок')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => fireEvent.click(send));
    expect(screen.getByRole('alert').textContent).toBe('Вы уже ответили на этот отзыв');
    expect(onSent).not.toHaveBeenCalled();
  });
});
