// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClinicHours } from '../../../core/cabinet/clinic-page-contracts';
import { CLINIC_PAGE_TEXTS as T } from '../../../core/clinic/page-editor';
import { ClinicHoursEditor } from './clinic-hours-editor';
import { json, stubFetch } from './fetch-stub';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const week = Array.from({ length: 7 }, (_, i) =>
  i < 5 ? { weekday: i + 1, opens: '09:00', closes: '18:00' } : { weekday: i + 1, opens: null, closes: null },
);
const hours: ClinicHours = { today: '2025-03-03', week, holidays: [] };
const holiday = { id: 4, date: '2025-03-08', opens: null, closes: null };

describe('ClinicHoursEditor', () => {
  it('saves the week, a day a row', async () => {
    const stub = stubFetch(json(hours));
    render(<ClinicHoursEditor hours={hours} />);
    const form = within(screen.getByRole('form', { name: T.hoursTitle }));
    await act(async () => fireEvent.click(form.getByRole('button', { name: T.save })));
    expect(stub.sent()).toMatchObject({ url: '/cabinet/ajax/clinic/hours/', body: { week } });
    expect(form.getByRole('status').textContent).toBe(T.saved);
  });

  it('reads a refused week as the form’s alert, whatever field it names', async () => {
    stubFetch(json({ detail: T.timeInvalid, code: 'bad_request', errors: { week: T.timeInvalid } }, 400));
    render(<ClinicHoursEditor hours={hours} />);
    const form = within(screen.getByRole('form', { name: T.hoursTitle }));
    await act(async () => fireEvent.click(form.getByRole('button', { name: T.save })));
    expect(form.getByRole('alert').textContent).toBe(T.timeInvalid);
  });

  it('adds a holiday day and removes it, the section’s status line telling of each', async () => {
    const stub = stubFetch(json({ ...hours, holidays: [holiday] }), json(hours));
    render(<ClinicHoursEditor hours={hours} />);
    const section = within(screen.getByRole('region', { name: T.holidaysTitle }));
    fireEvent.change(section.getByLabelText(T.holidayDate, { exact: true }), {
      target: { value: '2025-03-08' },
    });
    await act(async () => fireEvent.click(section.getByRole('button', { name: T.addHoliday })));
    expect(stub.sent(0)).toMatchObject({
      url: '/cabinet/ajax/clinic/holidays/',
      body: { date: '2025-03-08', opens: null, closes: null },
    });
    expect(section.getByRole('status').textContent).toBe(T.holidayAdded);
    await act(async () => fireEvent.click(section.getByRole('button', { name: /^Убрать: / })));
    expect(stub.sent(1)).toMatchObject({ url: '/cabinet/ajax/clinic/holidays/4/', method: 'DELETE' });
    expect(section.getByRole('status').textContent).toBe(T.holidayRemoved);
    expect(section.getByText(T.holidaysNone)).toBeTruthy();
  });
});
