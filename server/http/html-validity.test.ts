/**
 * The Nu Html Checker (vnu.jar, the W3C validator) on the six pages search engines see most:
 * home, a doctor list, a doctor page, a clinic page, a reviews page and a town's catalog. Zero errors, warnings
 * aside. Needs Java; without it the test is skipped, saying so.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogUrl, doctorsUrl } from '../../core/directory/list-urls';
import { clinicUrl, doctorUrl, reviewsUrl } from '../../core/directory/urls';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import type { Database } from '../db/client';
import { createClinic, createDoctor, createReview, createTown } from '../db/seed/factories';
import { openTestDatabase } from '../testing/database';
import { testPages } from '../testing/pages';

const run = promisify(execFile);
const java = await run('java', ['-version']).then(
  () => true,
  () => false,
);
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

let database: Database;
let app: FastifyInstance;
let closePages: () => Promise<void>;
const pages: Record<string, string> = {};

describe.skipIf(!java)('Nu Html Checker (skipped: no `java` on PATH to run vnu.jar)', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.db;
    const town = await createTown(db);
    const clinic = await createClinic(db, { townId: town.id });
    const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
    await createReview(db, {
      doctorId: doctor.id,
      text: 'Врач всё объяснил. </script><script>alert(1)</script>',
    });
    const built = await testPages();
    closePages = built.close;
    app = await buildApp({ db, clock: fixedClock('2026-11-23T09:00:00Z'), pages: built.pages });
    await app.ready();
    const doctorPage = doctorUrl(town.slug, doctor);
    const urls = {
      home: '/',
      doctors: doctorsUrl(town.slug),
      doctor: doctorPage,
      clinic: clinicUrl(town.slug, clinic),
      reviews: reviewsUrl(doctorPage),
      catalog: catalogUrl(town.slug),
    };
    for (const [name, url] of Object.entries(urls)) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      pages[name] = response.body;
    }
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await closePages?.();
    await database?.close();
  });

  it('reports no errors on the six pages', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vnu-'));
    try {
      const files = Object.entries(pages).map(([name, html]) => {
        const file = path.join(dir, `${name}.html`);
        writeFileSync(file, html);
        return file;
      });
      // vnu exits 1 when it finds errors; the report is on stderr either way.
      const { stderr } = await run('java', ['-jar', vnuJar, '--format', 'json', ...files]).catch(
        (failure: { stderr: string }) => ({ stderr: failure.stderr }),
      );
      const messages = (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
      const errors = messages
        .filter((m) => m.type !== 'info')
        .map((m) => `${path.basename(m.url)}:${m.lastLine ?? '?'} ${m.message} [${m.extract ?? ''}]`);
      expect(errors).toEqual([]);
      // A review's text in the JSON-LD cannot close its script element.
      expect(pages.doctor).toContain('Врач всё объяснил.');
      expect(pages.doctor).not.toContain('</script><script>alert(1)');
      expect(pages.reviews).not.toContain('</script><script>alert(1)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("gives the reviews page a JSON-LD entity with its reviews, the text intact and dated in the town's zone", () => {
    const blocks = [
      ...pages.reviews.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
    ].map(
      (m) =>
        JSON.parse(m[1]) as { '@type': string; review?: { reviewBody: string; datePublished: string }[] },
    );
    const entity = blocks.find((b) => b['@type'] === 'Physician');
    expect(entity?.review?.[0].reviewBody).toBe('Врач всё объяснил. </script><script>alert(1)</script>');
    expect(entity?.review?.[0].datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
