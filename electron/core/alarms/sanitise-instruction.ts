import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

/**
 * An alarm's instruction page (the server's HTML) made safe to show, with sanitize-html: a parser and
 * allow-list with no DOM behind it, so the first alarm detail does not wait for a browser-like window
 * to load (jsdom took seconds of a busy 2-core machine and ~100 MB that stayed). It loads with the first
 * instruction (≈60 ms), not with every start.
 */
let sanitizeHtml: typeof SanitizeHtml | undefined;
function loadOnce(): typeof SanitizeHtml {
  sanitizeHtml ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml;
  return sanitizeHtml;
}

/** Text and its formatting: what an instruction needs, and nothing that can run, load, submit or style. */
const TEXT_FORMATTING = [
  'p', 'br', 'hr', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup',
  'mark', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
];

/** Elements whose content is not words to keep: a script's or style's text, a form's controls, a frame's fallback. */
const DROPPED_WITH_CONTENT = ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'title', 'head', 'form', 'select', 'textarea', 'button', 'option'];

/**
 * An alarm's instruction page as the desk may show it: text formatting only. No script, event
 * attribute, link, image, frame, form, style or class survives, so nothing in it can run, fetch from
 * anywhere or look like the desk's own controls. What a forbidden element held that is itself text
 * stays (a <font> or <a> keeps its words). The renderer shows it in a sandboxed frame besides.
 */
export function sanitiseInstruction(html: string): string {
  return loadOnce()(html, {
    allowedTags: TEXT_FORMATTING,
    allowedAttributes: { td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
    allowedSchemes: [],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
  }).trim();
}
