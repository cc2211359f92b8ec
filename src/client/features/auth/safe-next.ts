/** Where to go after sign-in: an in-app path from `next`, never another site. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return '/app/';
  return /^\/(app|dev)(\/|$|\?)/.test(next) ? next : '/app/';
}
