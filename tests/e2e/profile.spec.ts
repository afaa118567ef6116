import { expect, type Page, test } from '@playwright/test';
import { cardWithTimes, SLOT } from './support/cards';
import { hydrated } from './support/hydrated';
import { csrf, randomPhone, signInThroughApi } from './support/patient';

/**
 * The patient's profile (docs/product/profile.md): contacts and the e-mail's link, relatives,
 * notification choices; booking a visit for a child from the booking form's 'Кого записываете';
 * deleting the profile with the spec's deleting_in_progress texts and cancelling it. Both widths.
 */

// The dev server compiles each page on its first visit: a busy machine needs more than 30 s.
test.describe.configure({ timeout: 240_000 });

const CHILD = {
  last_name: 'Смирнов',
  first_name: 'Пётр',
  patronymic: '',
  birth_date: '2019-05-20',
  relation: 'child',
};

async function addRelativeThroughApi(page: Page) {
  const res = await page.request.post('/api/patient/relatives/', {
    data: CHILD,
    headers: { 'X-CSRFToken': await csrf(page) },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('the profile: the phone, a relative added by the form, the e-mail confirmed by its link, e-mail copies on', async ({
  page,
}, info) => {
  const phone = randomPhone();
  await signInThroughApi(page, phone.digits);
  await page.goto('/profile/');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Профиль', level: 1 })).toBeVisible();
  await expect(page.getByTestId('profile-phone')).toContainText(phone.national.slice(-2));
  await expect(page.getByRole('link', { name: 'Мои записи →' })).toHaveAttribute(
    'href',
    '/profile/appointments',
  );

  // A relative: the form says what is missing, then adds them.
  const relatives = page.getByTestId('relatives');
  await expect(relatives.getByText('Пока никого нет.')).toBeVisible();
  await relatives.getByRole('button', { name: 'Добавить близкого' }).click();
  await relatives.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(relatives.getByText('Укажите фамилию')).toBeVisible();
  await expect(relatives.getByText('Укажите, кем вам приходится человек')).toBeVisible();
  await relatives.getByLabel('Фамилия').fill('Смирнова');
  await relatives.getByLabel('Имя', { exact: true }).fill('Алиса');
  await relatives.getByLabel('Дата рождения').fill('01.09.2030');
  await relatives.getByLabel('Ребёнок').check();
  await relatives.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(relatives.getByText('Проверьте дату рождения')).toBeVisible();
  await relatives.getByLabel('Дата рождения').fill('01.09.2016');
  await relatives.getByRole('button', { name: 'Добавить', exact: true }).click();
  const row = relatives.getByTestId('relative');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Смирнова Алиса');
  await expect(row).toContainText('Ребёнок');

  // The e-mail: a link goes there; opening it (signed in) makes it the profile's.
  const email = `p${phone.digits}@example.ru`;
  await page.getByRole('textbox', { name: 'Электронная почта' }).fill(email);
  await page.getByRole('button', { name: 'Подтвердить адрес' }).click();
  await expect(page.getByText(`Мы отправили ссылку на ${email}`)).toBeVisible();
  let link = '';
  await expect(async () => {
    const outbox = await (await page.request.get('/dev/outbox.json')).json();
    const letter = (outbox.emails as { to: string; text: string }[]).find((m) => m.to === email);
    link = /https?:\/\/\S+email_token=\S+/.exec(letter?.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 10_000 });
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(`Адрес ${email} подтверждён.`)).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/$/);

  // SMS always; e-mail copies by choice.
  await expect(
    page.getByText('СМС о записи, её переносе или отмене и напоминания о приёме приходят всегда'),
  ).toBeVisible();
  const copies = page.getByLabel('Присылать подтверждения записи и напоминания ещё и на почту');
  // A controlled box: it turns checked once the call has answered.
  await copies.click();
  await expect(copies).toBeChecked();
  await expect(page.getByText('Сохранено')).toBeVisible();
  await page.reload();
  await expect(copies).toBeChecked();
  await expect(page.getByTestId('relative')).toContainText('Смирнова Алиса');
  await page.screenshot({ path: info.outputPath('profile.png'), fullPage: true });
});

test('a parent books a visit for their child: «Для себя» first, the child chosen, booked under the child’s name', async ({
  page,
}, info) => {
  await signInThroughApi(page, randomPhone().digits);
  await addRelativeThroughApi(page);
  const card = await cardWithTimes(page);
  // The demo doctor's card says whether they see children ('Детский врач'); the rule is the person's age.
  const seesChildren = (await card.getByText('Детский врач').count()) > 0;
  await card.getByRole('tabpanel').getByRole('button', { name: SLOT }).first().click();
  await expect(page.getByRole('heading', { name: 'Запись на приём', level: 1 })).toBeVisible();
  await hydrated(page);
  const who = page.getByTestId('person-choice');
  await expect(who.getByLabel('Для себя')).toBeChecked();
  await who.getByLabel('Пётр Смирнов · Ребёнок').check();
  await expect(who.getByText('Пациент: Смирнов Пётр, дата рождения 20.05.2019.')).toBeVisible();
  await expect(page.getByLabel('Фамилия')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('booking-for-child.png'), fullPage: true });
  await page.getByRole('button', { name: 'Записаться' }).click();
  if (seesChildren) {
    await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible();
    await expect(page.getByText('Смирнов Пётр')).toBeVisible();
  } else {
    // An adults' doctor: refused for the child, as the child's age says.
    await expect(who.getByRole('alert')).toHaveText(
      'Врач принимает только взрослых. Проверьте дату рождения или выберите детского врача.',
    );
  }
});

test('deleting the profile shows the spec’s texts, survives a reload, and can be cancelled', async ({
  page,
}, info) => {
  await signInThroughApi(page, randomPhone().digits);
  await page.goto('/profile/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Удалить профиль', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Удалить профиль?' })).toBeFocused();
  await page.getByRole('button', { name: 'Да, удалить профиль' }).click();
  const notice = page.getByTestId('deleting-notice');
  await expect(notice).toContainText('С этого номера пока нельзя записаться на приём или оставить отзыв');
  await expect(notice).toContainText(
    'Старый профиль, связанный с этим номером, удаляется. Это может занять до 30 дней.',
  );
  await expect(notice).toContainText('Профиль будет удалён');
  await page.reload();
  await expect(notice).toBeVisible();
  await page.screenshot({ path: info.outputPath('profile-deleting.png'), fullPage: true });
  // Booking is closed meanwhile (the call answers the spec's text).
  const refused = await page.request.post('/ajax/appointment/create/', {
    data: {
      doctor_id: 1,
      lpu_id: 1,
      slot: '01.01.2030 10:00',
      last_name: 'Смирнова',
      first_name: 'Анна',
      no_patronymic: true,
      birth_date: '1990-01-01',
      request_key: `e2e-${Date.now()}`,
    },
    headers: { 'X-CSRFToken': await csrf(page) },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).detail).toBe(
    'С этого номера пока нельзя записаться на приём или оставить отзыв',
  );
  await hydrated(page);
  await notice.getByRole('button', { name: 'Отменить удаление' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Удалить профиль', exact: true })).toBeVisible();
});
