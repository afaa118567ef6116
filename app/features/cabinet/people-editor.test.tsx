// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PEOPLE_TEXTS as T } from '../../../core/cabinet/people';
import type { ClinicPeople, ClinicPerson } from '../../../core/cabinet/people-contracts';
import { json, stubFetch } from './fetch-stub';
import { PeopleEditor } from './people-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const person = (
  id: number,
  role: ClinicPerson['role'],
  phone: string,
  extra: Partial<ClinicPerson> = {},
) => ({
  id,
  role,
  name: null,
  phone,
  doctor: null,
  invitedAt: '2026-11-01T09:00:00Z',
  isMe: false,
  ...extra,
});
const me = person(1, 'administrator', '79990002001', { isMe: true, name: 'Анна' });
const data: ClinicPeople = { people: [me], doctors: [{ id: 7, name: 'Петров Пётр Петрович' }] };
const row = (container: HTMLElement, id: number) =>
  within(container.querySelector(`[data-person="${id}"]`) as HTMLElement);

describe('PeopleEditor', () => {
  it('invites a receptionist by phone and shows the list the server answers', async () => {
    const desk = person(2, 'receptionist', '79990004001', { name: 'Ольга' });
    const stub = stubFetch(json({ ...data, people: [me, desk] }));
    render(<PeopleEditor data={data} />);
    fireEvent.change(screen.getByLabelText(T.phone), { target: { value: '+7 999 000-40-01' } });
    fireEvent.change(screen.getByLabelText(T.name), { target: { value: 'Ольга' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.invite })));
    expect(stub.sent()).toMatchObject({
      url: '/cabinet/ajax/people/',
      method: 'POST',
      body: { phone: '+7 999 000-40-01', role: 'receptionist', name: 'Ольга', doctor_id: null },
    });
    expect(screen.getByText('Ольга')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(T.invited);
  });

  it("asks for the clinic's doctor when the role is 'Врач', and shows the field's refusal", async () => {
    stubFetch(json({ detail: T.doctorRequired, errors: { doctor_id: T.doctorRequired } }, 400));
    const { container } = render(<PeopleEditor data={data} />);
    const form = within(container.querySelector('form') as HTMLElement);
    expect(form.queryByLabelText(T.doctor)).toBeNull();
    fireEvent.change(form.getByLabelText(T.role), { target: { value: 'doctor' } });
    expect(form.getByLabelText(T.doctor)).toBeTruthy();
    fireEvent.change(form.getByLabelText(T.phone), { target: { value: '79990004002' } });
    await act(async () => fireEvent.click(form.getByRole('button', { name: T.invite })));
    expect(form.getByText(T.doctorRequired)).toBeTruthy();
  });

  it('removes a person only after the confirmation, and reads out a refusal', async () => {
    const desk = person(2, 'receptionist', '79990004001');
    const stub = stubFetch(json({ ...data, people: [me] }), json({ detail: T.lastAdministrator }, 409));
    const { container } = render(<PeopleEditor data={{ ...data, people: [me, desk] }} />);
    fireEvent.click(row(container, 2).getByRole('button', { name: T.remove }));
    expect(stub.fetch).not.toHaveBeenCalled();
    expect(row(container, 2).getByText(T.removeConfirm)).toBeTruthy();
    await act(async () => fireEvent.click(row(container, 2).getByRole('button', { name: T.removeYes })));
    expect(stub.sent()).toMatchObject({ url: '/cabinet/ajax/people/2/', method: 'DELETE' });
    expect(container.querySelector('[data-person="2"]')).toBeNull();

    fireEvent.click(row(container, 1).getByRole('button', { name: T.remove }));
    await act(async () => fireEvent.click(row(container, 1).getByRole('button', { name: T.removeYes })));
    expect(row(container, 1).getByRole('alert').textContent).toBe(T.lastAdministrator);
  });

  it("changes a person's role", async () => {
    const desk = person(2, 'receptionist', '79990004001');
    const stub = stubFetch(json({ ...data, people: [me, { ...desk, role: 'administrator' }] }));
    const { container } = render(<PeopleEditor data={{ ...data, people: [me, desk] }} />);
    const change = row(container, 2).getByRole('button', { name: T.change }) as HTMLButtonElement;
    expect(change.disabled).toBe(true);
    fireEvent.change(row(container, 2).getByLabelText(T.role), { target: { value: 'administrator' } });
    await act(async () => fireEvent.click(row(container, 2).getByRole('button', { name: T.change })));
    expect(stub.sent()).toMatchObject({
      url: '/cabinet/ajax/people/2/',
      method: 'PATCH',
      body: { role: 'administrator', doctor_id: null },
    });
    expect(row(container, 2).getByText(/^\+7 999 000 40 01 · Администратор$/)).toBeTruthy();
  });
});
