// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESK_TEXTS as T } from '../../../core/cabinet/desk';
import type { Block, DeskVisit } from '../../../core/cabinet/desk-contracts';
import { BlocksEditor } from './blocks-editor';
import { DeskBookingForm } from './desk-booking-form';
import { DeskVisitActions } from './desk-visit-actions';
import { stubFetch } from './fetch-stub';
import { receptionVisit } from './visit-fixture';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const doctors = [
  { id: 7, name: 'Иванова Анна Петровна' },
  { id: 8, name: 'Сидоров Олег' },
];

const deskVisit = (change: Partial<DeskVisit> = {}): DeskVisit => ({
  id: 501,
  status: 'active',
  starts_at: '2030-03-05T07:00:00.000Z',
  ends_at: '2030-03-05T07:30:00.000Z',
  tz: 'Europe/Moscow',
  overbooked: false,
  confirmed: false,
  doctor: doctors[0],
  patient: { id: 3, name: 'Петров Пётр', phone: '79001234567' },
  ...change,
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('DeskBookingForm', () => {
  it('books the caller: the body the call takes, then the form empties and says so', async () => {
    const stub = stubFetch(() => Response.json({ visit: deskVisit() }, { status: 201 }));
    const booked = vi.fn();
    render(<DeskBookingForm clinicId={12} doctors={doctors} onBooked={booked} />);
    type(T.phone, '+7 (900) 123-45-67');
    type('Фамилия', 'Петров');
    type('Имя', 'Пётр');
    type('Дата рождения', '1980-01-02');
    fireEvent.change(screen.getByLabelText(T.doctor), { target: { value: '8' } });
    type(T.time, '2030-03-05T10:00');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.bookButton })));
    expect(stub.sent()).toEqual({
      url: '/cabinet/ajax/appointments/',
      method: 'POST',
      body: {
        doctor_id: 8,
        lpu_id: 12,
        slot: '05.03.2030 10:00',
        patient_phone: '9001234567',
        last_name: 'Петров',
        first_name: 'Пётр',
        patronymic: '',
        birth_date: '1980-01-02',
      },
    });
    expect(booked).toHaveBeenCalledWith(deskVisit());
    expect(screen.getByRole('status').textContent).toBe(T.booked);
    expect((screen.getByLabelText(T.phone) as HTMLInputElement).value).toBe('');
  });

  it('asks an overbooking’s reason and shows the server’s refusal', async () => {
    const stub = stubFetch(() => Response.json({ detail: T.taken, code: 'slot_taken' }, { status: 409 }));
    render(<DeskBookingForm clinicId={12} doctors={doctors} />);
    fireEvent.click(screen.getByLabelText(T.overbook));
    type(T.overbookReason, 'Острая боль');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.bookButton })));
    expect(stub.sent().body).toMatchObject({ overbook: true, overbook_reason: 'Острая боль' });
    expect(screen.getByRole('alert').textContent).toBe(T.taken);
  });
});

describe('DeskVisitActions', () => {
  it('confirms a visit after the call', async () => {
    const stub = stubFetch(() => Response.json(deskVisit({ confirmed: true })));
    const changed = vi.fn();
    render(<DeskVisitActions visit={receptionVisit()} doctors={doctors} onChanged={changed} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.confirm })));
    expect(stub.sent()).toMatchObject({ url: '/cabinet/ajax/appointments/501/confirm/', method: 'POST' });
    expect(changed).toHaveBeenCalledWith(expect.objectContaining({ id: 501, confirmed: true }), T.confirmed);
  });

  it('moves a visit to another time and doctor, and shows a refusal', async () => {
    const stub = stubFetch(
      () =>
        Response.json(
          { detail: T.taken, code: 'slot_taken', reason: 'slot_taken', clash: null },
          { status: 409 },
        ),
      () =>
        Response.json(
          deskVisit({
            starts_at: '2030-03-05T09:00:00.000Z',
            ends_at: '2030-03-05T09:30:00.000Z',
            doctor: doctors[1],
          }),
        ),
    );
    const changed = vi.fn();
    render(
      <DeskVisitActions visit={receptionVisit({ confirmed: true })} doctors={doctors} onChanged={changed} />,
    );
    expect(screen.queryByRole('button', { name: T.confirm })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: T.move }));
    type(T.time, '2030-03-05T12:00');
    fireEvent.change(screen.getByLabelText(T.doctor), { target: { value: '8' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.moveButton })));
    expect(screen.getByRole('alert').textContent).toBe(T.taken);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.moveButton })));
    expect(stub.sent(1)).toEqual({
      url: '/cabinet/ajax/appointments/501/move/',
      method: 'POST',
      body: { slot: '05.03.2030 12:00', doctor_id: 8 },
    });
    expect(changed).toHaveBeenCalledWith(
      receptionVisit({
        confirmed: false,
        startsAt: '2030-03-05T09:00:00.000Z',
        endsAt: '2030-03-05T09:30:00.000Z',
        doctor: doctors[1],
      }),
      T.moved,
    );
  });
});

describe('BlocksEditor', () => {
  const block = (change: Partial<Block> = {}): Block => ({
    id: 31,
    doctor: doctors[0],
    lpu_id: 12,
    starts_at: '2030-03-05T10:00:00.000Z',
    ends_at: '2030-03-05T11:00:00.000Z',
    tz: 'Europe/Moscow',
    reason: 'Совещание',
    ...change,
  });

  it('closes a range, lists it, and gives it back', async () => {
    const stub = stubFetch(
      () => Response.json(block({ id: 32, reason: 'Ремонт' }), { status: 201 }),
      () => Response.json({ removed: true }),
    );
    render(
      <BlocksEditor clinicId={12} initial={{ from: '2030-03-01', days: 28, doctors, blocks: [block()] }} />,
    );
    expect(document.querySelector('[data-block-id="31"]')?.textContent).toContain('13:00–14:00');
    type(T.blockFrom, '2030-03-06T09:00');
    type(T.blockTo, '2030-03-06T10:00');
    type(T.blockReason, 'Ремонт');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.blockButton })));
    expect(stub.sent()).toEqual({
      url: '/cabinet/ajax/schedule/blocks/',
      method: 'POST',
      body: {
        doctor_id: 7,
        lpu_id: 12,
        starts_at: '2030-03-06T09:00',
        ends_at: '2030-03-06T10:00',
        reason: 'Ремонт',
      },
    });
    expect(screen.getAllByRole('button', { name: T.unblock })).toHaveLength(2);
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: T.unblock })[0]));
    expect(stub.sent(1)).toMatchObject({ url: '/cabinet/ajax/schedule/blocks/31/', method: 'DELETE' });
    expect(screen.getAllByRole('button', { name: T.unblock })).toHaveLength(1);
  });

  it('lists the visits booked in a refused range', async () => {
    stubFetch(() =>
      Response.json(
        { detail: T.blockVisits, code: 'visits_booked', visits: [receptionVisit()] },
        { status: 409 },
      ),
    );
    render(<BlocksEditor clinicId={12} initial={{ from: '2030-03-01', days: 28, doctors, blocks: [] }} />);
    expect(screen.getByText(T.noBlocks)).toBeTruthy();
    type(T.blockReason, 'Ремонт');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.blockButton })));
    expect(screen.getByRole('alert').textContent).toBe(T.blockVisits);
    expect(screen.getByText(/Петров Пётр/).textContent).toContain('10:00');
  });
});
