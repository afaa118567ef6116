// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfferedSlot } from '../../../core/booking/contracts';
import { BookingForm } from './booking-form';

const NEXT: OfferedSlot = { day: '2026-11-26', time: '14:00', duration: 30, slot: '26.11.2026 14:00' };

/** The server: the hold, and the booking's answer. */
function stubServer(booking: Response) {
  const fetchStub = vi.fn(async (url: string) =>
    url.startsWith('/ajax/appointment/hold/')
      ? Response.json({ hold_id: 7 }, { status: 201 })
      : booking.clone(),
  );
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

function renderForm(onChooseSlot = vi.fn()) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <BookingForm
          subject={{ doctor_id: 5 }}
          lpuId={9}
          slot="25.11.2026 10:00"
          type="clinic"
          source={null}
          today="2026-11-20"
          phone="+7 900 123-45-67"
          onChooseSlot={onChooseSlot}
          prefill={{
            last_name: 'Смирнова',
            first_name: 'Ольга',
            patronymic: 'Игоревна',
            no_patronymic: false,
            birth_date: '1987-03-14',
          }}
        />
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return onChooseSlot;
}

async function book() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Записаться' })));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BookingForm', () => {
  it('says the time is gone and offers the nearest free ones when the booking is refused', async () => {
    const fetchStub = stubServer(
      Response.json(
        {
          detail: 'Это время уже заняли',
          code: 'slot_taken',
          title: '',
          reason: 'slot_taken',
          alternatives: [NEXT],
        },
        { status: 409 },
      ),
    );
    const onChooseSlot = renderForm();
    await screen.findByRole('status'); // 'Мы придержим это время…': the hold came back
    await book();
    const [, init] = fetchStub.mock.calls.find(([url]) => url === '/ajax/appointment/create/') as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(init.body))).toMatchObject({
      doctor_id: 5,
      lpu_id: 9,
      slot: '25.11.2026 10:00',
      hold_id: 7,
      birth_date: '1987-03-14',
    });
    const failure = screen.getByRole('alert');
    expect(within(failure).getByRole('heading').textContent).toBe('Не получилось записаться');
    expect(failure.textContent).toContain('Это время уже заняли');
    // The refusal is told once: by the notice, not by the form's status line too.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    fireEvent.click(within(failure).getByRole('button'));
    expect(onChooseSlot).toHaveBeenCalledWith(NEXT);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names the patient’s own visit the time clashes with, and links to it', async () => {
    const detail =
      'У вас уже есть запись на это время: Петров Иван Сергеевич, Клиника здоровья, 25 ноября 2026, среда, 10:00. Выберите другое время.';
    stubServer(
      Response.json(
        {
          detail,
          code: 'visit_clash',
          title: 'Не получилось записаться',
          reason: 'visit_clash',
          alternatives: [],
          clash: {
            id: 41,
            title: 'Петров Иван Сергеевич',
            clinic_name: 'Клиника здоровья',
            starts_at: '2026-11-25T03:00:00.000Z',
            ends_at: '2026-11-25T03:30:00.000Z',
            url: '/appointment/41/',
          },
        },
        { status: 409 },
      ),
    );
    renderForm();
    await screen.findByRole('status');
    await book();
    const failure = screen.getByRole('alert');
    expect(within(failure).getByRole('heading').textContent).toBe('Не получилось записаться');
    expect(failure.textContent).toContain(detail);
    expect(within(failure).getByRole('link', { name: 'Посмотреть запись' }).getAttribute('href')).toBe(
      '/appointment/41/',
    );
    expect(within(failure).queryByRole('button')).toBeNull();
  });

  it('shows the server’s message under its field', async () => {
    stubServer(
      Response.json(
        { detail: 'Проверьте фамилию', errors: { last_name: 'Проверьте фамилию' } },
        { status: 400 },
      ),
    );
    renderForm();
    await book();
    const field = screen.getByLabelText('Фамилия');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Проверьте фамилию',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what went wrong when the server fails', async () => {
    stubServer(new Response('oops', { status: 500 }));
    renderForm();
    await book();
    expect(screen.getByRole('alert').textContent).toBe('Ошибка. Попробуйте перезагрузить страницу.');
    expect(screen.getByRole('button', { name: 'Записаться' })).toBeTruthy();
  });
});
