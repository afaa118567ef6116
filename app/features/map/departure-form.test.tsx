// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAP_TEXTS } from '../../../core/map/rules';
import { DepartureForm } from './departure-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CLINIC = {
  id: 1,
  name: 'Клиника',
  address: 'ул. Ленина, 1',
  phone: null,
  href: '/c/1/',
  lat: 55.75,
  lon: 37.62,
};

function renderForm(onDeparture = vi.fn()) {
  render(<DepartureForm townSlug="moskva" clinic={CLINIC} onCancel={vi.fn()} onDeparture={onDeparture} />);
  fireEvent.change(screen.getByLabelText(MAP_TEXTS.fromLabel), { target: { value: 'Тверская 1' } });
  return onDeparture;
}

const plan = () => act(async () => fireEvent.click(screen.getByRole('button', { name: MAP_TEXTS.plan })));

describe('DepartureForm', () => {
  it('geocodes the typed address in the town and departs from it', async () => {
    const place = { title: 'Тверская улица, 1', subtitle: 'Москва', lat: 55.757, lon: 37.613 };
    const fetchStub = vi.fn(async () => Response.json(place));
    vi.stubGlobal('fetch', fetchStub);
    const onDeparture = renderForm();
    await plan();
    expect(String((fetchStub.mock.calls[0] as unknown as [string])[0])).toBe(
      '/api/map/geocode/?town=moskva&q=%D0%A2%D0%B2%D0%B5%D1%80%D1%81%D0%BA%D0%B0%D1%8F+1',
    );
    expect(onDeparture).toHaveBeenCalledWith(place);
  });

  it('says the address was not found, and the plan waits for another', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ detail: MAP_TEXTS.notFound, code: 'address_not_found' }, { status: 404 }),
      ),
    );
    const onDeparture = renderForm();
    await plan();
    expect(screen.getByRole('alert').textContent).toBe(MAP_TEXTS.notFound);
    expect(screen.getByRole('button', { name: MAP_TEXTS.plan }).hasAttribute('disabled')).toBe(true);
    expect(onDeparture).not.toHaveBeenCalled();
  });
});
