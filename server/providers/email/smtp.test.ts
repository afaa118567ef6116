import { afterEach, describe, expect, it } from 'vitest';
import { expectProviderError } from '../testing/expect-provider-error';
import { readMail, startFakeSmtp } from '../testing/fake-smtp';
import { createSmtpEmailProvider } from './smtp';

const USER = 'noreply@prodoctorov.example';
const PASS = 'smtp-Secret-pa$$word';
const FROM = 'ПроДокторов <noreply@prodoctorov.example>';
let fake: Awaited<ReturnType<typeof startFakeSmtp>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function smtp(credentials = { user: USER, pass: PASS }) {
  fake = await startFakeSmtp({ user: USER, pass: PASS });
  return createSmtpEmailProvider({ url: fake.url(credentials), from: FROM, timeoutMs: 2_000 });
}

const receipt = {
  to: 'patient@example.ru',
  subject: 'Чек об оплате: дисконтная карта клуба — 1 490,50 ₽',
  text: 'Здравствуйте! Оплата 1 490,50 ₽ получена. Карта действует до 25 ноября 2027 года.',
};

describe('SMTP e-mail adapter', () => {
  it('delivers a receipt with the sender, recipient, Russian subject and body intact', async () => {
    const email = await smtp();
    const { id } = await email.send(receipt);

    expect(id).toMatch(/^<.+@.+>$/);
    expect(fake!.received).toHaveLength(1);
    const [mail] = fake!.received;
    expect(mail.from).toBe('noreply@prodoctorov.example');
    expect(mail.to).toEqual(['patient@example.ru']);
    const read = readMail(mail.raw);
    expect(read.headers.from).toBe('ПроДокторов <noreply@prodoctorov.example>');
    expect(read.headers.to).toBe('patient@example.ru');
    expect(read.headers.subject).toBe(receipt.subject);
    expect(read.headers['message-id']).toBe(id);
    expect(read.text).toBe(receipt.text);
    expect(read.html).toBeNull();
  });

  it('sends the HTML version alongside the text when given', async () => {
    const email = await smtp();
    await email.send({ ...receipt, html: '<p>Оплата <b>1 490,50 ₽</b> получена.</p>' });
    const read = readMail(fake!.received[0].raw);
    expect(read.headers['content-type']).toContain('multipart/alternative');
    expect(read.text).toBe(receipt.text);
    expect(read.html).toBe('<p>Оплата <b>1 490,50 ₽</b> получена.</p>');
  });

  it('fails a wrong password as not retryable, without the password in the message', async () => {
    const wrong = 'Wrong-pa$$word-123';
    const email = await smtp({ user: USER, pass: wrong });
    const error = await expectProviderError(email.send(receipt), { provider: 'smtp', secret: wrong });
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('535');
    expect(error.message).not.toContain(encodeURIComponent(wrong));
    expect(fake!.received).toHaveLength(0);
  });

  it('treats a 4xx refusal as retryable and a 5xx one as final', async () => {
    const email = await smtp();
    fake!.refuse('busy@example.ru', 451, 'Mailbox temporarily unavailable');
    fake!.refuse('nobody@example.ru', 550, 'No such user');
    const later = await expectProviderError(email.send({ ...receipt, to: 'busy@example.ru' }), {
      provider: 'smtp',
      secret: PASS,
    });
    expect(later.retryable).toBe(true);
    expect(later.message).toContain('451');
    const never = await expectProviderError(email.send({ ...receipt, to: 'nobody@example.ru' }), {
      provider: 'smtp',
      secret: PASS,
    });
    expect(never.retryable).toBe(false);
    expect(never.message).toContain('550');
  });

  it('treats a server that is down as retryable', async () => {
    const email = await smtp();
    await fake!.close();
    fake = undefined;
    const error = await expectProviderError(email.send(receipt), { provider: 'smtp', secret: PASS });
    expect(error.retryable).toBe(true);
  });

  it('refuses a url that is not smtp:// or smtps:// at creation', () => {
    expect(() => createSmtpEmailProvider({ url: 'http://mail.example.ru', from: FROM })).toThrow('SMTP url');
    expect(() => createSmtpEmailProvider({ url: 'not a url', from: FROM })).toThrow('SMTP url');
  });
});
