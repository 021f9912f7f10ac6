/** Tenant slugs: letters, digits, dots, dashes and underscores (the server's rule). */
export const SLUG_PATTERN = /^[a-zA-Z0-9.\-_]+$/;

/** "Acme Production!" -> "acme-production". Used while the user has not edited the slug. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '');
}

export function validateTenantName(name: string): string | undefined {
  const value = name.trim();
  if (value === '') return 'Enter a name for the tenant.';
  if (value.length > 255) return 'Names can be at most 255 characters long.';
  return undefined;
}

export function validateSlug(slug: string): string | undefined {
  if (slug === '') return 'Enter a slug.';
  if (!SLUG_PATTERN.test(slug)) {
    return 'Use only letters, numbers, dots, dashes and underscores.';
  }
  return undefined;
}
