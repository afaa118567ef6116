// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useHashModal, useHashParams } from '../../lib/use-hash-state';
import { Modal, preloadModal } from './modal';
import { Select } from './select';
import { hideSnackbar, SnackbarHost, showSnackbar } from './snackbar';

// The modal's code is in before the tests open one, as the root's idle preload has it in a browser.
beforeAll(() => preloadModal());

afterEach(() => {
  cleanup();
  hideSnackbar();
});

const SPECIALITIES = [
  { value: 'kardiolog', label: 'Кардиолог' },
  { value: 'dermatolog', label: 'Дерматолог' },
  { value: 'nevrolog', label: 'Невролог' },
  { value: 'kardiohirurg', label: 'Кардиохирург' },
];

function ControlledSelect({ disabled = false, onChange = (_value: string) => {} }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <Select
      label="Специальность"
      options={SPECIALITIES}
      value={value}
      disabled={disabled}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('Select', () => {
  it('opens from the keyboard, jumps by typed letters and chooses with Enter', () => {
    const onChange = vi.fn();
    render(<ControlledSelect onChange={onChange} />);
    const combo = screen.getByRole('combobox', { name: /Специальность/ });
    fireEvent.keyDown(combo, { key: 'ArrowDown' });
    expect(combo.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(combo, { key: 'н' });
    const active = combo.getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)?.textContent).toBe('Невролог');
    fireEvent.keyDown(combo, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('nevrolog');
    expect(combo.getAttribute('aria-expanded')).toBe('false');
    expect(combo.textContent).toContain('Невролог');
  });

  it('marks the chosen option unavailable and skips it', () => {
    render(<ControlledSelect />);
    const combo = screen.getByRole('combobox');
    fireEvent.click(combo);
    fireEvent.click(screen.getByRole('option', { name: 'Кардиолог' }));
    fireEvent.click(combo);
    expect(screen.getByRole('option', { name: 'Кардиолог' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(combo, { key: 'к' });
    const active = combo.getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)?.textContent).toBe('Кардиохирург');
  });

  it('does not open when disabled', () => {
    render(<ControlledSelect disabled />);
    const combo = screen.getByRole('combobox');
    fireEvent.click(combo);
    fireEvent.keyDown(combo, { key: 'ArrowDown' });
    expect(combo.getAttribute('aria-expanded')).toBe('false');
  });
});

function TwoModals() {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(true);
  return (
    <Modal open={outer} onOpenChange={setOuter} title="Клиника">
      <Modal open={inner} onOpenChange={setInner} title="Оборудование">
        <p>МРТ</p>
      </Modal>
    </Modal>
  );
}

describe('Modal', () => {
  it('closes only the top modal of the stack on Escape', () => {
    render(<TwoModals />);
    // The outer modal is hidden from assistive tech while the inner one is open.
    expect(screen.getAllByRole('dialog', { hidden: true })).toHaveLength(2);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    const left = screen.getAllByRole('dialog', { hidden: true });
    expect(left).toHaveLength(1);
    expect(left[0].textContent).toContain('Клиника');
  });
});

function HashPage() {
  const [open, setOpen] = useHashModal('equipment');
  const [params, setParams] = useHashParams();
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      <button type="button" onClick={() => setParams(new URLSearchParams({ gender: 'F' }))}>
        Женщины
      </button>
      <p data-testid="gender">{params.get('gender') ?? 'все'}</p>
      <Modal open={open} onOpenChange={setOpen} title="Оборудование">
        <p>МРТ</p>
      </Modal>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/moskva/lpu/', element: <HashPage /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useHashModal', () => {
  it('opens by pushing the hash; back closes it', async () => {
    const router = renderAt('/moskva/lpu/');
    fireEvent.click(screen.getByRole('button', { name: 'Открыть' }));
    expect(router.state.location.hash).toBe('#equipment');
    expect(screen.getByRole('dialog').textContent).toContain('МРТ');
    await act(() => router.navigate(-1));
    expect(router.state.location.hash).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens from a URL with the hash; closing removes it without leaving the page', () => {
    const router = renderAt('/moskva/lpu/#equipment');
    expect(screen.getByRole('dialog', { name: 'Оборудование' }).textContent).toContain('МРТ');
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(router.state.location.pathname).toBe('/moskva/lpu/');
    expect(router.state.location.hash).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('useHashParams', () => {
  it('keeps filters in the hash so back restores the previous ones', async () => {
    const router = renderAt('/moskva/lpu/');
    fireEvent.click(screen.getByRole('button', { name: 'Женщины' }));
    expect(router.state.location.hash).toBe('#gender=F');
    expect(screen.getByTestId('gender').textContent).toBe('F');
    await act(() => router.navigate(-1));
    expect(screen.getByTestId('gender').textContent).toBe('все');
  });
});

describe('Snackbar', () => {
  it('shows one message at a time in a live region and runs its action', () => {
    vi.useFakeTimers();
    try {
      const undo = vi.fn();
      render(<SnackbarHost />);
      act(() => showSnackbar({ text: 'Добавлено в избранное' }));
      act(() =>
        showSnackbar({ text: 'Удалено из избранного', action: { label: 'Отменить', onClick: undo } }),
      );
      const region = screen.getByRole('status');
      expect(region.textContent).toContain('Удалено из избранного');
      expect(region.textContent).not.toContain('Добавлено');
      fireEvent.click(screen.getByRole('button', { name: 'Отменить' }));
      expect(undo).toHaveBeenCalledOnce();
      act(() => showSnackbar({ text: 'Восстановлено' }));
      act(() => vi.advanceTimersByTime(4001));
      expect(region.textContent).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});
