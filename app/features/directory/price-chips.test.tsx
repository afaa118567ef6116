// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatRub } from '../../../core/money/money';
import { PriceChips } from './price-chips';

afterEach(cleanup);

/** The line under the chips: the price shown, its club price, the partner app's price. */
const priceLine = (text: string | RegExp) => screen.getByText(text).closest('p')?.textContent;

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
    const chips = screen.getAllByRole('button').filter((b) => b.hasAttribute('aria-pressed'));
    expect(chips.map((c) => c.textContent)).toEqual(['В клинике', 'На дому', 'Онлайн']);
    // The club price opens the club widget.
    expect(screen.getByRole('button', { name: `${formatRub(1750)} в клубе` })).toBeTruthy();
    expect(priceLine('2 500 ₽')).toBe(`${formatRub(2500)}${formatRub(1750)} в клубе`);

    fireEvent.click(screen.getByRole('button', { name: 'На дому' }));
    expect(screen.getByRole('button', { name: 'На дому' }).getAttribute('aria-pressed')).toBe('true');
    expect(priceLine('4 000 ₽')).toBe(formatRub(4000));
    expect(screen.queryByText(/в клубе/)).toBeNull();
  });

  it('shows a single visit type as a label, without chips', () => {
    render(<PriceChips prices={[{ type: 'telemed', price: 990, clubPrice: null }]} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(priceLine(/Онлайн:/)).toBe(`Онлайн: ${formatRub(990)}`);
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
    expect(priceLine('1 350 ₽')).toBe(`В приложении МедТочка: ${formatRub(1350)}`);
  });
});
