// A phone photo over a document's limit, made smaller in the browser before it
// is refused (issue 40, item 3): drawn on a canvas at a smaller size and saved
// as a JPEG, until it fits. The server checks the copy as any other upload.

/** The longest side tried first: a passport's lines stay readable at this size. */
const FIRST_SIDE = 2400;
const QUALITIES = [0.85, 0.72, 0.6] as const;
/** Each round the sides shrink to this share, when no quality made it fit. */
const SHRINK = 0.75;
const ROUNDS = 5;
// The server's own image limits (lib/server/uploads/image-header.ts).
const MAX_PIXELS = 12_500_000;

function toBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** The file's name with .jpg in place of its own extension: the copy is a JPEG. */
function copyName(name: string) {
  return `${name.replace(/\.[^./\\]+$/, '') || 'photo'}.jpg`;
}

/**
 * A JPEG copy of the image under `maxBytes`, or null when the browser cannot
 * read the image or no copy fits. createImageBitmap turns a phone photo as its
 * EXIF says, so the copy stands the right way up.
 */
export async function smallerCopy(file: File, maxBytes: number): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const { width, height } = bitmap;
    let scale = Math.min(1, FIRST_SIDE / Math.max(width, height), Math.sqrt(MAX_PIXELS / (width * height)));
    const canvas = document.createElement('canvas');
    for (let round = 0; round < ROUNDS; round += 1, scale *= SHRINK) {
      canvas.width = Math.max(1, Math.round(width * scale));
      canvas.height = Math.max(1, Math.round(height * scale));
      const context = canvas.getContext('2d');
      if (!context) return null;
      // JPEG has no transparency: a PNG's clear parts become white, not black.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      for (const quality of QUALITIES) {
        const blob = await toBlob(canvas, quality);
        if (blob && blob.size <= maxBytes) return new File([blob], copyName(file.name), { type: 'image/jpeg' });
      }
    }
    return null;
  } finally {
    bitmap.close();
  }
}
