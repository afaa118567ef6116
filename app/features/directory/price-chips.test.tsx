// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatRub } from '../../../core/money/money';
import { PriceChips } from './price-chips';

afterEach(cleanup);

const PRICES = [
  { type: 'clinic' as const, price: 2500, clubPrice: 1750 },
  { type: 'home' as const, price: 4000, clubPrice: null },
  { type: 'telemed' as const, price: 1500, clubPrice: null },
];

const tabs = () => within(screen.getByRole('tablist', { name: 'Тип приёма' })).getAllByRole('tab');
const selected = () =>
  within(screen.getByRole('tablist', { name: 'Тип приёма' })).getByRole('tab', { selected: true })
    .textContent;

describe('PriceChips, the visit-type control', () => {
  it('is one tablist whose tabs carry each type’s price; choosing one switches the price shown', () => {
    render(<PriceChips prices={PRICES} />);
    expect(tabs().map((t) => t.textContent)).toEqual([
      `В клинике · ${formatRub(2500)}`,
      `На дому · ${formatRub(4000)}`,
      `Онлайн · ${formatRub(1500)}`,
    ]);
    expect(screen.queryAllByRole('button').filter((b) => b.hasAttribute('aria-pressed'))).toEqual([]);
    expect(selected()).toBe(`В клинике · ${formatRub(2500)}`);
    // The chosen type's club price opens the club widget, inside the tab's panel.
    const panel = screen.getByRole('tabpanel', { name: /^В клинике/ });
    expect(within(panel).getByRole('button', { name: `${formatRub(1750)} в клубе` })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: /^На дому/ }));
    expect(selected()).toBe(`На дому · ${formatRub(4000)}`);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(
      screen.getByRole('tab', { name: /^На дому/ }).id,
    );
    expect(screen.queryByText(/в клубе/)).toBeNull();
  });

  it('moves with the arrow keys, Home and End, one tab in the Tab order', () => {
    render(<PriceChips prices={PRICES} />);
    const list = screen.getByRole('tablist', { name: 'Тип приёма' });
    expect(tabs().map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected()).toMatch(/^На дому/);
    expect(document.activeElement?.textContent).toMatch(/^На дому/);
    expect(tabs().map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
    fireEvent.keyDown(list, { key: 'End' });
    expect(selected()).toMatch(/^Онлайн/);
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected()).toMatch(/^В клинике/);
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(selected()).toMatch(/^Онлайн/);
    fireEvent.keyDown(list, { key: 'Home' });
    expect(selected()).toMatch(/^В клинике/);
  });

  it('shows a single visit type as a label and its price, without tabs', () => {
    render(
      <PriceChips
        prices={[{ type: 'telemed', price: 990, clubPrice: null }]}
        panel={(type) => <i>{type}</i>}
      />,
    );
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(/Онлайн:/).closest('p')?.textContent).toBe(`Онлайн: ${formatRub(990)}`);
    expect(screen.getByText('telemed')).toBeTruthy();
  });

  it('with no price, shows just the panel of the clinic’s type', () => {
    render(<PriceChips prices={[]} panel={(type) => <i>{type}</i>} />);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByText('clinic')).toBeTruthy();
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
    fireEvent.click(screen.getByRole('tab', { name: /^Онлайн/ }));
    expect(screen.getByText(/МедТочка/).closest('p')?.textContent).toBe(
      `В приложении МедТочка: ${formatRub(1350)}`,
    );
  });
});
