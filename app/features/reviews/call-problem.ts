import type { ErrorBody } from '../../../core/http/contracts';
import { isApiError } from '../../lib/api';

/**
 * What a reviews widget shows for a failed call: the server's refusal (its `detail`, and a
 * form's `errors` by field), or the widget's own `offline` text when no answer came.
 */
export function callProblem(error: unknown, offline: string): ErrorBody {
  return isApiError(error) && error.kind === 'http' ? error.body : { detail: offline };
}
