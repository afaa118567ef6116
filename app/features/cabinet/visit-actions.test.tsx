// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STATUS_CHANGE_TEXTS } from '../../../core/cabinet/reception';
import { VisitActions } from './visit-actions';
import { receptionVisit } from './visit-fixture';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const visit = receptionVisit();

function answer(status: number, body: unknown) {
  const stub = vi.fn(async (_url: string, _init: RequestInit) => Response.json(body, { status }));
  vi.stubGlobal('fetch', stub);
  return stub;
}

const click = (name: string, root: HTMLElement = document.body) =>
  act(async () => fireEvent.click(within(root).getByRole('button', { name })));

describe('VisitActions', () => {
  it('marks a begun visit as a no-show and hands the changed visit to the list', async () => {
    const stub = answer(200, { ...visit, status: 'no_show' });
    const changed = vi.fn();
    render(<VisitActions visit={visit} now="2030-03-05T07:10:00Z" onChanged={changed} />);
    await click('Не пришёл');
    const [url, init] = stub.mock.calls[0];
    expect(url).toBe('/cabinet/ajax/appointments/501/status/');
    expect(JSON.parse(String(init.body))).toEqual({ status: 'no_show' });
    expect(changed).toHaveBeenCalledWith({ ...visit, status: 'no_show' }, STATUS_CHANGE_TEXTS.noShow);
  });

  it('shows why a mark was refused', async () => {
    answer(409, { detail: STATUS_CHANGE_TEXTS.canceled, code: 'already_canceled' });
    const changed = vi.fn();
    render(<VisitActions visit={visit} now="2030-03-05T07:10:00Z" onChanged={changed} />);
    await click('Пришёл');
    expect(screen.getByRole('alert').textContent).toBe(STATUS_CHANGE_TEXTS.canceled);
    expect(changed).not.toHaveBeenCalled();
  });

  it('cancels a coming visit only with a reason', async () => {
    const stub = answer(200, {
      ...visit,
      status: 'canceled',
      canceledBy: 'clinic',
      cancelReason: 'Врач болен',
    });
    const changed = vi.fn();
    render(<VisitActions visit={visit} now="2030-03-04T07:00:00Z" onChanged={changed} />);
    await click('Отменить запись');
    const dialog = await screen.findByRole('dialog', { name: 'Отменить запись?' });
    await click('Отменить запись', dialog);
    expect(within(dialog).getByText(STATUS_CHANGE_TEXTS.reasonRequired)).toBeTruthy();
    expect(stub).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Причина'), { target: { value: ' Врач болен ' } });
    await click('Отменить запись', dialog);
    expect(JSON.parse(String(stub.mock.calls[0][1].body))).toEqual({
      status: 'canceled',
      reason: 'Врач болен',
    });
    expect(changed).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'canceled' }),
      STATUS_CHANGE_TEXTS.canceledByClinic,
    );
  });
});
