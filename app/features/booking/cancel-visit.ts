import { cancelAppointment } from '../../../core/booking/calls';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';

/** Cancels a visit (by the patient's session, or the link's token); null when done, else why not. */
export async function cancelVisit(id: number, token: string | null): Promise<string | null> {
  try {
    await api.send(cancelAppointment, { params: { id }, body: token ? { token } : {} });
    return null;
  } catch (error) {
    return isApiError(error) ? error.detail : SERVER_ERROR;
  }
}
