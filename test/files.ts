import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';

/** A real PNG image of the given size. */
export function pngFile(name = 'photo.png', width = 40, height = 50): File {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return new File([new Uint8Array(PNG.sync.write(png))], name, { type: 'image/png' });
}

/** A real JPEG image. */
export function jpegFile(name = 'photo.jpg', width = 30, height = 30): File {
  const data = Buffer.alloc(width * height * 4, 120);
  return new File([new Uint8Array(jpeg.encode({ data, width, height }, 80).data)], name, { type: 'image/jpeg' });
}

export function pdfFile(name = 'passport.pdf', padTo = 0): File {
  const body = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
  return new File([body.padEnd(padTo, ' ')], name, { type: 'application/pdf' });
}
