// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VisitPrices } from '../../../core/cabinet/visit-price-contracts';
import { VISIT_PRICE_TEXTS as T } from '../../../core/cabinet/visit-prices';
import { VisitPriceEditor } from './visit-price-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const prices: VisitPrices = {
  editable: true,
  places: [
    {
      workplaceId: 7,
      doctorId: 3,
      doctor: 'Пак Вячеслав Валерьевич',
      clinicId: 2,
      clinicName: 'Медицинский центр «Тест»',
      address: 'Рязанский проспект, 58',
      prices: [
        { visitType: 'clinic', price: 4200, clubPrice: 2940 },
        { visitType: 'home', price: 6000, clubPrice: null },
      ],
    },
  ],
};

function server(routes: Record<string, { status?: number; body: unknown }[]>) {
  const sent: { route: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const route = `${init.method} ${url}`;
      sent.push({ route, body: init.body ? JSON.parse(String(init.body)) : null });
      const answer = routes[route]?.shift();
      if (!answer) throw new Error(`no answer for ${route}`);
      return Response.json(answer.body, { status: answer.status ?? 200 });
    }),
  );
  return sent;
}

const form = (key: string) => document.querySelector(`[data-visit-price="${key}"]`) as HTMLElement;

describe('VisitPriceEditor', () => {
  it('shows a refused price by its field, then saves it and shows the prices as saved', async () => {
    const sent = server({
      'POST /cabinet/ajax/doctor-prices/7/': [
        { status: 400, body: { detail: T.price, code: 'bad_request', errors: { price: T.price } } },
        {
          body: {
            ...prices,
            places: [
              {
                ...prices.places[0],
                prices: [{ visitType: 'clinic', price: 4700, clubPrice: 3290 }, prices.places[0].prices[1]],
              },
            ],
          },
        },
      ],
    });
    render(<VisitPriceEditor initial={prices} />);
    expect(screen.getByRole('heading', { name: T.title })).toBeTruthy();
    const input = within(form('7-clinic')).getByLabelText('Приём в клинике, ₽');
    expect((input as HTMLInputElement).value).toBe('4200');
    expect(within(form('7-clinic')).getByText(/2\s940\s₽ в клубе/)).toBeTruthy();

    fireEvent.change(input, { target: { value: '0' } });
    await act(async () =>
      fireEvent.click(within(form('7-clinic')).getByRole('button', { name: /Сохранить/ })),
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(within(form('7-clinic')).getByText(T.price)).toBeTruthy();
    // The field says it; no status line repeats it, and the other visit's form is untouched.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(form('7-home')).queryByText(T.price)).toBeNull();

    fireEvent.change(input, { target: { value: '4 700' } });
    await act(async () =>
      fireEvent.click(within(form('7-clinic')).getByRole('button', { name: /Сохранить/ })),
    );
    expect(sent.map((s) => [s.route, s.body])).toEqual([
      ['POST /cabinet/ajax/doctor-prices/7/', { visit_type: 'clinic', price: 0 }],
      ['POST /cabinet/ajax/doctor-prices/7/', { visit_type: 'clinic', price: 4700 }],
    ]);
    expect(within(form('7-clinic')).getByRole('status').textContent).toBe(T.saved);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(within(form('7-clinic')).getByText(/3\s290\s₽ в клубе/)).toBeTruthy();
  });

  it("reads a doctor's prices without a form to change them", () => {
    server({});
    render(<VisitPriceEditor initial={{ ...prices, editable: false }} />);
    expect(screen.getByText(T.doctorLead)).toBeTruthy();
    expect(screen.getByText('Медицинский центр «Тест»')).toBeTruthy();
    expect(screen.getByText(/4\s200\s₽/)).toBeTruthy();
    expect(screen.getByText(/6\s000\s₽/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
