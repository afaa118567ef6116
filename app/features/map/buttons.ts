/** The map panels' two button looks. */
export const PRIMARY =
  'flex-1 rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-50';
export const SECONDARY = 'flex-1 rounded-lg border border-brand px-4 py-2 text-brand hover:bg-brand-soft';
