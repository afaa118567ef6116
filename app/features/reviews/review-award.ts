import { applyAwardToVisit } from '../../../core/reviews/calls';
import { api } from '../../lib/api';
import { messageOf } from '../../lib/use-call';

/** The review discount onto this visit: null when done, else the text to show. */
export async function applyReviewAward(appointmentId: number): Promise<string | null> {
  try {
    await api.send(applyAwardToVisit, { params: { id: appointmentId } });
    return null;
  } catch (error) {
    return messageOf(error);
  }
}
