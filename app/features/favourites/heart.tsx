/**
 * The favourite heart, drawn once per document (`HeartSymbol`, in the root layout) and used by
 * every button (`HeartIcon`): a list page carries twenty hearts, and its path inline in each was
 * some 6 KB of the page.
 */
const HEART_ID = 'heart-icon';

export function HeartSymbol() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      <symbol id={HEART_ID} viewBox="0 0 24 24">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.6 3.6 4 7.1 4c2 0 3.5 1.1 4.9 2.9C13.4 5.1 14.9 4 16.9 4c3.5 0 5.7 3.6 4.4 7.1-1.8 4.8-9.3 9.4-9.3 9.4Z"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </symbol>
    </svg>
  );
}

/** Outlined, or filled when the doctor or clinic is saved (the fill reaches the symbol's path). */
export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill={filled ? 'currentColor' : 'none'}
    >
      <use href={`#${HEART_ID}`} />
    </svg>
  );
}
