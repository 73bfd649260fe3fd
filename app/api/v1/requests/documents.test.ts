import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/server/db/client';
import { documents } from '@/lib/server/db/schema';
import { fileStorage } from '@/lib/server/uploads/storage';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { upload } from '@/test/api-form';
import { newUser } from '@/test/accounts';
import { companion, person, SERVICE } from '@/test/answers';
import { jpegFile, pdfFile, pngFile } from '@/test/files';
import { pngBomb } from '@/test/image-bomb';
import * as listRoute from './route';
import * as oneRoute from './[id]/route';
import * as submitRoute from './[id]/submit/route';
import * as documentsRoute from './[id]/documents/route';
import * as documentRoute from './[id]/documents/[docId]/route';
import * as downloadRoute from '../documents/[id]/route';

withTestDatabase();

async function draftWithCompanion(token: string) {
  const { json } = await call(listRoute.POST, { token, body: { type: 'umrah' } });
  const id = json!.data.id as string;
  await call(oneRoute.PATCH, { method: 'PATCH', token, params: { id }, body: { step: 'companions', data: [companion()], version: 1 } });
  return id;
}

describe('POST /requests/{id}/documents', () => {
  it('stores a passport scan (PDF, JPEG or PNG) and a photo (JPEG or PNG) by content', async () => {
    const { token } = await newUser();
    const id = await draftWithCompanion(token);
    for (const [pilgrim, kind, file, mime] of [
      ['applicant', 'passport', pdfFile(), 'application/pdf'],
      ['applicant', 'photo', pngFile(), 'image/png'],
      ['companion-0', 'passport', jpegFile('scan.jpg'), 'image/jpeg'],
      ['companion-0', 'photo', jpegFile(), 'image/jpeg'],
    ] as const) {
      const { status, json } = await upload(documentsRoute.POST, { pilgrim, kind, file }, { token, params: { id } });
      expect(status, JSON.stringify(json)).toBe(201);
      expect(json.data).toMatchObject({ pilgrim, kind, mime });
    }
    const details = (await call(oneRoute.GET, { token, params: { id } })).json!.data;
    expect(details.documents).toHaveLength(4);
  });

  it('refuses text where the file goes (a JSON body) with 422 on the file field, never a 500', async () => {
    const { token } = await newUser();
    const id = await draftWithCompanion(token);
    for (const file of [[''], 'photo.png', { name: 'photo.png' }]) {
      const { status, json } = await call(documentsRoute.POST, { token, params: { id }, body: { pilgrim: 'applicant', kind: 'photo', file } });
      expect(status, JSON.stringify(json)).toBe(422);
      expect(Object.keys(json!.error.fields)).toEqual(['file']);
    }
  });

  it('judges by content, not by name: 415 for a type the kind does not take', async () => {
    const { token } = await newUser();
    const id = await draftWithCompanion(token);
    const html = new File(['<html><script>alert(1)</script></html>'], 'photo.png', { type: 'image/png' });
    const cases = [
      { kind: 'photo', file: pdfFile('photo.png') },
      { kind: 'photo', file: html },
      { kind: 'passport', file: new File(['GIF89a....'], 'passport.pdf', { type: 'application/pdf' }) },
    ];
    for (const { kind, file } of cases) {
      const { status, json } = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind, file }, { token, params: { id } });
      expect(status).toBe(415);
      expect(json.error.code).toBe('unsupported_media_type');
      // Says which files the document may be.
      expect(json.error.fields.file).toEqual([kind === 'photo' ? 'The file must be a JPG or PNG photo' : 'The file must be a PDF, JPG or PNG file']);
    }
    const ar = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'photo', file: html }, { token, params: { id }, locale: 'ar' });
    expect(ar.json.error.fields.file).toEqual(['يجب أن يكون الملف صورة بصيغة JPG أو PNG']);
  });

  it('413 for a file over its limit, 422 for an image that does not decode', async () => {
    const { token } = await newUser();
    const id = await draftWithCompanion(token);
    const big = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'passport', file: pdfFile('big.pdf', 2049 * 1024) }, { token, params: { id } });
    expect(big.status).toBe(413);
    expect(big.json.error.fields.file).toEqual(['The file must be smaller than 2 MB: choose a smaller file, or scan it again at a lower resolution']);
    const bigAr = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'photo', file: pdfFile('big.png', 1025 * 1024) }, { token, params: { id }, locale: 'ar' });
    expect(bigAr.json.error.fields.file).toEqual(['يجب أن يكون الملف أصغر من ١ ميغابايت: اختر ملفًا أصغر، أو امسحه ضوئيًا من جديد بدقة أقل']);
    const broken = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5])], 'photo.png', { type: 'image/png' });
    const bad = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'photo', file: broken }, { token, params: { id }, locale: 'ar' });
    expect(bad.status).toBe(422);
    expect(bad.json.error.fields.file).toEqual(['هذا الملف ليس صورة قابلة للقراءة. يُرجى رفع صورة بصيغة JPG أو PNG.']);
  });

  // Issue 58, item 7: this was stored (201), the rows it lacked drawn as black.
  it('refuses a PNG whose header promises 1000 × 1000 over about 1 KB of data, as a corrupt image, before keeping it', async () => {
    const { token } = await newUser();
    const id = await draftWithCompanion(token);
    const truncated = new File([await pngBomb(1000, 1000, { dataRows: 3 })], 'photo.png', { type: 'image/png' });
    expect(truncated.size).toBeLessThan(1200);
    const en = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'photo', file: truncated }, { token, params: { id } });
    expect(en.status).toBe(422);
    expect(en.json.error.fields).toEqual({ file: ['This file is not a readable image. Please upload a JPG or PNG photo.'] });
    const ar = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'passport', file: truncated }, { token, params: { id }, locale: 'ar' });
    expect(ar.status).toBe(422);
    expect(ar.json.error.fields).toEqual({ file: ['هذا الملف ليس صورة قابلة للقراءة. يُرجى رفع صورة بصيغة JPG أو PNG.'] });
    expect((await call(oneRoute.GET, { token, params: { id } })).json!.data.documents).toEqual([]);
    expect(await (await getDb()).select().from(documents).where(inArray(documents.requestId, [id]))).toEqual([]);
  });

  it('refuses an image bomb (6000 × 6600 in 154 KB) with 422 on the file field, in both languages, saying why', async () => {
    const { token } = await newUser();
    const id = await draftWithCompanion(token);
    const bomb = new File([await pngBomb()], 'scan.png', { type: 'image/png' });
    const started = performance.now();
    const en = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'passport', file: bomb }, { token, params: { id } });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(en.status).toBe(422);
    expect(en.json.error.fields).toEqual({
      file: ['This image is too large: 6000 × 6600 pixels. Please upload an image of at most 12.5 megapixels, with no side longer than 6000 pixels.'],
    });
    const ar = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'passport', file: bomb }, { token, params: { id }, locale: 'ar' });
    expect(ar.status).toBe(422);
    expect(ar.json.error.fields).toEqual({
      file: ['هذه الصورة كبيرة جدًا: ٦٠٠٠ × ٦٦٠٠ بكسل. يُرجى رفع صورة لا تتجاوز ١٢٫٥ ميغابكسل، ولا يزيد طول أي من ضلعيها على ٦٠٠٠ بكسل.'],
    });
    expect((await call(oneRoute.GET, { token, params: { id } })).json!.data.documents).toEqual([]);
  });

  it('allows 40 uploads a user in 10 minutes, then 429 with Retry-After, localized; other users are not affected', async () => {
    const { token } = await newUser();
    const id = await draftWithCompanion(token);
    // PDFs: no decoding, so the forty go quickly; refused uploads count as well.
    for (let i = 0; i < 40; i += 1) {
      const file = i % 2 ? pdfFile() : new File(['not a document'], 'x.pdf');
      const { status } = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'passport', file }, { token, params: { id } });
      expect(status).toBe(i % 2 ? 201 : 415);
    }
    const form = new FormData();
    form.append('pilgrim', 'applicant');
    form.append('kind', 'passport');
    form.append('file', pdfFile());
    const response = await documentsRoute.POST(
      new Request('http://portal.test/api/v1/upload', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, body: form }),
      { params: Promise.resolve({ id }) },
    );
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await response.json()).error).toEqual({
      code: 'too_many_requests',
      message: 'You have uploaded many files in a short time. Please wait 10 minutes and try again.',
    });
    const ar = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'passport', file: pdfFile() }, { token, params: { id }, locale: 'ar' });
    expect(ar.status).toBe(429);
    expect(ar.json.error.message).toBe('رفعت ملفات كثيرة في وقت قصير. يُرجى الانتظار 10 دقائق ثم المحاولة مرة أخرى.');

    const other = await newUser('Someone Else');
    const otherId = await draftWithCompanion(other.token);
    expect((await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'photo', file: pngFile() }, { token: other.token, params: { id: otherId } })).status).toBe(201);
  });

  it('needs a known pilgrim, a kind and a file', async () => {
    const { token } = await newUser();
    const id = await draftWithCompanion(token);
    const stranger = await upload(documentsRoute.POST, { pilgrim: 'companion-5', kind: 'photo', file: pngFile() }, { token, params: { id } });
    expect(stranger.status).toBe(422);
    expect(stranger.json.error.fields.pilgrim).toEqual(['There is no such pilgrim in this request.']);
    const missing = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'visa' }, { token, params: { id } });
    expect(missing.status).toBe(422);
    expect(missing.json.error.fields).toEqual({
      kind: ['Choose the Document from the list'],
      file: ['The File field is required'],
    });
  });

  it('a new upload replaces the previous one of the same kind', async () => {
    const { token } = await newUser();
    const id = await draftWithCompanion(token);
    await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'photo', file: pngFile('first.png') }, { token, params: { id } });
    await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'photo', file: jpegFile('second.jpg') }, { token, params: { id } });
    const docs = (await call(oneRoute.GET, { token, params: { id } })).json!.data.documents;
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ file_name: 'second.jpg', mime: 'image/jpeg' });
  });

  it('another user cannot upload to, read or delete someone else\'s documents', async () => {
    const owner = await newUser();
    const other = await newUser('Someone Else');
    const id = await draftWithCompanion(owner.token);
    const { json } = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'photo', file: pngFile() }, { token: owner.token, params: { id } });
    const docId = json.data.id;
    expect((await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'photo', file: pngFile() }, { token: other.token, params: { id } })).status).toBe(404);
    expect((await call(downloadRoute.GET, { token: other.token, params: { id: docId } })).status).toBe(404);
    expect((await call(documentRoute.DELETE, { method: 'DELETE', token: other.token, params: { id, docId } })).status).toBe(404);
    expect((await call(downloadRoute.GET, { params: { id: docId } })).status).toBe(401);
  });
});

