const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (labels, scenario names, options) as HTML text or attribute values: nothing a user typed becomes markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/**
 * JSON for a <script type="application/json">: `<` as \u003c so a label holding "</script>" or "<!--" cannot end
 * the element early; U+2028/2029 escaped too, for the old parsers that treat them as line ends.
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
