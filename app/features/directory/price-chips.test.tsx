// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PriceChips } from './price-chips';

afterEach(cleanup);

describe('PriceChips', () => {
  it('switches the price shown between visit types', () => {
    render(
      <PriceChips
        prices={[
          { type: 'clinic', price: 2500, clubPrice: 1750 },
          { type: 'home', price: 4000, clubPrice: null },
          { type: 'telemed', price: 1500, clubPrice: null },
        ]}
      />,
    );
    const chips = screen.getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['В клинике', 'На дому', 'Онлайн']);
    expect(screen.getByText('2 500 ₽')).toBeTruthy();
    expect(screen.getByText('1 750 ₽ в клубе')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'На дому' }));
    expect(screen.getByRole('button', { name: 'На дому' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('4 000 ₽')).toBeTruthy();
    expect(screen.queryByText(/в клубе/)).toBeNull();
  });

  it('shows a single visit type as a label, without chips', () => {
    render(<PriceChips prices={[{ type: 'telemed', price: 990, clubPrice: null }]} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(/Онлайн:/)).toBeTruthy();
  });

  it('adds the partner app’s price to the online visit only', () => {
    render(
      <PriceChips
        prices={[
          { type: 'clinic', price: 2500, clubPrice: null },
          { type: 'telemed', price: 1500, clubPrice: null },
        ]}
        partnerPrice={1350}
      />,
    );
    expect(screen.queryByText(/МедТочка/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Онлайн' }));
    expect(screen.getByText('В приложении МедТочка:')).toBeTruthy();
    expect(screen.getByText('1 350 ₽')).toBeTruthy();
  });
});
