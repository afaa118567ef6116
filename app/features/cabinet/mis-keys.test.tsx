// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MisScope, MIS_KEY_TEXTS as T } from '../../../core/mis/keys';
import { json, stubFetch } from './fetch-stub';
import { MisKeys } from './mis-keys';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const key = (id: number, prefix: string, scopes: MisScope[] = ['slots'], full = false) => ({
  id,
  prefix,
  label: full ? null : `Ключ ${id}`,
  scopes,
  full,
  createdAt: '2025-03-01T09:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
});
const data = { keys: [key(1, 'aaaa1111')], limit: 5, tz: 'Europe/Moscow' };

describe('MisKeys', () => {
  it('shows each key with its name and access; a key made before access is full', () => {
    const { container } = render(
      <MisKeys
        data={{ ...data, keys: [key(1, 'aaaa1111'), key(4, 'dddd4444', ['slots', 'doctors'], true)] }}
      />,
    );
    const scopes = [...container.querySelectorAll('[data-mis-scopes]')].map((p) => p.textContent);
    expect(scopes).toEqual(['Передача расписания', T.fullKey]);
    expect(screen.getByText('Ключ 1')).toBeTruthy();
    expect(screen.getByText(T.noLabel)).toBeTruthy();
  });

  it('issues a key with a name and the chosen access, and shows its secret once, above the list', async () => {
    const stub = stubFetch(json({ key: key(2, 'bbbb2222'), secret: 'mis_bbbb2222_secret' }));
    render(<MisKeys data={data} />);
    fireEvent.change(screen.getByLabelText(T.label), { target: { value: 'МИС регистратуры' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /appointments:write/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /doctors/ }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.create })));
    expect(stub.sent()).toMatchObject({ url: '/cabinet/ajax/mis-keys/', method: 'POST' });
    expect(stub.sent().body).toEqual({
      label: 'МИС регистратуры',
      scopes: ['slots', 'appointments:read'],
    });
    expect(screen.getByRole('status').textContent).toContain('mis_bbbb2222_secret');
    expect(screen.getByText('mis_bbbb2222_…')).toBeTruthy();
  });

  it('revokes a key after a second press, and says why a revocation was refused', async () => {
    const stub = stubFetch(
      json({ ...key(1, 'aaaa1111'), revokedAt: '2025-03-02T09:00:00Z' }),
      json({ detail: T.keyNotFound }, 404),
    );
    const { container } = render(
      <MisKeys data={{ ...data, keys: [key(1, 'aaaa1111'), key(3, 'cccc3333')] }} />,
    );
    const row = (id: number) => within(container.querySelector(`[data-mis-key="${id}"]`) as HTMLElement);
    fireEvent.click(row(1).getByRole('button', { name: T.revoke }));
    await act(async () => fireEvent.click(row(1).getByRole('button', { name: T.revoke })));
    expect(stub.sent()).toMatchObject({ url: '/cabinet/ajax/mis-keys/1/revoke/', method: 'POST' });
    expect(row(1).getByText(new RegExp(`^${T.revoked}`))).toBeTruthy();
    fireEvent.click(row(3).getByRole('button', { name: T.revoke }));
    await act(async () => fireEvent.click(row(3).getByRole('button', { name: T.revoke })));
    expect(row(3).getByRole('alert').textContent).toBe(T.keyNotFound);
  });
});
