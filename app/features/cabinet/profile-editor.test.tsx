// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CabinetProfile } from '../../../core/doctor/profile-contracts';
import { PROFILE_TEXTS } from '../../../core/doctor/profile-edit';
import { ProfileEditor } from './profile-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const values: CabinetProfile['form'] = {
  photo: null,
  about: 'Терапевт',
  education: [{ year: 2005, institution: 'РНИМУ', speciality: 'Лечебное дело' }],
  courses: [],
  careerStartYear: 2006,
  category: 'none',
  categoryExpiresOn: null,
  licenseNumber: null,
  ownPhone: null,
};
const profile: CabinetProfile = {
  doctor: { id: 7, name: 'Иванова Анна Петровна', url: '/moskva/vrach/7-ivanova/' },
  doctors: [],
  current: values,
  form: values,
  pending: null,
  lastDecision: null,
  ownContacts: { available: false, version: 'Стандарт' },
};
const pending = {
  id: 9,
  status: 'pending' as const,
  createdAt: '2030-03-01T10:00:00Z',
  decidedAt: null,
  reason: null,
  changes: [
    { field: 'about' as const, label: 'О враче', before: 'Терапевт', after: 'Терапевт, стаж 20 лет' },
  ],
  photoUrl: null,
};

function server(answers: { status?: number; body: unknown }[]) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      const answer = answers.shift();
      if (!answer) throw new Error(`no answer for ${url}`);
      return Response.json(answer.body, { status: answer.status ?? 200 });
    }),
  );
  return sent;
}

const form = () => screen.getByRole('form', { name: 'Сведения о враче' });
const click = (name: string, root: HTMLElement = document.body) =>
  act(async () => fireEvent.click(within(root).getByRole('button', { name })));

describe('ProfileEditor', () => {
  it('sends the profile for moderation, and says why it was refused whichever field it names', async () => {
    const sent = server([
      {
        status: 400,
        body: { detail: 'Укажите год', code: 'bad_request', errors: { education: 'Укажите год' } },
      },
      { body: { ...profile, pending, form: { ...values, about: 'Терапевт, стаж 20 лет' } } },
    ]);
    render(<ProfileEditor initial={profile} />);
    fireEvent.change(within(form()).getByLabelText('О враче'), {
      target: { value: 'Терапевт, стаж 20 лет' },
    });
    fireEvent.change(within(form()).getByLabelText('Год окончания'), { target: { value: '' } });
    await click(PROFILE_TEXTS.save, form());
    expect(within(form()).getByRole('alert').textContent).toBe('Укажите год');

    fireEvent.change(within(form()).getByLabelText('Год окончания'), { target: { value: '2005' } });
    await click(PROFILE_TEXTS.save, form());
    expect(sent[1]).toEqual({
      url: '/cabinet/ajax/profile/',
      body: expect.objectContaining({
        about: 'Терапевт, стаж 20 лет',
        education: [{ year: 2005, institution: 'РНИМУ', speciality: 'Лечебное дело' }],
        careerStartYear: 2006,
        ownPhone: null,
      }),
    });
    expect(within(form()).getByRole('status').textContent).toBe(PROFILE_TEXTS.submitted);
    expect(screen.getByRole('heading', { name: PROFILE_TEXTS.pending })).toBeTruthy();
  });

  it('withdraws the waiting change and shows the public values again', async () => {
    const sent = server([{ body: profile }]);
    render(
      <ProfileEditor
        initial={{ ...profile, pending, form: { ...values, about: 'Терапевт, стаж 20 лет' } }}
      />,
    );
    await click(PROFILE_TEXTS.withdraw);
    expect(sent[0].url).toBe('/cabinet/ajax/profile/withdraw/');
    expect((within(form()).getByLabelText('О враче') as HTMLTextAreaElement).value).toBe('Терапевт');
    expect(within(form()).getByRole('status').textContent).toBe(PROFILE_TEXTS.withdrawn);
  });
});
