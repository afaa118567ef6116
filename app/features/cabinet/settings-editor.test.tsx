// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClinicSettings } from '../../../core/cabinet/contracts';
import { SETTINGS_TEXTS as T } from '../../../core/cabinet/settings';
import { json, stubFetch } from './fetch-stub';
import { ClinicSettingsEditor } from './settings-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const initial: ClinicSettings = {
  day_before: true,
  hours_before: false,
  min_notice_minutes: 60,
  buffer_minutes: 0,
  booking_horizon_days: 30,
};

describe('ClinicSettingsEditor', () => {
  it('saves a change at once', async () => {
    const stub = stubFetch(json({ ...initial, hours_before: true }));
    render(<ClinicSettingsEditor initial={initial} />);
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: T.hoursBefore })));
    expect(stub.sent()).toMatchObject({
      url: '/cabinet/ajax/settings/',
      method: 'POST',
      body: { ...initial, hours_before: true },
    });
    expect(screen.getByRole('status').textContent).toBe(T.saved);
    expect((screen.getByRole('checkbox', { name: T.hoursBefore }) as HTMLInputElement).checked).toBe(true);
  });

  it('puts a refused change back and says why', async () => {
    stubFetch(json({ detail: 'Настройки записи меняет клиника' }, 403));
    render(<ClinicSettingsEditor initial={initial} />);
    const notice = screen.getByLabelText(T.minNotice) as HTMLSelectElement;
    await act(async () => fireEvent.change(notice, { target: { value: '120' } }));
    expect(screen.getByRole('alert').textContent).toBe('Настройки записи меняет клиника');
    expect(notice.value).toBe('60');
  });
});
