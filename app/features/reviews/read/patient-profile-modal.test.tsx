// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PatientProfileHost } from './patient-profile-modal';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

/** A review card's author button as the server writes it (server/modules/reviews/read/cards-html.ts). */
const authorButton = (id: number) =>
  `<button type="button" data-patient-profile="${id}" aria-haspopup="dialog" disabled>Анна</button>`;

describe('PatientProfileHost', () => {
  it('enables the author buttons of the cards on the page, and of the cards that come later', async () => {
    const cards = document.createElement('section');
    cards.innerHTML = authorButton(1);
    document.body.append(cards);
    render(
      <MemoryRouter>
        <PatientProfileHost />
      </MemoryRouter>,
    );
    const first = cards.querySelector('button') as HTMLButtonElement;
    expect(first.disabled).toBe(false);

    // 'Показать ещё отзывы' appends the next page's cards.
    const more = document.createElement('div');
    more.innerHTML = authorButton(2);
    cards.append(more);
    await waitFor(() => expect((more.querySelector('button') as HTMLButtonElement).disabled).toBe(false));
  });
});
