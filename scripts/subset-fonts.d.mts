// Types of scripts/subset-fonts.mjs for the tests that import it.
export const ARABIC_RANGES: [number, number][];
export const ARABIC_COMMON_RANGES: [number, number][];
export const LATIN_RANGES: [number, number][];
export const LATIN_BASIC_RANGES: [number, number][];
export const ARABIC_WEIGHTS: number[];
export const ARABIC_WEIGHT_RANGES: Record<number, string>;
export function rangesMinus(ranges: [number, number][], minus: [number, number][]): [number, number][];
export function unicodeRange(ranges: [number, number][]): string;
export function packageVersion(): string;
export function interVersion(): string;
export function arabicFaceFile(weight: number, version?: string): string;
export function arabicCommonFaceFile(weight: number, version?: string): string;
export function interFaceFile(version?: string): string;
export function interBasicFaceFile(version?: string): string;
export function subsetArabicFace(weight: number, ranges?: [number, number][]): Promise<Buffer>;
export function interFace(): Buffer;
export function subsetInterBasic(): Promise<Buffer>;
