import type { SearchAdvice } from '../../../core/search/contracts';

/**
 * Plain words' line above the suggestions and on the results page: whom people usually see with
 * it ('При боли в спине обычно обращаются к неврологу…'), never a diagnosis. An urgent one (call
 * 103 or 112 first) stands out and is announced as an alert.
 */
export function SearchAdviceLine({ id, advice }: { id?: string; advice: SearchAdvice }) {
  return (
    <p
      id={id}
      role={advice.urgent ? 'alert' : undefined}
      data-urgent={advice.urgent || undefined}
      className={`rounded-md px-3 py-2 text-sm ${
        advice.urgent ? 'border border-error bg-error-soft font-medium text-error' : 'bg-brand-soft text-ink'
      }`}
    >
      {advice.text}
    </p>
  );
}
