// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CovidRules } from './covid-rules';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CovidRules', () => {
  it('fetches the clinic’s rules once and shows them in a dialog', async () => {
    const fetchStub = vi.fn(async () => Response.json(['Наденьте маску', 'Возьмите паспорт']));
    vi.stubGlobal('fetch', fetchStub);
    render(<CovidRules lpuId={12} />);
    const button = screen.getByRole('button', { name: 'Посмотреть правила' });
    await act(async () => fireEvent.click(button));
    expect(String((fetchStub.mock.calls[0] as unknown as [string])[0])).toBe('/ajax/lpu/12/covid_rules/');
    expect((await screen.findByRole('dialog', { name: 'Правила посещения' })).textContent).toContain(
      'Возьмите паспорт',
    );
  });

  it('stays shut when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ detail: 'Нет такой клиники' }, { status: 404 })),
    );
    render(<CovidRules lpuId={12} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Посмотреть правила' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Посмотреть правила' }).hasAttribute('disabled')).toBe(false);
  });
});
