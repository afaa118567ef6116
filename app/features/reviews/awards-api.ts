import { csrfToken } from '../../lib/csrf';

const CONNECTION_ERROR = 'Не удалось связаться с сервером. Проверьте подключение и попробуйте ещё раз.';

/** POST /api/appointment/{id}/review-award/: the review discount onto this visit; null when done, else why not. */
export async function applyReviewAward(appointmentId: number): Promise<string | null> {
  try {
    const response = await fetch(`/api/appointment/${appointmentId}/review-award/`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-CSRFToken': csrfToken() },
    });
    if (response.ok) return null;
    const body = await response.json().catch(() => ({}));
    return typeof body.detail === 'string' && response.status < 500
      ? body.detail
      : 'Ошибка. Попробуйте перезагрузить страницу.';
  } catch {
    return CONNECTION_ERROR;
  }
}
