// @vitest-environment happy-dom
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ANONYMOUS } from '../../../core/auth/viewer';
import { ClubPriceBanner, ClubSwitch } from './club-banner';
import { CLUB_OPEN_EVENT } from './club-events';
import { ClubPriceButton } from './club-price-button';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('club controls of server markup', () => {
  // A price list below the fold hydrates after the page (ADR 021): a click on its server markup
  // before then did nothing, and the widget never opened.
  it('is disabled in the server’s markup and opens the widget once hydrated', async () => {
    const element = (
      <ClubPriceButton className="club-tag" detail={{ discountPercent: 13 }}>
        1 750 ₽ в клубе
      </ClubPriceButton>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.append(container);
    const button = () => container.querySelector('button') as HTMLButtonElement;
    expect(button().disabled).toBe(true);

    const opened: unknown[] = [];
    const listen = (event: Event) => opened.push((event as CustomEvent).detail);
    window.addEventListener(CLUB_OPEN_EVENT, listen);
    try {
      await act(async () => {
        hydrateRoot(container, element);
      });
      expect(button().disabled).toBe(false);
      await act(async () => button().click());
      expect(opened).toEqual([{ discountPercent: 13 }]);
    } finally {
      window.removeEventListener(CLUB_OPEN_EVENT, listen);
    }
  });

  it('has the club banner and switch of a price list disabled in the server’s markup too', () => {
    const controls = (
      <>
        <ClubPriceBanner discountPercent={13} />
        <ClubSwitch on onChange={() => {}} discountPercent={13} />
      </>
    );
    const router = createMemoryRouter([{ id: 'root', path: '/', element: controls }], {
      hydrationData: { loaderData: { root: { user: ANONYMOUS } } },
    });
    const markup = renderToString(<RouterProvider router={router} />);
    expect(markup.match(/<button[^>]*>/g)?.map((tag) => tag.includes('disabled'))).toEqual([true, true]);
  });
});
