// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { preloadModal } from '../../components/ui/modal';
import { ReviewPowerButton, ReviewPowerModal } from './review-power-modal';
import { doctorReviewPayload, visitReviewPayload } from './review-power-payload';

// The modal's code is in before the tests open one, as the root's idle preload has it in a browser.
beforeAll(() => preloadModal());

afterEach(cleanup);

describe('the review-power payload of a past visit', () => {
  it('a doctor visit links the doctor’s review form and the clinic’s', () => {
    expect(visitReviewPayload({ id: 1, doctorId: 42, clinicId: 9 })).toEqual({
      doctorReviewUrl: '/reviews/new/?doctor=42',
      lpuReviewUrl: '/reviews/new/?lpu=9',
      lpuList: [],
    });
  });

  it('a service visit (no doctor) links the clinic’s only', () => {
    expect(visitReviewPayload({ id: 1, doctorId: null, clinicId: 7 })).toEqual({
      doctorReviewUrl: null,
      lpuReviewUrl: '/reviews/new/?lpu=7',
      lpuList: [],
    });
  });
});

describe('the review-power payload of a doctor page', () => {
  const place = (clinicId: number, clinicName: string) => ({
    clinicId,
    clinicName,
    address: `ул. ${clinicName}, 1`,
  });

  it('one clinic: the doctor’s form and the clinic’s', () => {
    expect(doctorReviewPayload({ id: 42, workplaces: [place(7, 'Здоровье')] })).toEqual({
      doctorReviewUrl: '/reviews/new/?doctor=42',
      lpuReviewUrl: '/reviews/new/?lpu=7',
      lpuList: [],
    });
  });

  it('several clinics: a list to choose from, each once', () => {
    const payload = doctorReviewPayload({
      id: 42,
      workplaces: [place(7, 'Здоровье'), place(8, 'Медцентр'), place(7, 'Здоровье')],
    });
    expect(payload.lpuReviewUrl).toBeNull();
    expect(payload.lpuList).toEqual([
      {
        name: 'Здоровье',
        address: 'ул. Здоровье, 1',
        reviewUrl: '/reviews/new/?lpu=7',
        doctorPrsLandingUrl: null,
      },
      {
        name: 'Медцентр',
        address: 'ул. Медцентр, 1',
        reviewUrl: '/reviews/new/?lpu=8',
        doctorPrsLandingUrl: null,
      },
    ]);
  });
});

describe('ReviewPowerModal', () => {
  it('offers «Дарим скидку 300 ₽ за честный отзыв» with links to review the doctor and the clinic', () => {
    render(
      <ReviewPowerModal
        open
        onOpenChange={() => {}}
        payload={{
          doctorReviewUrl: '/reviews/new/?doctor=42',
          lpuReviewUrl: '/reviews/new/?lpu=7',
          lpuList: [],
        }}
      />,
    );
    expect(screen.getByRole('dialog').textContent).toContain('Дарим скидку 300\u00a0₽ за честный отзыв');
    expect(screen.getByRole('link', { name: 'Оставить отзыв о враче' }).getAttribute('href')).toBe(
      '/reviews/new/?doctor=42',
    );
    expect(screen.getByRole('link', { name: 'Оставить отзыв о клинике' }).getAttribute('href')).toBe(
      '/reviews/new/?lpu=7',
    );
  });

  it('without a single clinic lists the clinics by name and address', () => {
    render(
      <ReviewPowerModal
        open
        onOpenChange={() => {}}
        payload={{
          doctorReviewUrl: null,
          lpuReviewUrl: null,
          lpuList: [
            {
              name: 'Здоровье',
              address: 'Тверская, 3',
              reviewUrl: '/reviews/new/?lpu=7',
              doctorPrsLandingUrl: null,
            },
            {
              name: 'Медцентр',
              address: 'Арбат, 5',
              reviewUrl: '/reviews/new/?lpu=8',
              doctorPrsLandingUrl: null,
            },
          ],
        }}
      />,
    );
    const clinics = screen.getByRole('list', { name: 'Клиники' });
    expect(clinics.textContent).toContain('Тверская, 3');
    expect(screen.getByRole('link', { name: 'Медцентр' }).getAttribute('href')).toBe('/reviews/new/?lpu=8');
  });

  it('«Оставить отзыв» on a visit opens the modal bound to the URL hash', async () => {
    const visit = { id: 5, doctorId: 42, clinicId: 9 };
    const router = createMemoryRouter(
      [{ path: '/profile/appointments', element: <ReviewPowerButton visit={visit} /> }],
      {
        initialEntries: ['/profile/appointments'],
      },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'Оставить отзыв' }));
    expect((await screen.findByRole('link', { name: 'Оставить отзыв о враче' })).getAttribute('href')).toBe(
      '/reviews/new/?doctor=42',
    );
    expect(router.state.location.hash).toBe('#review-power-5');
  });
});
