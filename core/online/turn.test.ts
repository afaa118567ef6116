import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { turnCredential } from './turn';

describe('turnCredential (coturn use-auth-secret)', () => {
  const now = new Date('2026-12-07T09:00:00Z');

  it('names the expiry and the label, and signs the name with HMAC-SHA1 of the shared secret', async () => {
    const c = await turnCredential('north', 'visit-7-patient', now, 3600);
    expect(c.username).toBe('1796637600:visit-7-patient');
    expect(c.credential).toBe('mCYTemWjqUhadSqqTKmUNMxq394=');
    expect(c.expiresAt).toBe('2026-12-07T10:00:00.000Z');
  });

  it('is what coturn recomputes from the secret, and differs by secret, label and time', async () => {
    const c = await turnCredential('s3cr3t-Уникод', 'visit-12-doctor', now, 600);
    expect(c.credential).toBe(createHmac('sha1', 's3cr3t-Уникод').update(c.username).digest('base64'));
    expect((await turnCredential('other', 'visit-12-doctor', now, 600)).credential).not.toBe(c.credential);
    expect((await turnCredential('s3cr3t-Уникод', 'visit-12-patient', now, 600)).credential).not.toBe(
      c.credential,
    );
    const later = await turnCredential(
      's3cr3t-Уникод',
      'visit-12-doctor',
      new Date(now.getTime() + 1000),
      600,
    );
    expect(later.username).not.toBe(c.username);
  });

  it('refuses a label that could smuggle a colon, a name or a phone, and a ttl that is not positive', async () => {
    await expect(turnCredential('s', 'visit:1', now, 60)).rejects.toThrow();
    await expect(turnCredential('s', 'Иванов', now, 60)).rejects.toThrow();
    await expect(turnCredential('s', '', now, 60)).rejects.toThrow();
    await expect(turnCredential('s', 'ok', now, 0)).rejects.toThrow();
    await expect(turnCredential('s', 'ok', now, 1.5)).rejects.toThrow();
  });
});
