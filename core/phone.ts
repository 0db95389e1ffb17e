import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

const US_REGIONS = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP']);

/**
 * A US phone number as its 10 national digits, or null when it is not a valid number of a US
 * area code. +1 numbers of Canada and the Caribbean share the NANP format, so the country is
 * checked from the area code's metadata, not the prefix.
 */
export function normalizeUsPhone(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > 40) return null;
  const parsed = parsePhoneNumberFromString(trimmed, 'US');
  if (!parsed || parsed.countryCallingCode !== '1' || !parsed.isValid()) return null;
  // Toll-free numbers belong to no single country; US territories have US area codes. The type
  // is asked last: it matches the number against every type's pattern, most of a parse's cost.
  if (!US_REGIONS.has(parsed.country ?? '') && parsed.getType() !== 'TOLL_FREE') return null;
  return parsed.nationalNumber.length === 10 ? parsed.nationalNumber : null;
}

/**
 * Digits of a search term that looks like part of a phone number ("(555) 010-2", "555.01"); a
 * whole number written with the country code ("+1 212 555 0101") is searched as its 10 digits.
 */
export function phoneDigitsOf(term: string): string | null {
  if (!/^[\d\s().+-]+$/.test(term)) return null;
  const digits = term.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return digits.length >= 3 ? digits : null;
}
