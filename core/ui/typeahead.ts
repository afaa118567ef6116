/** Keyboard lookup in a select resets after 1000 ms without typing. */
export const TYPEAHEAD_RESET_MS = 1000;

/** A select list renders 20 options at a time and adds 20 near its bottom. */
export const SELECT_CHUNK = 20;

export interface TypeaheadState {
  buffer: string;
  at: number;
}

export const emptyTypeahead: TypeaheadState = { buffer: '', at: 0 };

/**
 * Keyboard lookup in a list: typed letters build a prefix that resets after a pause; the
 * match is searched from the option after the current one, so pressing the same letter
 * again cycles through options starting with it. Disabled options are skipped.
 */
export function typeahead(
  state: TypeaheadState,
  key: string,
  now: number,
  labels: readonly string[],
  current: number,
  isDisabled: (index: number) => boolean = () => false,
): { state: TypeaheadState; index: number } {
  const fresh = now - state.at > TYPEAHEAD_RESET_MS;
  const typed = (fresh ? '' : state.buffer) + key.toLowerCase();
  // Repeating one letter ('ппп') cycles through the options that start with it.
  const repeated = typed.length > 1 && [...typed].every((c) => c === typed[0]);
  const prefix = repeated ? typed[0] : typed;
  const start = prefix.length === 1 ? current + 1 : Math.max(current, 0);
  const n = labels.length;
  for (let step = 0; step < n; step++) {
    const i = (start + step) % n;
    if (!isDisabled(i) && labels[i].toLowerCase().startsWith(prefix)) {
      return { state: { buffer: typed, at: now }, index: i };
    }
  }
  return { state: { buffer: typed, at: now }, index: current };
}
