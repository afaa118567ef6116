import nodemailer from 'nodemailer';
import { PROVIDER_TIMEOUT_MS, redact } from '../http';
import { ProviderError } from '../provider-error';
import type { EmailProvider } from './email-provider';

const NAME = 'smtp';

export interface SmtpOptions {
  /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://user:password@host:465. */
  url: string;
  /** The sender, e.g. 'ПроДокторов <noreply@prodoctorov.example>'. */
  from: string;
  timeoutMs?: number;
}

// Whether the connection itself failed: another attempt later may get through.
const NETWORK_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET']);

/**
 * E-mail through any SMTP server, on nodemailer: one connection per message (a few receipts an
 * hour need no pool). Nodemailer encodes the Russian subject, sender name and body as UTF-8.
 * SMTP's own codes decide retries: 4xx is "try again later", 5xx is final.
 */
export function createSmtpEmailProvider(options: SmtpOptions): EmailProvider {
  const url = URL.canParse(options.url) ? new URL(options.url) : null;
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new Error('SMTP url must look like smtp://user:password@host:port or smtps://…');
  }
  const secrets = [options.url, url.password, safeDecode(url.password)];
  const timeout = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    // The DATA phase of a big message can take a while; inactivity beyond this is a dead server.
    socketTimeout: timeout * 4,
  });

  return {
    name: NAME,
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
        });
        return { id: info.messageId };
      } catch (error) {
        throw smtpError(error, secrets);
      }
    },
  };
}

function smtpError(error: unknown, secrets: string[]): ProviderError {
  const { code, responseCode, response, message } = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    response?: unknown;
    message?: unknown;
  };
  const smtpCode = typeof responseCode === 'number' ? responseCode : null;
  const retryable =
    smtpCode !== null
      ? smtpCode >= 400 && smtpCode < 500
      : typeof code === 'string' && NETWORK_CODES.has(code);
  const detail =
    typeof response === 'string' ? response : typeof message === 'string' ? message : 'unknown error';
  const text = [smtpCode, typeof code === 'string' ? code : null].filter(Boolean).join(' ');
  return new ProviderError(NAME, redact(`${text ? `${text}: ` : ''}${detail.slice(0, 200)}`, secrets), {
    retryable,
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
