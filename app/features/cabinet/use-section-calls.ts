import { useState } from 'react';
import type { Call } from '../../../core/http/call';
import type { FormCall } from '../../components/ui/form';
import type { CallInput } from '../../lib/api';
import type { CallState, Outcome } from '../../lib/use-call';

const NO_FIELDS: Record<string, string> = {};

type States<D extends Record<string, Call>> = { [K in keyof D]: CallState<D[K]> };

/** What the section's status line tells of: the last call run, its words for success, and where it ran. */
export interface LastCall {
  call: FormCall;
  done: string;
  /** Which of the section's items it was about (a document's kind), when the line is the item's. */
  about?: string;
}

/**
 * The calls of one section that share its status line (a media list's add, change, move and
 * remove; a document's upload and withdrawal), each a `useCall` of its own: one runs at a time
 * (`busy` while any does) and `last` is the one to tell of, with the words of its success.
 *
 *   const section = useSectionCalls({ add: useCall(cabinetAddLicence), remove: useCall(…) });
 *   await section.run('add', { body }, T.licenceAdded);
 *   <FormStatus call={section.form} done={section.last?.done} />
 */
export function useSectionCalls<D extends Record<string, Call>>(calls: States<D>) {
  const [last, setLast] = useState<{ key: keyof D; done: string; about?: string } | null>(null);
  const busy = Object.values<FormCall>(calls).some((call) => call.busy);

  async function run<K extends keyof D>(
    key: K,
    input: CallInput<D[K]>,
    done: string,
    about?: string,
  ): Promise<Outcome<D[K]>> {
    if (busy) return { ok: false, refusal: null, error: null };
    setLast({ key, done, about });
    return calls[key].run(input);
  }

  const shown: LastCall | null = last ? { call: calls[last.key], done: last.done, about: last.about } : null;
  /** The section as one form's call: busy while any runs, the outcome of the last. */
  const form: FormCall = {
    busy,
    done: shown?.call.done ?? false,
    error: shown?.call.error ?? null,
    fieldErrors: shown?.call.fieldErrors ?? NO_FIELDS,
  };
  return { busy, run, last: shown, form, reset: () => setLast(null) };
}
