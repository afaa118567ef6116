import { expect, test } from '@playwright/test';
import { hydrated } from './support/hydrated';
import { csrf, WORK_PHONES, workAccountContext } from './support/patient';
import { shot } from './support/shot';

/**
 * 'Уведомления клинике' on /cabinet/schedule/: the demo PRO clinic's administrator sets the
 * clinic's mobile and e-mail for the site's bookings; after a reload they are kept, and a wrong
 * e-mail is refused with its reason by the field. The contact is cleared again at the end.
 */

/** The section alone, at the project's width. */
test('a clinic sets its phone and e-mail for bookings; they are kept, a wrong e-mail is refused', async ({
  browser,
}) => {
  // Dev mode compiles the cabinet on first use.
  test.setTimeout(90_000);
  const project = test.info().project.name;
  const context = await workAccountContext(browser, WORK_PHONES.firstClinic);
  const page = await context.newPage();
  const viewport = test.info().project.use.viewport;
  if (viewport) await page.setViewportSize(viewport);
  const url = '/cabinet/ajax/notifications/';
  const clear = { phone: null, email: null, new_booking: true, patient_cancel: true };
  try {
    await page.goto('/cabinet/schedule/');
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Уведомления клинике' });
    await expect(section).toBeVisible();
    const phone = section.getByLabel('Мобильный телефон для СМС');
    const email = section.getByLabel('Электронная почта');

    await email.fill('registratura@');
    await section.getByRole('button', { name: 'Сохранить' }).click();
    await expect(section.getByText('Введите корректный адрес электронной почты')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await shot(section, 'cabinet-notifications-error');

    await phone.fill('8 913 555 12 34');
    await email.fill(`registratura.${project}@klinika.test`);
    await section.getByRole('checkbox', { name: 'Отмена записи пациентом' }).uncheck();
    await section.getByRole('button', { name: 'Сохранить' }).click();
    await expect(section.getByRole('status').filter({ hasText: 'Сохранено' })).toBeVisible();
    // Kept as the server wrote it.
    await expect(phone).toHaveValue('+7 (913) 555-12-34');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await shot(section, 'cabinet-notifications');

    await page.reload();
    await hydrated(page);
    const again = page.getByRole('region', { name: 'Уведомления клинике' });
    await again.scrollIntoViewIfNeeded();
    await expect(again.getByLabel('Мобильный телефон для СМС')).toHaveValue('+7 (913) 555-12-34');
    await expect(again.getByLabel('Электронная почта')).toHaveValue(`registratura.${project}@klinika.test`);
    await expect(again.getByRole('checkbox', { name: 'Новая запись' })).toBeChecked();
    await expect(again.getByRole('checkbox', { name: 'Отмена записи пациентом' })).not.toBeChecked();
  } finally {
    await page.request.post(url, { data: clear, headers: { 'X-CSRFToken': await csrf(page) } });
    await context.close();
  }
});
