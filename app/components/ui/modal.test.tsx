// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal, ModalClose } from './modal';

// No preload in this file: the modal's code comes only when a modal first opens.
afterEach(cleanup);

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Оборудование">
        <p>Аппарат МРТ</p>
        <ModalClose>Готово</ModalClose>
      </Modal>
    </>
  );
}

describe('Modal before its code is loaded', () => {
  it('gives the focus back to what opened it when it closes', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Открыть' });
    opener.focus();
    fireEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Оборудование' });
    expect(document.activeElement).not.toBe(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('renders nothing while never opened, loads on the first open, closes and opens again', async () => {
    render(<Opener />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.textContent).not.toContain('Аппарат МРТ');

    fireEvent.click(screen.getByRole('button', { name: 'Открыть' }));
    const dialog = await screen.findByRole('dialog', { name: 'Оборудование' });
    expect(dialog.textContent).toContain('Аппарат МРТ');

    fireEvent.click(screen.getByRole('button', { name: 'Готово' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Loaded now: the second open is at once.
    fireEvent.click(screen.getByRole('button', { name: 'Открыть' }));
    expect(screen.getByRole('dialog', { name: 'Оборудование' }).textContent).toContain('Аппарат МРТ');
  });
});
