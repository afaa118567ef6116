import { randomBytes } from 'node:crypto';

/** A multipart/form-data body as the site's forms send it (FormData in the browser). */
export function multipartForm(fields: Record<string, string>) {
  const boundary = `----form${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
