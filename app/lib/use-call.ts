import { useCallback, useEffect, useRef, useState } from 'react';
import type { Call, RefusalOf, ReplyOf } from '../../core/http/call';
import { ApiError, api, type CallInput, isAborted, isRefusal, SERVER_ERROR } from './api';

/**
 * One write from a widget (ADR 035): the form says what to send, the hook does the rest.
 *
 *   const save = useCall(cabinetSetClinicRules);
 *   const outcome = await save.run({ body: { text } });
 *   if (outcome.ok) setText(outcome.reply.rules.join('\n'));
 *   <Button type="submit" busy={save.busy}>…</Button> <FormStatus call={save} done="Сохранено" />
 *
 * - one at a time: a second `run` while one is under way is ignored (a double tap sends once);
 * - `busy` while it runs; `done` after a 2xx until the next run or `reset()`;
 * - a refusal keeps its body typed by the descriptor (`refusal`), the fields' messages
 *   (`fieldErrors`) and the text to show (`error`): the server's `detail` for a 4xx, ours for a
 *   5xx or no answer (app/lib/api.ts);
 * - unmounting aborts the call under way, and nothing is set after that.
 */
export interface CallState<C extends Call> {
  run: (input: CallInput<C>) => Promise<Outcome<C>>;
  busy: boolean;
  /** The last run succeeded (cleared by the next run and by `reset`). */
  done: boolean;
  /** The last run's text for the person, or null. */
  error: string | null;
  /** The last refusal's body (4xx/5xx answers), typed by the call's descriptor. */
  refusal: RefusalOf<C> | null;
  /** Messages by field from the last refusal (400 with `errors`). */
  fieldErrors: Record<string, string>;
  /** Forget the last outcome (the person edits the form again). */
  reset: () => void;
}

export type Outcome<C extends Call> =
  | { ok: true; reply: ReplyOf<C> }
  | { ok: false; refusal: RefusalOf<C> | null; error: string | null };

interface Last<C extends Call> {
  done: boolean;
  error: string | null;
  refusal: RefusalOf<C> | null;
  fieldErrors: Record<string, string>;
}

const CLEAN = { done: false, error: null, refusal: null, fieldErrors: {} };

/** The text a person reads for a failed call: the server's for a refusal, ours for the rest. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.detail : SERVER_ERROR;
}

export function useCall<C extends Call>(call: C): CallState<C> {
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<Last<C>>(CLEAN);
  const running = useRef<AbortController | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      running.current?.abort();
    };
  }, []);

  const run = useCallback(
    async (input: CallInput<C>): Promise<Outcome<C>> => {
      if (running.current) return { ok: false, refusal: null, error: null };
      const controller = new AbortController();
      running.current = controller;
      setBusy(true);
      setLast(CLEAN);
      try {
        const reply = await api.send(call, { ...input, signal: controller.signal });
        if (mounted.current) setLast({ ...CLEAN, done: true });
        return { ok: true, reply };
      } catch (error) {
        if (isAborted(error) || !mounted.current) return { ok: false, refusal: null, error: null };
        // A bug of ours (not a failed call) is reported, and the person still reads a message.
        if (!(error instanceof ApiError)) console.error(error);
        const refusal = isRefusal(call, error) ? error.body : null;
        const text = messageOf(error);
        setLast({ done: false, error: text, refusal, fieldErrors: refusal?.errors ?? {} });
        return { ok: false, refusal, error: text };
      } finally {
        running.current = null;
        if (mounted.current) setBusy(false);
      }
    },
    [call],
  );

  const reset = useCallback(() => setLast(CLEAN), []);
  return { run, busy, ...last, reset };
}
