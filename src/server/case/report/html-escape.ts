const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an HTML element or a quoted attribute: nothing in it is markup. */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}
