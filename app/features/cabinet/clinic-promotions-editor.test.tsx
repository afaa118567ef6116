// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClinicPromotions } from '../../../core/cabinet/clinic-page-contracts';
import { CLINIC_PAGE_TEXTS as T } from '../../../core/clinic/page-editor';
import { ClinicPromotionsEditor } from './clinic-promotions-editor';
import { json, stubFetch } from './fetch-stub';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const empty: ClinicPromotions = {
  available: true,
  upgrade: null,
  today: '2025-03-03',
  current: [],
  ended: [],
};
const promo = { id: 9, title: 'Скидка на УЗИ', body: 'По будням', startsOn: '2025-03-03', endsOn: null };

describe('ClinicPromotionsEditor', () => {
  it('adds a promotion, then ends it', async () => {
    const stub = stubFetch(json({ ...empty, current: [promo] }), json({ ...empty, ended: [promo] }));
    render(<ClinicPromotionsEditor promotions={empty} />);
    fireEvent.change(screen.getByRole('textbox', { name: T.title }), { target: { value: promo.title } });
    fireEvent.change(screen.getByRole('textbox', { name: T.body }), { target: { value: promo.body } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.addPromotion })));
    expect(stub.sent(0)).toMatchObject({
      url: '/cabinet/ajax/clinic/promotions/',
      body: { title: promo.title, body: promo.body, startsOn: '2025-03-03', endsOn: null },
    });
    expect(screen.getByRole('status').textContent).toBe(T.promotionAdded);
    expect((screen.getByRole('textbox', { name: T.title }) as HTMLInputElement).value).toBe('');
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: `${T.endPromotion}: ${promo.title}` })),
    );
    expect(stub.sent(1)).toMatchObject({ url: '/cabinet/ajax/clinic/promotions/9/end/' });
    expect(screen.getByRole('status').textContent).toBe(T.promotionEndedNow);
  });

  it('shows a refused title by its field', async () => {
    stubFetch(json({ detail: T.titleMissing, code: 'bad_request', errors: { title: T.titleMissing } }, 400));
    render(<ClinicPromotionsEditor promotions={empty} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.addPromotion })));
    const title = screen.getByRole('textbox', { name: T.title });
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(T.titleMissing)).toBeTruthy();
  });
});
