// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CabinetPriceLine, CabinetPrices } from '../../../core/cabinet/price-contracts';
import { PRICE_LIMITS, PRICE_TEXTS as T } from '../../../core/cabinet/prices';
import { PriceEditor } from './price-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const line: CabinetPriceLine = {
  id: 41,
  synonymId: 5,
  synonymName: 'Ферритин',
  classId: 2,
  name: 'Ферритин',
  durationMinutes: 10,
  priceFull: 900,
  priceClub: null,
  requiresPrimaryConsultation: false,
  appointmentOn: true,
  hasIntervals: false,
  isAvailableAppointmentDirect: false,
  visitPrice: false,
  doctor: null,
  version: 'v1',
};
const prices: CabinetPrices = {
  clinicId: 3,
  club: { enabled: true, discountPercent: 10 },
  updateStatus: { code: 1, date: '2030-03-01' },
  groups: [{ classId: 2, name: 'Анализы', lines: [line] }],
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

const click = (name: string, root: HTMLElement = document.body) =>
  act(async () => fireEvent.click(within(root).getByRole('button', { name })));
const lineForm = () => document.querySelector('[data-price-form="41"]') as HTMLElement;

describe('PriceEditor', () => {
  it('shows a refused price by its field, then saves the line and shows the list as saved', async () => {
    const sent = server({
      'POST /cabinet/ajax/prices/41/': [
        {
          status: 400,
          body: { detail: T.clubAboveFull, code: 'bad_request', errors: { price_club: T.clubAboveFull } },
        },
        {
          body: { ...prices, groups: [{ ...prices.groups[0], lines: [{ ...line, priceFull: 1200 }] }] },
        },
      ],
    });
    render(<PriceEditor initial={prices} />);
    await click(`${T.edit}: Ферритин`);
    // The name field takes as many characters as the server keeps (it let 220 through before).
    expect(within(lineForm()).getByLabelText(T.name).getAttribute('maxlength')).toBe(
      String(PRICE_LIMITS.nameMax),
    );
    fireEvent.change(within(lineForm()).getByLabelText(T.priceFull), { target: { value: '1200' } });
    fireEvent.change(within(lineForm()).getByLabelText(T.priceClub), { target: { value: '1300' } });
    await click(T.save, lineForm());
    const club = within(lineForm()).getByLabelText(T.priceClub);
    expect(club.getAttribute('aria-invalid')).toBe('true');
    expect(within(lineForm()).getByText(T.clubAboveFull)).toBeTruthy();
    // The field says it; the status line does not repeat it.
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(club, { target: { value: '' } });
    await click(T.save, lineForm());
    expect(sent[1].body).toMatchObject({ price_full: 1200, price_club: null, version: 'v1' });
    expect(screen.getByRole('status').textContent).toBe(T.saved);
    expect(lineForm()).toBeNull();
    expect(document.querySelector('[data-price-line="41"] [data-line-price]')?.textContent).toMatch(/1\s200/);
  });

  it('offers to reload the list when the line changed since it was shown', async () => {
    const sent = server({
      'DELETE /cabinet/ajax/prices/41/': [{ status: 409, body: { detail: T.stale, code: 'stale' } }],
      'GET /cabinet/ajax/prices/': [{ body: { ...prices, groups: [] } }],
    });
    render(<PriceEditor initial={prices} />);
    await click(`${T.remove}: Ферритин`);
    await click(T.remove);
    expect(screen.getByRole('alert').textContent).toBe(T.stale);
    await click('Обновить');
    expect(sent.map((s) => s.route)).toEqual([
      'DELETE /cabinet/ajax/prices/41/',
      'GET /cabinet/ajax/prices/',
    ]);
    expect(document.querySelector('[data-price-line]')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ClubEditor', () => {
  it('saves the club participation, and shows a refused discount by its field', async () => {
    const sent = server({
      'POST /cabinet/ajax/prices/club/': [
        { status: 400, body: { detail: T.discount, errors: { discount_percent: T.discount } } },
        { body: { enabled: true, discountPercent: 10 } },
      ],
    });
    render(<PriceEditor initial={prices} />);
    const form = screen.getByRole('form', { name: T.clubTitle });
    const discount = within(form).getByLabelText(T.clubDiscount);
    fireEvent.change(discount, { target: { value: '95' } });
    await click(T.save, form);
    expect(discount.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText(T.discount)).toBeTruthy();
    fireEvent.change(discount, { target: { value: '10' } });
    await click(T.save, form);
    expect(sent[1].body).toEqual({ enabled: true, discount_percent: 10 });
    expect(within(screen.getByRole('form', { name: T.clubTitle })).getByRole('status').textContent).toBe(
      T.clubSaved,
    );
  });
});
