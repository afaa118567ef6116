// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_TEXT_MIN } from '../../../../core/reviews/write';
import { ReviewForm, type ReviewFormProps } from './review-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PROPS: ReviewFormProps = {
  kind: 'doctor',
  id: 7,
  url: '/moskva/vrach/7-ivanov/',
  criteria: ['Эффективность лечения', 'Отношение к пациенту'],
  tags: [],
  months: ['2026-03', '2026-02'],
};
const TEXT = 'Врач внимательно выслушал и объяснил план лечения. '.repeat(Math.ceil(REVIEW_TEXT_MIN / 40));

function fill() {
  fireEvent.click(within(screen.getByRole('group', { name: 'Эффективность лечения' })).getByTitle('Отлично'));
  fireEvent.change(screen.getByRole('textbox', { name: 'Ваш отзыв' }), { target: { value: TEXT } });
}

const submit = () =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: 'Отправить отзыв' })));

describe('ReviewForm', () => {
  it('posts the stars, the text and the subject as a form, then thanks the patient', async () => {
    const fetchStub = vi.fn(async () => Response.json({ status: 'pending' }, { status: 201 }));
    vi.stubGlobal('fetch', fetchStub);
    vi.stubGlobal('scrollTo', vi.fn());
    render(<ReviewForm {...PROPS} />);
    fill();
    await submit();
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/reviews/');
    const body = init.body;
    if (!(body instanceof FormData)) throw new Error('the review is sent as a form');
    expect(body.getAll('stars')).toEqual(['5', '']);
    expect(body.get('doctor_id')).toBe('7');
    expect(body.get('text')).toBe(TEXT);
    expect(body.get('visit_month')).toBe('2026-03');
    expect(screen.getByRole('status').textContent).toContain('Спасибо! Отзыв отправлен на проверку');
  });

  it('checks the stars and the text before any call', async () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    render(<ReviewForm {...PROPS} />);
    await submit();
    expect(fetchStub).not.toHaveBeenCalled();
    expect(screen.getByText('Поставьте хотя бы одну оценку')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Ваш отзыв' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the server’s messages under their fields, and a refusal without them above the button', async () => {
    const answers = [
      Response.json(
        { detail: 'Ошибка в данных', errors: { visit_month: 'Приём не может быть в будущем' } },
        { status: 400 },
      ),
      Response.json({ detail: 'Вы уже оставили отзыв об этом враче' }, { status: 409 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()),
    );
    render(<ReviewForm {...PROPS} />);
    fill();
    await submit();
    const month = screen.getByRole('combobox', { name: 'Когда вы были на приёме?' });
    expect(month.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(month);
    expect(screen.getByText('Приём не может быть в будущем')).toBeTruthy();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Вы уже оставили отзыв об этом враче');
  });
});
