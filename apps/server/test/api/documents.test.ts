import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORGANISATION_SETTINGS_ID } from '@app/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLetterhead } from '../../src/domain/letterhead';
import { reportHtml } from '../../src/domain/projects-report';
import { multipart } from '../helpers/multipart';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * What the server prints hands over as it is: the organisation's name, logo and address
 * (Settings → Organisation) at the top, amounts as the screens show them, counted phrases in
 * each language's plural forms, and the project report with the sections of its screen.
 */

let t: TestApp;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read field by field
type Json = Record<string, any>;
type Headers = Record<string, string>;

const admin = (): Headers => ({ authorization: t.adminToken });
const url = (c: string, id = '') => `/api/collections/${c}/records${id ? `/${id}` : ''}`;
const SETTINGS = url('organisation_settings', ORGANISATION_SETTINGS_ID);
async function call(method: string, path: string, payload?: unknown, headers: Headers = admin()) {
  const res = await t.app.inject({
    method: method as 'GET',
    url: path,
    headers,
    payload: payload as Json,
  });
  const json = res.headers['content-type']?.toString().startsWith('application/json');
  return { status: res.statusCode, body: (json ? res.json() : {}) as Json, raw: res };
}
const post = async (c: string, payload: Json) => {
  const res = await call('POST', url(c), payload);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
  'base64',
);

