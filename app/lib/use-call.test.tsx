// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineCall } from '../../core/http/call';
import { Button } from '../components/ui/button';
import { Field, INPUT } from '../components/ui/field';
import { Form, FormStatus } from '../components/ui/form';
import { isRefusal } from './api';
import { useCall } from './use-call';

const rename = defineCall<{
  body: { name: string };
  reply: { name: string };
  refusal: { visits: { id: number }[] };
}>()('POST', '/ajax/test/rename/');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Rename({ onSaved }: { onSaved?: (name: string) => void }) {
  const [name, setName] = useState('');
  const save = useCall(rename);
  const [visits, setVisits] = useState<number[]>([]);
  return (
    <Form
      call={save}
      onSubmit={async () => {
        const outcome = await save.run({ body: { name } });
        if (outcome.ok) onSaved?.(outcome.reply.name);
        else setVisits(outcome.refusal?.visits?.map((v) => v.id) ?? []);
      }}
    >
      <Field label="Название" hint="Как в лицензии" error={save.fieldErrors.name}>
        {(control) => (
          <input {...control} className={INPUT} value={name} onChange={(e) => setName(e.target.value)} />
        )}
      </Field>
      <Button type="submit" busy={save.busy}>
        Сохранить
      </Button>
      <FormStatus call={save} done="Сохранено" />
      {visits.length > 0 && <p>Записи: {visits.join(', ')}</p>}
    </Form>
  );
}

const reply = (status: number, body: unknown) => vi.fn(async () => Response.json(body, { status }));

describe('useCall with the form kit', () => {
  it('sends once however often the button is pressed, then says it is saved', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchStub = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchStub);
    const saved = vi.fn();
    render(<Rename onSaved={saved} />);
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Клиника' } });
    const button = screen.getByRole('button', { name: 'Сохранить' });
    fireEvent.click(button);
    fireEvent.submit(button.closest('form') as HTMLFormElement);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    await act(async () => answer(Response.json({ name: 'Клиника' })));
    expect(screen.getByRole('status').textContent).toBe('Сохранено');
    expect(saved).toHaveBeenCalledWith('Клиника');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('puts a field’s message under its field and ties it to the control', async () => {
    vi.stubGlobal('fetch', reply(400, { detail: 'Проверьте поля', errors: { name: 'Укажите название' } }));
    render(<Rename />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Сохранить' })));
    const input = screen.getByLabelText('Название');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Как в лицензии',
      'Укажите название',
    ]);
    // The fields say it: no second message for the whole form.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hands the refusal typed by the descriptor to the form', async () => {
    vi.stubGlobal(
      'fetch',
      reply(409, { detail: 'Есть записи', code: 'visits_outside', visits: [{ id: 7 }] }),
    );
    render(<Rename />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Сохранить' })));
    expect(screen.getByRole('alert').textContent).toBe('Есть записи');
    expect(screen.getByText('Записи: 7')).toBeTruthy();
  });

  it('shows its own text for a server error and for no answer', async () => {
    vi.stubGlobal('fetch', reply(502, '<html>Bad gateway</html>'));
    render(<Rename />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Сохранить' })));
    expect(screen.getByRole('alert').textContent).toBe('Ошибка. Попробуйте перезагрузить страницу.');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Сохранить' })));
    expect(screen.getByRole('alert').textContent).toContain('Не удалось связаться с сервером');
  });

  it('aborts the call under way when the form goes away, and sets nothing after', async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        signal = init.signal ?? undefined;
        return new Promise<Response>((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }),
    );
    const { unmount } = render(<Rename />);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(signal).toBeDefined());
    unmount();
    expect(signal?.aborted).toBe(true);
  });
});

describe('isRefusal', () => {
  it('reads a refusal as the call’s only when it came from that call', async () => {
    vi.stubGlobal('fetch', reply(409, { detail: 'Есть записи', visits: [{ id: 7 }] }));
    const other = defineCall<{ reply: null }>()('POST', '/ajax/test/other/');
    const { api } = await import('./api');
    const error = await api.send(rename, { body: { name: 'x' } }).catch((e: unknown) => e);
    expect(isRefusal(rename, error, 409) && error.body.visits?.[0]?.id).toBe(7);
    expect(isRefusal(other, error)).toBe(false);
    expect(isRefusal(rename, error, 400)).toBe(false);
  });
});
