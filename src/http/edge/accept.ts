/** Content negotiation for 406 (docs/errors.md): does the Accept header allow a media type? */

export function accepts(acceptHeader: string | undefined, mediaTypes: readonly string[]): boolean {
  if (acceptHeader === undefined || acceptHeader === '*/*' || acceptHeader.trim() === '') return true;
  for (const range of acceptHeader.split(',')) {
    const [typePart, ...paramParts] = range.split(';');
    const type = typePart!.trim().toLowerCase();
    const q = paramParts.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (type === '*/*') return true;
    for (const wanted of mediaTypes) {
      const [major] = wanted.split('/');
      if (type === wanted || type === `${major}/*`) return true;
    }
  }
  return false;
}