describe('GET /documents/{id} and DELETE', () => {
  it('downloads the same bytes to the owner, by token or by session cookie, as an attachment', async () => {
    const { token } = await newUser();
    const id = await draftWithCompanion(token);
    const file = pngFile('my photo.png');
    const { json } = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'photo', file }, { token, params: { id } });
    const auths: Record<string, string>[] = [{ authorization: `Bearer ${token}` }, { cookie: `session=${token}` }];
    for (const auth of auths) {
      const response = await downloadRoute.GET(new Request(`http://portal.test/api/v1/documents/${json.data.id}`, { headers: auth }), {
        params: Promise.resolve({ id: json.data.id }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''my%20photo.png");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array(await file.arrayBuffer()));
    }
  });

  it('DELETE removes the document and its file', async () => {
    const { token } = await newUser();
    const id = await draftWithCompanion(token);
    const { json } = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'photo', file: pngFile() }, { token, params: { id } });
    expect((await call(documentRoute.DELETE, { method: 'DELETE', token, params: { id, docId: json.data.id } })).status).toBe(204);
    expect((await call(downloadRoute.GET, { token, params: { id: json.data.id } })).status).toBe(404);
  });
});

describe('DELETE /requests/{id} (a draft)', () => {
  it('removes the stored files of the draft\'s documents too', async () => {
    const { token } = await newUser();
    const id = await draftWithCompanion(token);
    const ids: string[] = [];
    for (const [pilgrim, kind, file] of [['applicant', 'passport', pdfFile()], ['companion-0', 'photo', pngFile()]] as const) {
      ids.push((await upload(documentsRoute.POST, { pilgrim, kind, file }, { token, params: { id } })).json.data.id);
    }
    const db = await getDb();
    const keys = (await db.select({ key: documents.storageKey }).from(documents).where(inArray(documents.id, ids))).map((row) => row.key);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await fileStorage().get(key)).not.toBeNull();

    expect((await call(oneRoute.DELETE, { method: 'DELETE', token, params: { id } })).status).toBe(204);

    for (const key of keys) expect(await fileStorage().get(key)).toBeNull();
    expect((await call(oneRoute.GET, { token, params: { id } })).status).toBe(404);
  });
});

