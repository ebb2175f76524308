import { RANDOM_ID_LENGTH } from './constants';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random id of 32 characters [0-9a-z] (spec §9), from the platform's crypto source. */
export function randomId(length = RANDOM_ID_LENGTH): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let id = '';
  // 256 % 36 != 0 gives a tiny bias; fine for request and upload ids (not secrets).
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
  return id;
}
