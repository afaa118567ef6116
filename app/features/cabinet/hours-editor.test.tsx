// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Hours, HoursPlace } from '../../../core/cabinet/contracts';
import { DATED_HOURS_TEXTS } from '../../../core/cabinet/dated-hours';
import { dayLong, HOURS_TEXTS } from '../../../core/cabinet/hours';
import { type RouteAnswer, stubRoutes } from './fetch-stub';
import { BookingSwitches, HoursEditor } from './hours-editor';
import { receptionVisit } from './visit-fixture';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const place: HoursPlace = {
  doctor: { id: 7, name: 'Иванова Анна Петровна' },
  clinic: { id: 3, name: 'Клиника на Ленина' },
  appointmentOn: true,
  visitTypes: ['clinic'],
  misSchedule: false,
};

const week = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  intervals: weekday < 6 ? [{ start: '09:00', end: '13:00' }] : [],
}));

const hours: Hours = {
  today: '2030-03-04',
  clinicId: 3,
  places: [place],
  place: { doctorId: 7, clinicId: 3 },
  visitType: 'clinic',
  slotMinutes: 30,
  week,
  pending: [],
  datedHours: [{ date: '2030-03-08', slotMinutes: 30, intervals: [{ start: '10:00', end: '12:00' }] }],
};

const visit = receptionVisit({ price: 2000 });

const click = (name: string, root: HTMLElement = document.body) =>
  act(async () => fireEvent.click(within(root).getByRole('button', { name })));

const refusedForVisits = (detail: string, code = 'visits_outside'): RouteAnswer => ({
  status: 409,
  body: { detail, code, visits: [visit] },
});

describe('HoursEditor', () => {
  it('shows the visits the new hours would drop and cancels them only with a reason', async () => {
    const sent = stubRoutes({
      'POST /cabinet/ajax/schedule/hours/': [
        refusedForVisits('Есть записи вне новых часов'),
        { body: { validFrom: '2030-03-04', canceled: [501] } },
      ],
      'GET /cabinet/ajax/schedule/hours/': [{ body: hours }],
    });
    render(<HoursEditor initial={hours} />);
    const form = screen.getByRole('form', { name: HOURS_TEXTS.title });
    await click(HOURS_TEXTS.save, form);

    const alert = within(form).getByRole('alert');
    expect(alert.textContent).toContain(HOURS_TEXTS.visitsOutside);
    expect(alert.querySelector('[data-outside-visit="501"]')?.textContent).toContain('Петров Пётр');
    // The refusal's own text is not repeated under the form: the visits say it.
    expect(form.textContent).not.toContain('Есть записи вне новых часов');
    expect(within(form).queryByRole('button', { name: HOURS_TEXTS.save })).toBeNull();

    await click(HOURS_TEXTS.cancelAndSave, form);
    expect(within(alert).getByText('Укажите причину отмены')).toBeTruthy();
    expect(sent).toHaveLength(1);

    fireEvent.change(within(alert).getByLabelText(/Причина отмены/), {
      target: { value: '  Врач заболел ' },
    });
    await click(HOURS_TEXTS.cancelAndSave, form);
    expect(sent[1]).toEqual({
      route: 'POST /cabinet/ajax/schedule/hours/',
      body: expect.objectContaining({
        doctor_id: 7,
        visit_type: 'clinic',
        valid_from: '2030-03-04',
        cancel_visits: true,
        reason: 'Врач заболел',
      }),
    });
    expect(sent[2].route).toBe('GET /cabinet/ajax/schedule/hours/');
    expect(within(form).getByRole('status').textContent).toBe(
      'Часы приёма сохранены. Отменено записей: 1, пациентам отправлены SMS.',
    );
    expect(form.querySelector('[data-outside-visit]')).toBeNull();
  });

  it('says what is wrong with the hours before sending them, and shows a refusal’s text', async () => {
    const sent = stubRoutes({
      'POST /cabinet/ajax/schedule/hours/': [{ status: 403, body: { detail: 'Нет доступа к врачу' } }],
    });
    render(<HoursEditor initial={hours} />);
    const form = screen.getByRole('form', { name: HOURS_TEXTS.title });
    fireEvent.change(screen.getByLabelText('Понедельник, интервал 1: до'), { target: { value: '08:00' } });
    await click(HOURS_TEXTS.save, form);
    expect(within(form).getByRole('alert').textContent).toBe(`Понедельник: ${HOURS_TEXTS.badSpan}`);
    expect(sent).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Понедельник, интервал 1: до'), { target: { value: '13:00' } });
    await click(HOURS_TEXTS.save, form);
    expect(within(form).getByRole('alert').textContent).toBe('Нет доступа к врачу');
  });

  it('withdraws a coming change; refused for its visits, it offers to cancel them', async () => {
    const pending = { validFrom: '2030-03-11', slotMinutes: 30, week };
    const sent = stubRoutes({
      'POST /cabinet/ajax/schedule/hours/withdraw/': [
        refusedForVisits('Есть записи'),
        { body: { validFrom: '2030-03-11', canceled: [] } },
      ],
      'GET /cabinet/ajax/schedule/hours/': [{ body: hours }],
    });
    render(<HoursEditor initial={{ ...hours, pending: [pending] }} />);
    const form = screen.getByRole('form', { name: HOURS_TEXTS.title });
    await click(HOURS_TEXTS.withdraw, form);
    const alert = within(form).getByRole('alert');
    expect(alert.textContent).toContain(HOURS_TEXTS.visitsOutsideOld);
    fireEvent.change(within(alert).getByLabelText(/Причина отмены/), { target: { value: 'Врач в отпуске' } });
    await click(HOURS_TEXTS.cancelAndWithdraw, form);
    expect(sent[1].body).toMatchObject({
      valid_from: '2030-03-11',
      cancel_visits: true,
      reason: 'Врач в отпуске',
    });
    expect(within(form).getByRole('status').textContent).toBe(`${HOURS_TEXTS.withdrawn}.`);
  });
});

