import { useState } from 'react';
import { AWARD_PHASES, type AwardPhase } from '../../../core/promo/award-phase';
import { saveAwardYear } from '../../../core/promo/calls';
import type { AwardContent, AwardYearInput } from '../../../core/promo/contracts';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

const PHASE_NAMES: Record<AwardPhase | 'ends', string> = {
  announce: 'Анонс премии',
  results: 'Итоги премии',
  grand_prix_registration: 'Регистрация на Гран-при',
  grand_prix_broadcast: 'Трансляция Гран-при',
  grand_prix_results: 'Итоги Гран-при',
  ends: 'Баннер скрыт',
};

const MOSCOW_MS = 3 * 60 * 60 * 1000;
/** An instant as a datetime-local field shows it in Moscow: '2026-11-16T19:00'. */
const toMoscowField = (iso: string) => new Date(Date.parse(iso) + MOSCOW_MS).toISOString().slice(0, 16);
const fromMoscowField = (value: string) => `${value}:00+03:00`;

/**
 * The staff's form for a year of the award: when each phase starts (Moscow time) and each
 * phase's content as JSON (title, image, events, button_text, button_href, dark). The server
 * checks everything and answers what is wrong.
 */
export function AwardYearForm({
  year,
  award,
  savedAt,
}: {
  year: number;
  award: AwardYearInput;
  savedAt: string | null;
}) {
  const [starts, setStarts] = useState(() =>
    Object.fromEntries(Object.entries(award.starts).map(([k, v]) => [k, toMoscowField(v)])),
  );
  const [texts, setTexts] = useState(() =>
    Object.fromEntries(AWARD_PHASES.map((p) => [p, JSON.stringify(award.content[p], null, 2)])),
  );
  // The form's own word (the year not saved yet, a phase that is not JSON), else the call's.
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(
    savedAt ? null : { ok: true, text: 'Год ещё не сохранён: показаны тексты и даты по умолчанию.' },
  );
  const save = useCall(saveAwardYear);

  async function submit() {
    const content: Partial<Record<AwardPhase, AwardContent>> = {};
    for (const phase of AWARD_PHASES) {
      try {
        content[phase] = JSON.parse(texts[phase]);
      } catch {
        save.reset();
        setNote({ ok: false, text: `«${PHASE_NAMES[phase]}»: содержимое — не JSON` });
        return;
      }
    }
    const body = {
      starts: Object.fromEntries(Object.entries(starts).map(([k, v]) => [k, fromMoscowField(v)])),
      content,
    } as AwardYearInput;
    setNote(null);
    await save.run({ params: { year }, body });
  }

  // Every field's message under the server's: the fields are JSON, the paths name where.
  const fields = Object.entries(save.fieldErrors).map(([k, v]) => `${k}: ${v}`);
  const status =
    note ??
    (save.done ? { ok: true, text: 'Сохранено' } : null) ??
    (save.error ? { ok: false, text: [save.error, ...fields].join('\n') } : null);

  return (
    <Form call={save} onSubmit={() => void submit()} className="mt-6 space-y-6">
      <fieldset className="card grid gap-3 p-5 sm:grid-cols-2">
        <legend className="sr-only">Начало этапов, время московское</legend>
        {Object.keys(starts).map((key) => (
          <Field key={key} label={`${PHASE_NAMES[key as AwardPhase | 'ends']}, МСК`}>
            {(control) => (
              <input
                {...control}
                type="datetime-local"
                required
                value={starts[key]}
                onChange={(e) => setStarts({ ...starts, [key]: e.target.value })}
                className={INPUT}
              />
            )}
          </Field>
        ))}
      </fieldset>
      {AWARD_PHASES.map((phase) => (
        <Field key={phase} label={`${PHASE_NAMES[phase]}: содержимое (JSON)`} className="card p-5">
          {(control) => (
            <textarea
              {...control}
              value={texts[phase]}
              onChange={(e) => setTexts({ ...texts, [phase]: e.target.value })}
              rows={12}
              spellCheck={false}
              className={`${INPUT} font-mono text-xs`}
            />
          )}
        </Field>
      ))}
      {status && (
        <p role="status" className={`whitespace-pre-line ${status.ok ? 'text-success' : 'text-error'}`}>
          {status.text}
        </p>
      )}
      <Button type="submit" busy={save.busy}>
        Сохранить
      </Button>
    </Form>
  );
}
