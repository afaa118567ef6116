// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRANCH_TEXTS as T } from '../../../core/cabinet/branches';
import { BranchPicker } from './branch-picker';
import { json, stubFetch } from './fetch-stub';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const branches = {
  current: 1,
  branches: [
    { id: 1, name: 'Клиника на Ленина', address: 'ул. Ленина, 5', town: 'Москва' },
    { id: 2, name: 'Клиника на Мира', address: 'пр. Мира, 10', town: 'Москва' },
  ],
};

describe('BranchPicker', () => {
  it('asks for the chosen branch, and says why it was refused', async () => {
    const stub = stubFetch(json({ detail: 'Филиал не найден' }, 404));
    render(<BranchPicker branches={branches} />);
    const go = screen.getByRole('button', { name: T.go }) as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: T.label }), { target: { value: '2' } });
    await act(async () => fireEvent.click(go));
    expect(stub.sent()).toMatchObject({
      url: '/cabinet/ajax/branches/current/',
      method: 'PUT',
      body: { clinic_id: 2 },
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Филиал не найден');
    expect(screen.getByRole('combobox', { name: T.label }).getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.getByRole('button', { name: T.go })).toBeTruthy();
  });
});
