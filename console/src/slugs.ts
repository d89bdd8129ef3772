// Slugs as people type them: the hint every slug field shows, and the slug a name suggests.
export const SLUG_HINT = 'Lower-case letters, digits and dashes, e.g. payments-team';

export const slugify = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
