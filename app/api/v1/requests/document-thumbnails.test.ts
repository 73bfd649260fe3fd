import { eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/server/db/client';
import { documents } from '@/lib/server/db/schema';
import { fileStorage } from '@/lib/server/uploads/storage';
import { thumbnailKey } from '@/lib/server/requests/request-files';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { upload } from '@/test/api-form';
import { newUser } from '@/test/accounts';
import { jpegFile, pdfFile, pngFile } from '@/test/files';
import * as listRoute from './route';
import * as documentsRoute from './[id]/documents/route';
import * as documentRoute from './[id]/documents/[docId]/route';
import * as thumbnailRoute from '../documents/[id]/thumbnail/route';

withTestDatabase();

async function draft(token: string) {
  return (await call(listRoute.POST, { token, body: { type: 'umrah' } })).json!.data.id as string;
}

async function uploaded(token: string, kind: 'passport' | 'photo', file: File) {
  const id = await draft(token);
  const { status, json } = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind, file }, { token, params: { id } });
  expect(status, JSON.stringify(json)).toBe(201);
  return { id, docId: json.data.id as string };
}

/** The thumbnail as an <img> asks for it: with the session cookie. */
async function thumbnail(docId: string, token?: string) {
  const headers: Record<string, string> = token ? { cookie: `session=${token}` } : {};
  return thumbnailRoute.GET(new Request(`http://portal.test/api/v1/documents/${docId}/thumbnail`, { headers }), { params: Promise.resolve({ id: docId }) as never });
}

async function picture(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/jpeg');
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
  return jpeg.decode(bytes, { useTArray: true });
}

/** A two-page A4 PDF whose first page is mostly a dark block. */
async function realPdf() {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawRectangle({ x: 0, y: 0, width: 595, height: 842, color: rgb(0.1, 0.2, 0.5) });
  pdf.addPage([595, 842]);
  return new File([new Uint8Array(await pdf.save())], 'passport.pdf', { type: 'application/pdf' });
}

/** A JPEG that says in its EXIF that it is turned a quarter (orientation 6), as phones store portraits. */
function sidewaysJpeg(width: number, height: number) {
  const data = Buffer.alloc(width * height * 4, 90);
  const plain = jpeg.encode({ data, width, height }, 80).data;
  const tiff = Buffer.from([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
  return new File([new Uint8Array(Buffer.concat([plain.subarray(0, 2), app1, plain.subarray(2)]))], 'photo.jpg', { type: 'image/jpeg' });
}

describe('GET /documents/{id}/thumbnail', () => {
  it('shrinks a photo to at most 240 pixels a side, keeping its shape, for its owner by cookie', async () => {
    const { token } = await newUser();
    const { docId } = await uploaded(token, 'photo', pngFile('wide.png', 800, 400));
    const image = await picture(await thumbnail(docId, token));
    expect([image.width, image.height]).toEqual([240, 120]);
    // pngFile's grey is partly transparent: drawn over white, never over black.
    expect(image.data[0]).toBeGreaterThan(190);
  });

  it('never enlarges a small picture, and turns a phone photo as its EXIF says', async () => {
    const { token } = await newUser();
    const small = await uploaded(token, 'photo', jpegFile('small.jpg', 30, 20));
    expect(await picture(await thumbnail(small.docId, token))).toMatchObject({ width: 30, height: 20 });
    const sideways = await uploaded(token, 'photo', sidewaysJpeg(480, 240));
    expect(await picture(await thumbnail(sideways.docId, token))).toMatchObject({ width: 120, height: 240 });
  });

  it('draws a PDF passport scan\'s first page', async () => {
    const { token } = await newUser();
    const { docId } = await uploaded(token, 'passport', await realPdf());
    const image = await picture(await thumbnail(docId, token));
    expect([image.width, image.height]).toEqual([170, 240]);
    // The middle of the first page is the dark blue block, not an empty white page.
    const middle = ((image.height >> 1) * image.width + (image.width >> 1)) * 4;
    expect(image.data[middle + 2]).toBeGreaterThan(image.data[middle]! + 40);
    expect(image.data[middle]).toBeLessThan(80);
  });

  it('is made once and kept beside the file; replacing or removing the document removes it too', async () => {
    const { token } = await newUser();
    const { id, docId } = await uploaded(token, 'photo', pngFile('first.png', 300, 300));
    const db = await getDb();
    const [row] = await db.select({ key: documents.storageKey }).from(documents).where(eq(documents.id, docId));
    expect(await fileStorage().get(thumbnailKey(row!.key))).toBeNull();
    await picture(await thumbnail(docId, token));
    expect(await fileStorage().get(thumbnailKey(row!.key))).not.toBeNull();

    // Replaced: the old document's thumbnail goes with its file.
    const second = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'photo', file: pngFile('second.png', 300, 300) }, { token, params: { id } });
    expect(await fileStorage().get(thumbnailKey(row!.key))).toBeNull();
    const newId = second.json.data.id as string;
    const [newRow] = await db.select({ key: documents.storageKey }).from(documents).where(eq(documents.id, newId));
    await picture(await thumbnail(newId, token));
    expect((await call(documentRoute.DELETE, { method: 'DELETE', token, params: { id, docId: newId } })).status).toBe(204);
    expect(await fileStorage().get(thumbnailKey(newRow!.key))).toBeNull();
    expect((await thumbnail(newId, token)).status).toBe(404);
  });

  it('404 for a PDF it cannot draw: the page shows an icon instead', async () => {
    const { token } = await newUser();
    const { docId } = await uploaded(token, 'passport', pdfFile());
    const response = await thumbnail(docId, token);
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('not_found');
  });

  it('another user gets 404, exactly as for no document; signed out gets 401', async () => {
    const owner = await newUser();
    const other = await newUser('Someone Else');
    const { docId } = await uploaded(owner.token, 'photo', pngFile());
    expect((await thumbnail(docId, other.token)).status).toBe(404);
    expect((await thumbnail(docId)).status).toBe(401);
    expect((await thumbnail('00000000-0000-4000-8000-000000000000', owner.token)).status).toBe(404);
    // The owner's, once made, is still not another user's.
    await picture(await thumbnail(docId, owner.token));
    expect((await thumbnail(docId, other.token)).status).toBe(404);
  });
});
