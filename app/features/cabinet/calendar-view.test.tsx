// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALENDAR_TEXTS as T } from '../../../core/cabinet/calendar';
import type { Calendar, PatientCard } from '../../../core/cabinet/calendar-contracts';
import { PATIENT_TEXTS as P } from '../../../core/cabinet/patient-card';
import { CalendarView } from './calendar-view';
import { json, stubFetch } from './fetch-stub';
import { PatientCardPanel } from './patient-card';

/** No socket in these tests: the page's live updates are the server's tests' (use-live-visits). */
class NoSocket {
  onmessage: unknown = null;
  onclose: unknown = null;
  onerror: unknown = null;
  close() {}
}

beforeEach(() => vi.stubGlobal('WebSocket', NoSocket));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const totals = { booked: 1, arrived: 0, noShow: 0, free: 2 };
const TZ = 'Europe/Moscow';
/** 'HH:mm' Moscow on 5 March 2030 as an instant. */
const at = (time: string) => new Date(`2030-03-05T${time}:00+03:00`).toISOString();

const day = (items: Calendar['columns'][number]['days'][number]['items'], d = '2030-03-05') => ({
  day: d,
  items,
  totals,
});

function calendar(change: Partial<Calendar> = {}): Calendar {
  return {
    date: '2030-03-05',
    days: 1,
    today: '2030-03-05',
    now: '2030-03-05T05:00:00.000Z',
    clinicId: 12,
    options: {
      doctors: [
        { id: 7, name: 'Иванова Анна Петровна' },
        { id: 8, name: 'Сидоров Олег' },
      ],
      specialities: [{ id: 3, name: 'Терапевт' }],
      addresses: [{ id: 12, name: 'ул. Ленина, 1' }],
    },
    doctor: null,
    speciality: null,
    address: null,
    columns: [
      {
        doctor: { id: 7, name: 'Иванова Анна Петровна', specialities: ['Терапевт'] },
        clinicId: 12,
        address: 'ул. Ленина, 1',
        tz: TZ,
        days: [
          day([
            {
              kind: 'visit',
              id: 501,
              startsAt: at('09:00'),
              endsAt: at('09:30'),
              status: 'confirmed',
              patientName: 'Петров Пётр',
              visitType: 'clinic',
              overbooked: false,
              prepaid: 1575,
              due: 1575,
              homeAddress: null,
            },
            { kind: 'free', startsAt: at('09:30'), endsAt: at('10:00') },
            { kind: 'hold', startsAt: at('10:00'), endsAt: at('10:30') },
            { kind: 'block', id: 4, startsAt: at('11:00'), endsAt: at('12:00'), reason: 'Совещание' },
            {
              kind: 'visit',
              id: 502,
              startsAt: at('12:00'),
              endsAt: at('12:30'),
              status: 'canceled',
              patientName: 'Отменённая Ольга',
              visitType: 'home',
              overbooked: false,
              prepaid: null,
              due: null,
              homeAddress: 'ул. Ленина, д. 5, кв. 12',
            },
          ]),
        ],
      },
      {
        doctor: { id: 8, name: 'Сидоров Олег', specialities: [] },
        clinicId: 12,
        address: 'ул. Ленина, 1',
        tz: TZ,
        days: [day([{ kind: 'free', startsAt: at('15:00'), endsAt: at('15:30') }])],
      },
    ],
    totals: [{ day: '2030-03-05', totals: { booked: 3, arrived: 1, noShow: 1, free: 7 } }],
    ...change,
  };
}

const card: PatientCard = {
  appointmentId: 501,
  name: 'Петров Пётр',
  phone: '79001234567',
  email: 'p@example.ru',
  birthDate: '1980-01-02',
  coming: [
    {
      id: 501,
      startsAt: at('09:00'),
      endsAt: at('09:30'),
      tz: TZ,
      status: 'confirmed',
      visitType: 'clinic',
      doctor: 'Иванова Анна Петровна',
      service: null,
      canceledBy: null,
    },
  ],
  past: [
    {
      id: 400,
      startsAt: '2030-02-01T06:00:00.000Z',
      endsAt: '2030-02-01T06:30:00.000Z',
      tz: TZ,
      status: 'no_show',
      visitType: 'clinic',
      doctor: 'Иванова Анна Петровна',
      service: null,
      canceledBy: null,
    },
  ],
  counts: { coming: 1, past: 1, arrived: 0, noShow: 1, canceled: 0 },
  note: null,
};

