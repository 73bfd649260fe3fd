// pdf.js's worker module ships without types; the console only hands it to pdf.js (components/office/pdf-pages.tsx).
declare module 'pdfjs-dist/build/pdf.worker.min.mjs' {
  export const WorkerMessageHandler: unknown;
}
