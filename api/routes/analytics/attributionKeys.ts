/**
 * Row keys are URL-safe: letters, digits, '.', '_' and '-' stand for themselves, every other
 * UTF-8 byte is '~' and two hex digits; '~none' is the group of leads without a value and
 * '~empty' the empty string. So `google` → google, `Spring Sale` → Spring~20Sale.
 */
export function encodeKey(value: string | null): string {
  if (value === null) return '~none';
  if (value === '') return '~empty';
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9._-]/.test(c) ? c : `~${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The value a key stands for; undefined unless encodeKey produces exactly this key. */
export function decodeKey(key: string): string | null | undefined {
  if (key === '~none') return null;
  if (key === '~empty') return '';
  if (!/^(?:[A-Za-z0-9._-]|~[0-9A-F]{2})+$/.test(key)) return undefined;
  try {
    const value = decodeURIComponent(key.replace(/~/g, '%'));
    return encodeKey(value) === key ? value : undefined;
  } catch {
    return undefined;
  }
}
