/**
 * Which published zengin-code version is newest. The versions are `1.0.0-pYYYYMMDD` and were
 * not published in date order, so the `latest` tag is not trusted: the newest effective date
 * wins. Only what a download needs is kept: the tarball URL and its `dist.integrity`.
 */

export interface PublishedVersion {
  readonly version: string;
  readonly effectiveDate: string;
  readonly tarball: string;
  /** Subresource Integrity string, e.g. `sha512-…`, as the registry publishes it. */
  readonly integrity: string;
}

const DATED_VERSION = /^\d+\.\d+\.\d+-p(\d{4})(\d{2})(\d{2})$/;

function validDate(y: string, m: string, d: string): boolean {
  const iso = `${y}-${m}-${d}`;
  const t = Date.parse(`${iso}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().startsWith(iso);
}

/** The dated versions of a package document, newest effective date first. */
export function datedVersions(packument: unknown): PublishedVersion[] {
  const versions = (packument as { versions?: unknown } | null)?.versions;
  if (typeof versions !== 'object' || versions === null) throw new Error('the package document has no versions');
  const out: PublishedVersion[] = [];
  for (const [version, manifest] of Object.entries(versions as Record<string, unknown>)) {
    const m = DATED_VERSION.exec(version);
    if (!m || !validDate(m[1]!, m[2]!, m[3]!)) continue;
    const dist = (manifest as { dist?: { tarball?: unknown; integrity?: unknown } } | null)?.dist;
    if (typeof dist?.tarball !== 'string' || typeof dist.integrity !== 'string') continue;
    out.push({ version, effectiveDate: `${m[1]}-${m[2]}-${m[3]}`, tarball: dist.tarball, integrity: dist.integrity });
  }
  // Newest date first; for one date, the version published under the greater string.
  return out.sort((a, b) => (a.effectiveDate === b.effectiveDate ? (a.version < b.version ? 1 : -1) : a.effectiveDate < b.effectiveDate ? 1 : -1));
}

export function newestVersion(packument: unknown): PublishedVersion {
  const newest = datedVersions(packument)[0];
  if (!newest) throw new Error('the package document lists no version 1.0.0-pYYYYMMDD with a tarball and its integrity');
  return newest;
}
