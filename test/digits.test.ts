/** digitsOf: String's text for the whole numbers the edge writes (src/shared/digits.ts). */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { digitsOf } from '../src/shared/digits.js';

it('writes a whole number as String does, from 0 to the largest safe integer', () => {
  const wholes = [0, 7, 10, 99, 1000, 86_400, 1_795_758_516_759, 2 ** 31, 2 ** 53 - 1];
  assert.deepEqual(wholes.map(digitsOf), ['0', '7', '10', '99', '1000', '86400', '1795758516759', '2147483648', '9007199254740991']);
  for (let n = 0; n < 100_000; n += 37) assert.equal(digitsOf(n), String(n));
});
