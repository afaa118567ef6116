// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFY_TEXTS as T } from '../../../core/cabinet/notifications';
import { json, stubFetch } from './fetch-stub';
import { ClinicNotificationsEditor } from './notifications-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const initial = {
  phone: null,
  email: null,
  new_booking: true,
  patient_cancel: true,
  new_review: true,
  callback_request: true,
};

describe('ClinicNotificationsEditor', () => {
  it('saves the contact and shows it as the server kept it', async () => {
    const stub = stubFetch(
      json({ ...initial, phone: '79135551234', email: 'reg@klinika.test', patient_cancel: false }),
    );
    render(<ClinicNotificationsEditor initial={initial} />);
    fireEvent.change(screen.getByLabelText(T.phone), { target: { value: '8 913 555 12 34' } });
    fireEvent.change(screen.getByLabelText(T.email), { target: { value: 'reg@klinika.test' } });
    fireEvent.click(screen.getByRole('checkbox', { name: T.patientCancel }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.save })));
    expect(stub.sent()).toMatchObject({
      url: '/cabinet/ajax/notifications/',
      body: { phone: '8 913 555 12 34', email: 'reg@klinika.test', new_booking: true, patient_cancel: false },
    });
    expect((screen.getByLabelText(T.phone) as HTMLInputElement).value).toBe('+7 (913) 555-12-34');
    expect(screen.getByRole('status').textContent).toBe(T.saved);
  });

  it("sends the switches 'Новый отзыв' and 'Заявка на звонок' with the others", async () => {
    const stub = stubFetch(json({ ...initial, new_review: false, callback_request: true }));
    render(<ClinicNotificationsEditor initial={{ ...initial, callback_request: false }} />);
    expect((screen.getByRole('checkbox', { name: T.callbackRequest }) as HTMLInputElement).checked).toBe(
      false,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: T.newReview }));
    fireEvent.click(screen.getByRole('checkbox', { name: T.callbackRequest }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.save })));
    expect(stub.sent()).toMatchObject({ body: { new_review: false, callback_request: true } });
    expect((screen.getByRole('checkbox', { name: T.newReview }) as HTMLInputElement).checked).toBe(false);
  });

  it('shows a refused field’s reason by that field, and no alert', async () => {
    stubFetch(json({ detail: T.badEmail, code: 'bad_request', errors: { email: T.badEmail } }, 400));
    render(<ClinicNotificationsEditor initial={initial} />);
    fireEvent.change(screen.getByLabelText(T.email), { target: { value: 'reg@' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.save })));
    const email = screen.getByLabelText(T.email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      T.badEmail,
    );
    expect(screen.getByLabelText(T.phone).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a refusal without fields came', async () => {
    stubFetch(json({ detail: T.clinicOnly }, 403));
    render(<ClinicNotificationsEditor initial={initial} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.save })));
    expect(screen.getByRole('alert').textContent).toBe(T.clinicOnly);
  });
});