describe('CalendarView, a day', () => {
  it("draws a column per doctor beside the time axis, with each item's text, and today's totals", () => {
    render(<CalendarView calendar={calendar()} />);
    const grid = screen.getByTestId('calendar-grid');
    const first = within(grid).getByRole('region', { name: 'Иванова Анна Петровна' });
    expect(within(grid).getByRole('region', { name: 'Сидоров Олег' })).toBeTruthy();
    const texts = within(first)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
      .filter(Boolean);
    expect(texts).toEqual([
      // A visit prepaid with the club coupon says so, and what is left to pay at the clinic.
      '09:00 Петров Пётр · Подтверждена · Предоплата 1\u00a0575\u00a0₽ · К оплате в клинике 1\u00a0575\u00a0₽',
      `09:30 ${T.free}${T.book}`,
      `10:00 ${T.hold}`,
      `11:00–12:00 ${T.block}: Совещание`,
      // A home visit names where the doctor goes.
      '12:00 Отменённая Ольга · ОтмененаНа дому: ул. Ленина, д. 5, кв. 12',
    ]);
    // Items sit on the axis: 09:00 is an hour below 08:00.
    const visit = within(first).getByText('Петров Пётр', { exact: false }).closest('li') as HTMLElement;
    expect(visit.style.top).toBe('72px');
    const summary = screen.getByRole('region', { name: `${T.totals}: ${T.today}` });
    expect(summary.textContent).toBe(
      `${T.totals}: ${T.today}${T.totalBooked}3${T.totalArrived}1${T.totalNoShow}1${T.totalFree}7`,
    );
  });

  it('hides cancelled visits when asked, and offers the filters as a plain form', () => {
    render(<CalendarView calendar={calendar()} />);
    fireEvent.click(screen.getByLabelText(T.showCanceled));
    expect(screen.queryAllByText('Отменённая Ольга', { exact: false })).toEqual([]);
    const doctor = screen.getByLabelText(T.doctor) as HTMLSelectElement;
    expect(doctor.name).toBe('doctor');
    expect([...doctor.options].map((o) => o.text)).toEqual([
      T.allDoctors,
      'Иванова Анна Петровна',
      'Сидоров Олег',
    ]);
    expect(screen.getByRole('link', { name: T.nextDay }).getAttribute('href')).toBe(
      '/cabinet/calendar/?date=2030-03-06',
    );
    expect(screen.getByRole('link', { name: T.week }).getAttribute('href')).toBe(
      '/cabinet/calendar/?date=2030-03-05&days=7',
    );
  });

  it('reads on a phone as a list per doctor', () => {
    render(<CalendarView calendar={calendar()} />);
    const list = screen.getByTestId('calendar-list');
    const sections = within(list).getAllByRole('region');
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Иванова Анна Петровна',
      'Сидоров Олег',
    ]);
    expect(within(sections[1]).getByRole('listitem').textContent).toBe(`15:00 ${T.free}${T.book}`);
  });

  it("opens the patient card from a visit, and the desk's booking form from a free time", async () => {
    const stub = stubFetch(json(card));
    render(<CalendarView calendar={calendar()} />);
    const grid = screen.getByTestId('calendar-grid');
    await act(async () => fireEvent.click(within(grid).getByRole('button', { name: /Петров Пётр/ })));
    expect(stub.sent().url).toBe('/cabinet/ajax/patients/501/');
    expect(await screen.findByText(`${P.noShows}: 1`)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Закрыть' })));
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(async () =>
      fireEvent.click(within(grid).getByRole('button', { name: `${T.book}: Сидоров Олег, 5 мар. 15:00` })),
    );
    const dialog = await screen.findByRole('dialog', { name: `${T.book}: 5 мар. 15:00` });
    // The doctor is the free time's: the form's only choice.
    const select = within(dialog).getByLabelText('Врач') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Сидоров Олег']);
    // And the time is the free time's, on the clinic's clock.
    expect((within(dialog).getByLabelText('Дата и время') as HTMLInputElement).value).toBe(
      '2030-03-05T15:00',
    );
  });

  it("gives a doctor's own calendar no card and no booking", () => {
    render(<CalendarView calendar={calendar({ clinicId: null })} />);
    const grid = screen.getByTestId('calendar-grid');
    expect(within(grid).queryAllByRole('button')).toEqual([]);
    expect(within(grid).getByText('Петров Пётр', { exact: false })).toBeTruthy();
  });
});

describe('CalendarView, a week', () => {
  it('shows a row per doctor and a cell per day, each day linking to its own view', () => {
    const days = ['2030-03-05', '2030-03-06'];
    const week = calendar({ days: 7 });
    week.columns = week.columns.map((col) => ({
      ...col,
      days: days.map((d, i) => (i === 0 ? col.days[0] : day([], d))),
    }));
    render(<CalendarView calendar={week} />);
    const table = screen.getByTestId('calendar-week');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(
      within(table)
        .getByRole('link', { name: /6 мар\./ })
        .getAttribute('href'),
    ).toBe('/cabinet/calendar/?date=2030-03-06');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Иванова Анна ПетровнаТерапевт', 'Сидоров Олег']);
    expect(screen.getByTestId('calendar-list').textContent).toContain(T.empty);
  });
});

describe('PatientCardPanel', () => {
  it("shows the patient's contacts and visits, and saves the clinic's note", async () => {
    const stub = stubFetch(
      json(card),
      json({ text: 'Звонить после 18:00', updatedAt: '2030-03-05T06:00:00.000Z', updatedBy: 'Регистратор' }),
    );
    render(<PatientCardPanel appointmentId={501} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Петров Пётр' });
    expect(within(dialog).getByText('+7 (900) 123-45-67')).toBeTruthy();
    expect(within(dialog).getByText('02.01.1980')).toBeTruthy();
    expect(within(dialog).getByText('p@example.ru')).toBeTruthy();
    expect(within(dialog).getByText('Не пришёл')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(P.note), { target: { value: 'Звонить после 18:00' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: P.noteSave })));
    expect(stub.sent(1)).toEqual({
      url: '/cabinet/ajax/patients/501/note/',
      method: 'POST',
      body: { text: 'Звонить после 18:00' },
    });
    expect(within(dialog).getByRole('status').textContent).toBe(P.noteSaved);
    expect(within(dialog).getByText(/Регистратор/)).toBeTruthy();
  });

  it("says so when the visit is not the clinic's", async () => {
    stubFetch(json({ detail: P.notFound }, 404));
    render(<PatientCardPanel appointmentId={9} onClose={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toBe(P.notFound);
  });
});
