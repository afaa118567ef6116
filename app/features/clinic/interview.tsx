import { useId, useLayoutEffect, useRef, useState } from 'react';

/**
 * The clinic's interview, collapsed to its beginning with 'Читать полностью' / 'Свернуть'
 * (aria-expanded). The collapse only applies when scripts run, so the whole text is readable
 * without them; the button appears only when the text is taller than the collapsed block.
 */
export function Interview({ items }: { items: { question: string; answer: string }[] }) {
  const [expanded, setExpanded] = useState(false);
  const [overflowing, setOverflowing] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  const bodyId = useId();

  useLayoutEffect(() => {
    const el = body.current;
    if (el) setOverflowing(el.scrollHeight > el.clientHeight + 1);
  }, []);

  if (!items.length) return null;
  const collapsed = !expanded;
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="interview-h">
      <h2 id="interview-h" className="text-xl font-semibold">
        Интервью с клиникой
      </h2>
      <div
        id={bodyId}
        ref={body}
        className={`relative mt-3 ${collapsed ? '[@media(scripting:enabled)]:max-h-48 [@media(scripting:enabled)]:overflow-hidden' : ''}`}
      >
        {items.map((q) => (
          <div key={q.question} className="mt-3 first:mt-0">
            <h3 className="font-medium">{q.question}</h3>
            <p className="mt-1 leading-relaxed text-ink-soft">{q.answer}</p>
          </div>
        ))}
        {collapsed && overflowing && (
          <div className="pointer-events-none absolute inset-x-0 bottom-0 h-12 bg-gradient-to-t from-surface" />
        )}
      </div>
      {overflowing && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded(!expanded)}
          className="mt-2 font-medium text-brand hover:underline"
        >
          {expanded ? 'Свернуть' : 'Читать полностью'}
        </button>
      )}
    </section>
  );
}