const dir = mkdtempSync(join(tmpdir(), 'documents-'));
function textOf(pdf: Buffer): string {
  const file = join(dir, `${Math.random()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.stop());

describe('the organisation settings: name, logo and address', () => {
  it('are read by every signed-in account, changed only with settings.update', async () => {
    expect((await call('GET', SETTINGS, undefined, {})).status).not.toBe(200);
    const reader = await t.employeeWith(['projects.read']);
    const seen = await call('GET', SETTINGS, undefined, { authorization: reader.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ name: '', address: '', logo: '' });
    const refused = await call(
      'PATCH',
      SETTINGS,
      { name: 'Not theirs' },
      {
        authorization: reader.token,
      },
    );
    expect(refused.status).toBe(403);
    const manager = await t.employeeWith(['settings.update']);
    const changed = await call(
      'PATCH',
      SETTINGS,
      { name: 'Wa3y Organisation', address: 'Street 1\nKhartoum' },
      { authorization: manager.token },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await call('GET', SETTINGS, undefined, { authorization: reader.token });
    expect(after.body).toMatchObject({ name: 'Wa3y Organisation', address: 'Street 1\nKhartoum' });
  });

  it('keep a picture as the logo, refusing what is not one', async () => {
    const notPicture = await multipart([
      ['logo', { filename: 'logo.svg', data: Buffer.from('<svg/>'), type: 'image/svg+xml' }],
    ]);
    const refused = await call('PATCH', SETTINGS, notPicture.payload, {
      ...admin(),
      ...notPicture.headers,
    });
    expect(refused.status).toBe(400);
    const body = await multipart([
      ['logo', { filename: 'logo.png', data: PNG, type: 'image/png' }],
    ]);
    const saved = await call('PATCH', SETTINGS, body.payload, { ...admin(), ...body.headers });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.logo).toMatch(/^logo_\w+\.png$/);
    // The printed page loads nothing: the logo goes in as a data: URL.
    const head = await loadLetterhead(t.engine);
    expect(head.logo).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(head.name).toBe('Wa3y Organisation');
  });
});

describe('the project report', () => {
  async function reportProject(activities: number) {
    const project = await post('projects', {
      title: `Report ${activities} activities`,
      place: 'Kassala',
      starting_date: '2026-03-01',
      end_date: '2026-03-03',
    });
    for (let i = 0; i < activities; i++)
      await post('projects_activities', { project: project.id, title: `Visit ${i + 1}` });
    return project as Json;
  }

  it('has the staff, timeline, finance summary and activities in its data', async () => {
    const project = await reportProject(1);
    const worker = await t.employeeWith(['projects.read'], { name: 'Amina Staff' });
    await post('projects_staff', {
      project: project.id,
      type: 'employee',
      employee: worker.id,
      position: 'Field officer',
    });
    await post('projects_timelines', {
      project: project.id,
      title: 'Drilling started',
      post: '<p>The first well is dug.</p>',
    });
    await post('donations', {
      donor: 'Report donor',
      amount: 12345.5,
      received_on: '2026-03-01',
      project: project.id,
    });
    const res = await call('GET', `/api/projects/${project.id}/report`);
    expect(res.status).toBe(200);
    expect(res.body.activities).toHaveLength(1);
    expect(res.body.staff).toEqual([
      { name: 'Amina Staff', type: 'employee', position: 'Field officer', description: '' },
    ]);
    expect(res.body.timeline).toMatchObject([{ title: 'Drilling started', reply: false }]);
    expect(res.body.finance).toMatchObject({ donations: 12345.5 });
    // An account that reads projects only gets no part it may not read.
    const reader = await t.employeeWith(['projects.read']);
    const partial = await call('GET', `/api/projects/${project.id}/report`, undefined, {
      authorization: reader.token,
    });
    expect(partial.body).toMatchObject({
      activities: null,
      staff: null,
      timeline: null,
      finance: null,
    });

    const en = await call('GET', `/api/projects/${project.id}/report.pdf`);
    expect(en.status).toBe(200);
    const text = textOf(en.raw.rawPayload);
    for (const expected of [
      'Wa3y Organisation',
      'Project report',
      'This project has 1 activity.',
      '3 days',
      'Context-dependent topics',
      'Staff',
      'Amina Staff',
      'Field officer',
      'Timeline',
      'Drilling started',
      'Finance summary',
      '12,345.50 USD',
      'None',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('N/A');
    expect(text).not.toContain('Dependant');
    const ar = await call('GET', `/api/projects/${project.id}/report.pdf?lang=ar`);
    expect(ar.status).toBe(200);
    const arText = textOf(ar.raw.rawPayload);
    expect(arText).toContain('Wa3y Organisation');
    expect(arText).toContain('12,345.50 USD');
  }, 60_000);

  it.each([
    [0, 'This project has no activities yet.', 'لا أنشطة في هذا المشروع بعد.'],
    [1, 'This project has 1 activity.', 'في هذا المشروع نشاط واحد.'],
    [2, 'This project has 2 activities.', 'في هذا المشروع نشاطان.'],
    [3, 'This project has 3 activities.', 'في هذا المشروع 3 أنشطة.'],
    [11, 'This project has 11 activities.', 'في هذا المشروع 11 نشاطًا.'],
    [100, 'This project has 100 activities.', 'في هذا المشروع 100 نشاط.'],
  ])('counts %i activities in each language’s plural form', (n, en, ar) => {
    const project = {
      ...{ id: 'p', code: '', title: 'Counted', place: '' },
      ...{ starting_date: '2026-01-01', end_date: '2026-01-02' },
    };
    const activities = Array.from({ length: n }, (_, i) => ({
      ...{ id: `a${i}`, title: `A${i}`, place: '' },
      ...{ starting_date: '', end_date: '', audience_count: 0 },
    }));
    const data = { project, activities, staff: null, timeline: null, finance: null };
    expect(reportHtml(data, 'en')).toContain(en);
    expect(reportHtml(data, 'ar')).toContain(ar);
    // Two days: the Arabic dual form.
    expect(reportHtml(data, 'ar')).toContain('يومان');
  });

  it('prints an Arabic plural form a reader can find in the PDF text', async () => {
    const project = await reportProject(2);
    const res = await call('GET', `/api/projects/${project.id}/report.pdf?lang=ar`);
    expect(res.status).toBe(200);
    const text = textOf(res.raw.rawPayload);
    expect(text).toContain('نشاطان');
    expect(text).toContain('تقرير المشروع');
  }, 60_000);
});
