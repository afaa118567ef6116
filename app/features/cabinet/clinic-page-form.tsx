import { useState } from 'react';
import { isApiError, SERVER_ERROR } from '../../lib/api';

/** The clinic page editor's shared bits: field and button styles, the status line, a save runner. */
export const FIELD = 'w-full rounded-lg border border-line bg-surface px-3 py-2';
export const PRIMARY =
  'rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark disabled:opacity-50';
export const SECONDARY =
  'rounded-lg border border-line px-3 py-2 font-medium text-ink hover:bg-canvas disabled:opacity-50';

export type Note = { ok: boolean; text: string } | null;

export function StatusNote({ note }: { note: Note }) {
  if (!note) return null;
  return (
    <p role={note.ok ? 'status' : 'alert'} className={note.ok ? 'text-success' : 'text-error'}>
      {note.text}
    </p>
  );
}

/** Runs one save at a time: `busy` while it runs, then the note (the call's own detail on a refusal). */
export function useSave() {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  async function run<T>(call: () => Promise<T>, ok: string): Promise<T | null> {
    setBusy(true);
    setNote(null);
    try {
      const result = await call();
      setNote({ ok: true, text: ok });
      return result;
    } catch (err) {
      setNote({ ok: false, text: isApiError(err) ? err.detail : SERVER_ERROR });
      return null;
    } finally {
      setBusy(false);
    }
  }
  return { busy, note, setNote, run };
}
