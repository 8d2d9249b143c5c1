/**
 * The Search API's side of filter evaluation time per key (src/access/filter-allowance.ts): an
 * evaluation is refused with 429 and Retry-After while the key has used its share, and what it
 * took is charged to the key. Plan `unlimited` (internal use, benchmarks) is not metered.
 */
import { type FilterTimeAllowance } from '../../../access/filter-allowance.js';
import { UNLIMITED_PLAN } from '../../../access/access-control.js';
import type { ApiKeyRecord } from '../../../access/api-key.js';
import type { FilterTimeMeter } from '../../../search/filter-budget.js';
import { ApiError } from '../../edge/api-error.js';

export const FILTER_TIME_MESSAGE = 'this API key has used its filter evaluation time for now; retry later, or use simpler filters';

export function filterMeterFor(allowance: FilterTimeAllowance, key: ApiKeyRecord | undefined): FilterTimeMeter | undefined {
  if (key === undefined || key.plan === UNLIMITED_PLAN) return undefined;
  const keyId = key.id;
  return {
    admit() {
      const wait = allowance.waitSeconds(keyId);
      if (wait > 0) throw new ApiError(429, FILTER_TIME_MESSAGE, [], { 'retry-after': String(wait) });
    },
    charge(cpuMs) {
      allowance.charge(keyId, cpuMs);
    },
  };
}
