/**
 * Which kind of record an id in a request path names, in the ledger's words (`contact`, `tag`,
 * ...): the id's collection is the path before it with earlier ids generalised, e.g. the 7 in
 * `/posts/3/media/7` is a `media`. The safe profile's guard asks the ledger about that kind only:
 * an id the kit created as a contact does not let it delete tag 7 or resolve conversation 7.
 */

/** Collections (ids written `{id}`) and the ledger kind their members are recorded under. */
const KIND_OF_COLLECTION: Readonly<Record<string, string>> = {
  '/api-keys': 'api-key',
  '/tags': 'tag',
  '/contacts': 'contact',
  '/custom-fields': 'custom-field',
  '/webhooks/endpoints': 'webhook-endpoint',
  '/blocked-users': 'blocked-user',
  '/team/invitations': 'invitation',
  '/knowledge/faqs': 'faq',
  '/knowledge/services': 'service',
  '/knowledge/documents': 'document',
  '/comment-triggers': 'comment-trigger',
  '/posts': 'post',
  '/posts/{id}/media': 'media',
  '/flows': 'flow',
  '/competitors': 'competitor',
  '/media': 'media',
  '/appointments': 'appointment',
  '/team': 'team-member',
  '/conversations': 'conversation',
};

export interface PathId {
  readonly id: number;
  /** The ledger kind, or the collection itself (`/comments`) when the kit never creates one. */
  readonly kind: string;
  /** How many `/`-separated parts of the path (leading empty one included) end at this id. */
  readonly end: number;
}

/** Every numeric id in `path` (no query), each with the kind of record it names. */
export function idsOf(path: string): PathId[] {
  const segments = path.split('?')[0]!.split('/');
  const found: PathId[] = [];
  for (let index = 0; index < segments.length; index++) {
    if (!/^\d+$/.test(segments[index]!)) continue;
    const collection = segments
      .slice(0, index)
      .filter((segment) => segment !== '')
      .map((segment) => (/^\d+$/.test(segment) ? '{id}' : segment))
      .join('/');
    found.push({ id: Number(segments[index]), kind: KIND_OF_COLLECTION[`/${collection}`] ?? `/${collection}`, end: index + 1 });
  }
  return found;
}
