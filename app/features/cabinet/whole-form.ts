import type { FormCall } from '../../components/ui/form';

const NO_FIELDS: Record<string, string> = {};

/**
 * The call of a form whose controls show no messages of their own (boxes to tick, rows of times,
 * a list of phones), as its FormStatus reads it: every refusal is the status line's, a 400 that
 * names fields too (FormStatus otherwise leaves those to the fields, and nobody would read them).
 */
export const wholeForm = (call: FormCall): FormCall => ({ ...call, fieldErrors: NO_FIELDS });
