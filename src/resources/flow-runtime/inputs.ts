/** How a `collect_input` answer is checked per `input_type` (2.10), and what it is stored as. */
import { cutChars, fitsChars } from '../shared/characters.js';

export function acceptAnswer(inputType: string, text: string | null): string | undefined {
  const value = text?.trim() ?? '';
  if (value === '') return undefined;
  switch (inputType) {
    case 'email':
      return /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/.test(value) && fitsChars(value, 255) ? value.toLowerCase() : undefined;
    case 'phone': {
      if (!/^\+?[0-9 ().-]{3,50}$/.test(value)) return undefined;
      const digits = value.replace(/\D/g, '');
      return digits.length >= 7 && digits.length <= 15 ? `${value.startsWith('+') ? '+' : ''}${digits}` : undefined;
    }
    case 'name':
      return /^[\p{L}][\p{L}\p{M} .'-]{0,99}$/u.test(value) ? value : undefined;
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value.replace(/,/g, '')) ? value.replace(/,/g, '') : undefined;
    default:
      return cutChars(value, 500);
  }
}
