// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ANONYMOUS, type Viewer } from '../../../core/auth/viewer';
import { CabinetPage } from './cabinet-page';

afterEach(cleanup);

function renderPage(user: Viewer, refusal: string | null = null) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        element: (
          <CabinetPage
            title="Расписание"
            current="/cabinet/schedule/"
            refusal={refusal}
            next="/cabinet/schedule/"
          >
            <p>Содержимое</p>
          </CabinetPage>
        ),
      },
    ],
    { hydrationData: { loaderData: { root: { user } } } },
  );
  return render(<RouterProvider router={router} />);
}

const links = () =>
  within(screen.getByRole('navigation', { name: 'Кабинет' }))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('CabinetPage', () => {
  it('shows a doctor the other pages a doctor may open, never one about the clinic itself', () => {
    renderPage({ ...ANONYMOUS, isAnonymous: false, isDoctor: true });
    expect(links()).toEqual([
      ['Записи на приём', '/cabinet/appointments/'],
      ['Календарь', '/cabinet/calendar/'],
      ['Обратные звонки', '/cabinet/callbacks/'],
      ['Эффективность страницы', '/cabinet/effectiveness/'],
      ['Мой профиль', '/cabinet/profile/'],
      ['Отзывы обо мне', '/cabinet/reviews/'],
      ['Тариф', '/cabinet/plan/'],
    ]);
    expect(screen.getByText('Содержимое')).toBeTruthy();
  });

  it('shows a clinic every other page, named as its account menu names them', () => {
    renderPage({ ...ANONYMOUS, isAnonymous: false, isLpu: true });
    const names = links().map(([name]) => name);
    expect(names).toContain('Страница клиники');
    expect(names).toContain('Профили врачей');
    expect(names).toContain('Отзывы о клинике');
    expect(names).not.toContain('Расписание');
  });

  it('shows a visitor the way to sign in instead of the page', () => {
    renderPage(ANONYMOUS, 'Расписание видят врачи и клиники');
    expect(screen.queryByRole('navigation', { name: 'Кабинет' })).toBeNull();
    expect(screen.queryByText('Содержимое')).toBeNull();
    expect(screen.getByRole('link', { name: 'Войти как врач или клиника' }).getAttribute('href')).toBe(
      '/login/?kind=doctor&next=%2Fcabinet%2Fschedule%2F',
    );
  });
});
