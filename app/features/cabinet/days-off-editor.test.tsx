// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DaysOff } from '../../../core/cabinet/contracts';
import { DAYS_OFF_TEXTS } from '../../../core/cabinet/days-off';
import { DaysOffEditor } from './days-off-editor';
import { stubRoutes } from './fetch-stub';
import { receptionVisit } from './visit-fixture';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const doctor = { id: 7, name: 'Иванова Анна Петровна' };
const initial: DaysOff = { today: '2030-03-04', clinicId: 3, doctors: [doctor], doctor: null, daysOff: [] };
const closed: DaysOff = {
  ...initial,
  daysOff: [{ id: 90, date: '2030-03-06', doctor, clinicName: 'Клиника на Ленина' }],
};
const visit = receptionVisit({
  startsAt: '2030-03-06T07:00:00Z',
  endsAt: '2030-03-06T07:30:00Z',
  doctor,
});

const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('DaysOffEditor', () => {
  it('tells of the visits booked on the days and closes them cancelling the visits, with a reason', async () => {
    const sent = stubRoutes({
      'POST /cabinet/ajax/schedule/days-off/': [
        {
          status: 409,
          body: { detail: DAYS_OFF_TEXTS.visitsBooked, code: 'visits_booked', visits: [visit] },
        },
        { body: { added: 1, canceled: [501] } },
      ],
      'GET /cabinet/ajax/schedule/days-off/': [{ body: closed }],
    });
    render(<DaysOffEditor initial={initial} />);
    fireEvent.change(screen.getByLabelText('Врач'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('С'), { target: { value: '2030-03-06' } });
    await click('Закрыть дни');

    const warning = screen.getByRole('alert');
    expect(warning.textContent).toContain(DAYS_OFF_TEXTS.visitsBooked);
    expect(warning.querySelector('[data-booked-visit="501"]')?.textContent).toContain('Петров Пётр');
    await click('Отменить записи и закрыть дни');
    expect(screen.getByText('Укажите причину отмены')).toBeTruthy();
    expect(sent).toHaveLength(1);

    fireEvent.change(within(warning).getByLabelText(/Причина отмены/), {
      target: { value: 'Врач в отпуске' },
    });
    await click('Отменить записи и закрыть дни');
    expect(sent[1].body).toEqual({
      doctor_id: 7,
      from: '2030-03-06',
      to: '2030-03-06',
      cancel_visits: true,
      reason: 'Врач в отпуске',
    });
    expect(screen.getByRole('status').textContent).toBe(
      'Выходные добавлены. Отменено записей: 1, пациентам отправлены SMS.',
    );
    expect(document.querySelector('[data-day-off="7:2030-03-06"]')).not.toBeNull();
  });

  it('opens a closed day again, and shows a refusal’s text', async () => {
    const sent = stubRoutes({
      'DELETE /cabinet/ajax/schedule/days-off/90/': [
        { status: 404, body: { detail: DAYS_OFF_TEXTS.notFound } },
        { body: { removed: true } },
      ],
      'GET /cabinet/ajax/schedule/days-off/': [{ body: initial }],
    });
    render(<DaysOffEditor initial={closed} />);
    await click('Открыть день');
    expect(screen.getByRole('alert').textContent).toBe(DAYS_OFF_TEXTS.notFound);
    await click('Открыть день');
    expect(sent.map((s) => s.route)).toEqual([
      'DELETE /cabinet/ajax/schedule/days-off/90/',
      'DELETE /cabinet/ajax/schedule/days-off/90/',
      'GET /cabinet/ajax/schedule/days-off/',
    ]);
    expect(screen.getByRole('status').textContent).toBe(DAYS_OFF_TEXTS.removed);
    expect(document.querySelector('[data-day-off]')).toBeNull();
  });
});
