// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MIS_KEY_TEXTS as T } from '../../../core/mis/keys';
import { json, stubFetch } from './fetch-stub';
import { MisKeys } from './mis-keys';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const key = (id: number, prefix: string) => ({
  id,
  prefix,
  createdAt: '2025-03-01T09:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
});
const data = { keys: [key(1, 'aaaa1111')], limit: 5, tz: 'Europe/Moscow' };

describe('MisKeys', () => {
  it('issues a key and shows its secret once, above the list', async () => {
    const stub = stubFetch(json({ key: key(2, 'bbbb2222'), secret: 'mis_bbbb2222_secret' }));
    render(<MisKeys data={data} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.create })));
    expect(stub.sent()).toMatchObject({ url: '/cabinet/ajax/mis-keys/', method: 'POST' });
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
