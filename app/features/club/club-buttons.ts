/** The club's two button looks, apart from the steps so small pieces do not pull the widget in. */
export const PRIMARY =
  'rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-50';
export const SECONDARY = 'rounded-lg px-4 py-2 font-medium text-brand hover:bg-brand-soft';
