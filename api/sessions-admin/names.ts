/** How the summary, its export and its options name a person: preferred (else first) and last name. */
export function displayName(p: { firstName: string | null; lastName: string | null; preferredName: string | null }): string {
  return [p.preferredName || p.firstName, p.lastName].filter(Boolean).join(' ');
}
