import { type FormEvent, useState } from 'react';
import { AWARD_PHASES, type AwardPhase } from '../../../core/promo/award-phase';
import { saveAwardYear } from '../../../core/promo/calls';
import type { AwardContent, AwardYearInput } from '../../../core/promo/contracts';
import { api, isApiError } from '../../lib/api';

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
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(
    savedAt ? null : { ok: true, text: 'Год ещё не сохранён: показаны тексты и даты по умолчанию.' },
  );
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const content: Partial<Record<AwardPhase, AwardContent>> = {};
    for (const phase of AWARD_PHASES) {
      try {
        content[phase] = JSON.parse(texts[phase]);
      } catch {
        setStatus({ ok: false, text: `«${PHASE_NAMES[phase]}»: содержимое — не JSON` });
        return;
      }
    }
    const body = {
      starts: Object.fromEntries(Object.entries(starts).map(([k, v]) => [k, fromMoscowField(v)])),
      content,
    } as AwardYearInput;
    setBusy(true);
    try {
      await api.send(saveAwardYear, { params: { year }, body });
      setStatus({ ok: true, text: 'Сохранено' });
    } catch (error) {
      const fields = isApiError(error) ? Object.entries(error.body.errors ?? {}) : [];
      const detail = isApiError(error) ? error.detail : 'Не удалось сохранить';
      setStatus({ ok: false, text: [detail, ...fields.map(([k, v]) => `${k}: ${v}`)].join('\n') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="mt-6 space-y-6">
      <fieldset className="card grid gap-3 p-5 sm:grid-cols-2">
        <legend className="sr-only">Начало этапов, время московское</legend>
        {Object.keys(starts).map((key) => (
          <label key={key} className="flex flex-col gap-1 text-sm">
            {PHASE_NAMES[key as AwardPhase | 'ends']}, МСК
            <input
              type="datetime-local"
              required
              value={starts[key]}
              onChange={(e) => setStarts({ ...starts, [key]: e.target.value })}
              className="rounded-lg border border-line px-3 py-2"
            />
          </label>
        ))}
      </fieldset>
      {AWARD_PHASES.map((phase) => (
        <label key={phase} className="card flex flex-col gap-2 p-5 text-sm">
          <span className="font-semibold">{PHASE_NAMES[phase]}: содержимое (JSON)</span>
          <textarea
            value={texts[phase]}
            onChange={(e) => setTexts({ ...texts, [phase]: e.target.value })}
            rows={12}
            spellCheck={false}
            className="rounded-lg border border-line p-3 font-mono text-xs"
          />
        </label>
      ))}
      {status && (
        <p role="status" className={`whitespace-pre-line ${status.ok ? 'text-success' : 'text-error'}`}>
          {status.text}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark disabled:opacity-60"
      >
        Сохранить
      </button>
    </form>
  );
}
