// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AWARD_PHASES } from '../../../core/promo/award-phase';
import type { AwardYearInput } from '../../../core/promo/contracts';
import { AwardYearForm } from './award-year-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CONTENT = {
  title: 'Премия',
  image: '/a.png',
  events: [],
  button_text: 'Сайт',
  button_href: '/',
  dark: false,
};
const AWARD = {
  starts: Object.fromEntries(
    [...AWARD_PHASES, 'ends'].map((k, i) => [k, `2026-1${i % 3}-0${i + 1}T16:00:00.000Z`]),
  ),
  content: Object.fromEntries(AWARD_PHASES.map((p) => [p, CONTENT])),
} as unknown as AwardYearInput;

const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Сохранить' })));

describe('AwardYearForm', () => {
  it('puts the year with Moscow times and the phases’ JSON, then says it is saved', async () => {
    const fetchStub = vi.fn(async () => Response.json({}));
    vi.stubGlobal('fetch', fetchStub);
    render(<AwardYearForm year={2026} award={AWARD} savedAt={null} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Год ещё не сохранён/);
    expect((screen.getByLabelText('Анонс премии, МСК') as HTMLInputElement).value).toBe('2026-10-01T19:00');
    await save();
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ajax/promo/award/2026/');
    expect(init.method).toBe('PUT');
    const body = JSON.parse(String(init.body));
    expect(body.starts.announce).toBe('2026-10-01T19:00:00+03:00');
    expect(body.content.results).toEqual(CONTENT);
    expect(screen.getByRole('status').textContent).toBe('Сохранено');
  });

  it('refuses a phase that is not JSON without a call, and shows the server’s messages by field', async () => {
    const fetchStub = vi.fn(async () =>
      Response.json(
        { detail: 'Проверьте поля', errors: { 'content.announce.title': 'Обязательное поле' } },
        { status: 400 },
      ),
    );
    vi.stubGlobal('fetch', fetchStub);
    render(<AwardYearForm year={2026} award={AWARD} savedAt="2026-01-01T00:00:00Z" />);
    const announce = screen.getByLabelText('Анонс премии: содержимое (JSON)');
    fireEvent.change(announce, { target: { value: '{' } });
    await save();
    expect(fetchStub).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('«Анонс премии»: содержимое — не JSON');
    fireEvent.change(announce, { target: { value: '{}' } });
    await save();
    expect(screen.getByRole('status').textContent).toBe(
      'Проверьте поля\ncontent.announce.title: Обязательное поле',
    );
  });
});
