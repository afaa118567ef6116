// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MISTAKE_MESSAGES } from '../../../core/feedback/mistake-report';
import { MistakeReportDialog } from './mistake-report-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openDialog() {
  render(<MistakeReportDialog open onOpenChange={() => {}} doctorId={4} trigger={createRef()} />);
  return screen.findByRole('dialog', { name: 'Сообщить об ошибке' });
}

const send = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Отправить' })));

describe('MistakeReportDialog', () => {
  it('checks the text first, then posts the report and thanks', async () => {
    const fetchStub = vi.fn(async () => Response.json({}, { status: 201 }));
    vi.stubGlobal('fetch', fetchStub);
    await openDialog();
    const text = screen.getByLabelText('Что не так?');
    fireEvent.change(text, { target: { value: 'Ошибка' } });
    await send();
    expect(fetchStub).not.toHaveBeenCalled();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(text);
    fireEvent.change(text, { target: { value: 'Врач больше не принимает здесь' } });
    await send();
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ajax/mistake_reports/');
    expect(JSON.parse(String(init.body))).toEqual({
      doctor_id: 4,
      text: 'Врач больше не принимает здесь',
      contact: '',
    });
    expect(screen.getByRole('status').textContent).toBe(MISTAKE_MESSAGES.success);
  });

  it('shows the server’s refusal as it is, and its own text when the server fails', async () => {
    const answers = [
      Response.json({ detail: 'Не указан врач или клиника' }, { status: 400 }),
      Response.json({ detail: 'boom' }, { status: 500 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()),
    );
    await openDialog();
    fireEvent.change(screen.getByLabelText('Что не так?'), {
      target: { value: 'Врач больше не принимает здесь' },
    });
    await send();
    expect(screen.getByRole('alert').textContent).toBe('Не указан врач или клиника');
    await send();
    expect(screen.getByRole('alert').textContent).toBe(
      'Произошла ошибка. Обновите страницу и попробуйте еще раз.',
    );
  });
});
