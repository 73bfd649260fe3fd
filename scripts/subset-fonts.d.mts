// Types of scripts/subset-fonts.mjs for the tests that import it.
export const ARABIC_RANGES: [number, number][];
export const ARABIC_WEIGHTS: number[];
export function unicodeRange(): string;
export function packageVersion(): string;
export function arabicFaceFile(weight: number, version?: string): string;
export function subsetArabicFace(weight: number): Promise<Buffer>;
