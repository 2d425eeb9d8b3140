/**
 * Text normalisation for matching names: case, punctuation and diacritics do not count. "Artisan’s Vision",
 * "artisans vision" and "ARTISAN'S-VISION" all become "artisans vision"; "Wee & Woo" becomes "wee and woo".
 */

const MARKS = /\p{M}+/gu;
const APOSTROPHES = /['’‘`´ʼ]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(APOSTROPHES, '')
    .replace(SEPARATORS, ' ')
    .trim();
}

/** The normalised text without spaces: "long fei" and "longfei" compare equal. */
export function compact(normalized: string): string {
  return normalized.replaceAll(' ', '');
}

/** A key as a user might type it: "Long Fei", "long_fei" and "LONG-FEI" all give "long-fei". */
export function keyForm(text: string): string {
  return normalize(text).replaceAll(' ', '-');
}