describe('a whole application through the API', () => {
  it('answers, uploads and submit: the request waits for payment with a reference', async () => {
    const { token } = await newUser();
    const id = await draftWithCompanion(token);
    let version = 2;
    for (const [step, data] of [['service', SERVICE], ['applicant', person()], ['companions', [companion()]]] as const) {
      const { json } = await call(oneRoute.PATCH, { method: 'PATCH', token, params: { id }, body: { step, data, version, complete: true } });
      version = json!.data.version;
    }
    for (const pilgrim of ['applicant', 'companion-0']) {
      await upload(documentsRoute.POST, { pilgrim, kind: 'passport', file: pdfFile() }, { token, params: { id } });
      await upload(documentsRoute.POST, { pilgrim, kind: 'photo', file: pngFile() }, { token, params: { id } });
    }
    for (const [step, data] of [['documents', {}], ['review', {}], ['declaration', { declaration: true }]] as const) {
      const { status, json } = await call(oneRoute.PATCH, { method: 'PATCH', token, params: { id }, body: { step, data, version, complete: true } });
      expect(status, JSON.stringify(json)).toBe(200);
      version = json!.data.version;
    }
    const { status, json } = await call(submitRoute.POST, { token, params: { id }, body: {} });
    expect(status).toBe(200);
    expect(json!.data).toMatchObject({ status: 'pending_payment', pilgrims: 2 });
    expect(json!.data.reference).toMatch(/^UM-\d{4}-\d{6}$/);
  });
});
