import {
  ACCESSIBILITY_LABELS,
  ACCESSIBILITY_TEXTS,
  type AccessibilityFeature,
} from '../../../core/clinic/accessibility';

/** 'Доступная среда' on the clinic page: what the clinic told, or that it has told nothing. */
export function Accessibility({ features }: { features: readonly AccessibilityFeature[] }) {
  return (
    <section className="card p-5 text-sm" aria-labelledby="access-h" data-accessibility>
      <h2 id="access-h" className="text-lg font-semibold">
        {ACCESSIBILITY_TEXTS.title}
      </h2>
      {features.length === 0 ? (
        <p className="mt-2 text-ink-soft">{ACCESSIBILITY_TEXTS.none}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1.5">
          {features.map((f) => (
            <li key={f} className="flex gap-2">
              <span aria-hidden="true" className="text-success">
                ✓
              </span>
              <span>{ACCESSIBILITY_LABELS[f]}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
