// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLINIC_PAGE_TEXTS as T } from '../../../core/clinic/page-editor';
import { ClinicRulesEditor } from './clinic-rules-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ClinicRulesEditor', () => {
  it('saves the rules a line each and shows them as the server kept them', async () => {
    const fetchStub = vi.fn(async () =>
      Response.json({ rules: ['Возьмите паспорт', 'Приходите за 10 минут'] }),
    );
    vi.stubGlobal('fetch', fetchStub);
    render(<ClinicRulesEditor rules={['Возьмите паспорт']} />);
    const box = screen.getByLabelText(T.rulesLead) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Возьмите паспорт\n\n  Приходите за 10 минут  ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.save })));
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/cabinet/ajax/clinic/rules/');
    expect(JSON.parse(String(init.body))).toEqual({ text: 'Возьмите паспорт\n\n  Приходите за 10 минут  ' });
    expect(box.value).toBe('Возьмите паспорт\nПриходите за 10 минут');
    expect(screen.getByRole('status').textContent).toBe(T.saved);
    // Editing again takes the note away.
    fireEvent.change(box, { target: { value: 'Возьмите паспорт' } });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the server’s refusal under the text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { detail: 'Не больше 20 правил', errors: { text: 'Не больше 20 правил' } },
          { status: 400 },
        ),
      ),
    );
    render(<ClinicRulesEditor rules={[]} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.save })));
    const box = screen.getByLabelText(T.rulesLead);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Не больше 20 правил')).toBeTruthy();
  });
});
