// @vitest-environment happy-dom
/**
 * The sign-in page's `?next=` (issue 48): whatever a link puts there, the phone form is handed
 * a path on this site, and so is the chooser's link to the patient's form.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Login from './login';

vi.mock('../features/auth/sign-in-form', () => ({
  SignInForm: ({ next }: { next: string }) => <output data-testid="sign-in-form" data-next={next} />,
}));

function renderLogin(search: string) {
  const router = createMemoryRouter(
    [{ id: 'root', path: '/', children: [{ path: 'login/', Component: Login }] }],
    { initialEntries: [`/login/${search}`], hydrationData: { loaderData: { root: {} } } },
  );
  render(<RouterProvider router={router} />);
}

const LEAVING = [
  '/..//evil.example',
  '/%2e%2e//evil.example',
  '/.%2e//evil.example',
  '/moskva/../..//evil.example',
  '//evil.example',
  'https://evil.example/',
];

afterEach(cleanup);

describe('/login/?next=', () => {
  it.each(LEAVING)('hands the phone form the home page for %s', (next) => {
    renderLogin(`?kind=patient&next=${encodeURIComponent(next)}`);
    expect(screen.getByTestId('sign-in-form').dataset.next).toBe('/');
  });

  it.each(LEAVING)('links the patient chooser to a same-site next for %s', (next) => {
    renderLogin(`?next=${encodeURIComponent(next)}`);
    const href = screen.getByRole('link', { name: 'Я пациент' }).getAttribute('href') ?? '';
    expect(new URL(href, 'http://same.invalid').searchParams.get('next')).toBe('/');
  });

  it('keeps a same-site next, and the work form gets it too', () => {
    renderLogin(`?kind=work&next=${encodeURIComponent('/moskva/../favourites/')}`);
    expect(screen.getByTestId('sign-in-form').dataset.next).toBe('/favourites/');
  });
});