describe('DatedHoursEditor', () => {
  it('takes a date’s hours away, cancelling the visits the week’s hours would drop', async () => {
    const sent = stubRoutes({
      'POST /cabinet/ajax/schedule/dated-hours/remove/': [
        refusedForVisits('Есть записи'),
        { body: { date: '2030-03-08', canceled: [501] } },
      ],
      'GET /cabinet/ajax/schedule/hours/': [{ body: { ...hours, datedHours: [] } }],
    });
    render(<HoursEditor initial={hours} />);
    const form = screen.getByRole('form', { name: DATED_HOURS_TEXTS.title });
    await click(`${DATED_HOURS_TEXTS.remove}: ${dayLong('2030-03-08')}`, form);
    const alert = within(form).getByRole('alert');
    expect(alert.textContent).toContain(DATED_HOURS_TEXTS.visitsOutsideWeek);
    fireEvent.change(within(alert).getByLabelText(/Причина отмены/), { target: { value: 'Праздник' } });
    await click(DATED_HOURS_TEXTS.cancelAndRemove, form);
    expect(sent[1]).toEqual({
      route: 'POST /cabinet/ajax/schedule/dated-hours/remove/',
      body: {
        doctor_id: 7,
        visit_type: 'clinic',
        date: '2030-03-08',
        cancel_visits: true,
        reason: 'Праздник',
      },
    });
    expect(within(form).getByRole('status').textContent).toBe(
      `${DATED_HOURS_TEXTS.removed}: ${dayLong('2030-03-08')}. Отменено записей: 1, пациентам отправлены SMS.`,
    );
    expect(form.querySelector('[data-dated]')).toBeNull();
  });
});

describe('BookingSwitches', () => {
  it('puts a switch back when the change is refused, and says why', async () => {
    stubRoutes({
      'POST /cabinet/ajax/schedule/booking/': [{ status: 403, body: { detail: 'Только клиника' } }],
    });
    render(<BookingSwitches places={[place]} />);
    const toggle = screen.getByRole('switch') as HTMLInputElement;
    await act(async () => fireEvent.click(toggle));
    expect(toggle.checked).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Только клиника');
  });
});
