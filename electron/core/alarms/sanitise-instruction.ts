import { createRequire } from 'node:module';
import DOMPurify from 'dompurify';
import type { JSDOM as JsdomClass } from 'jsdom';

/**
 * One jsdom window for every instruction page, loaded with the first one (as the plans' sanitiser
 * does: loading jsdom costs a start 1–2 s of a 2-core machine). It never loads or runs anything.
 */
let purify: ReturnType<typeof DOMPurify> | undefined;
function loadSanitiserOnce(): ReturnType<typeof DOMPurify> {
  if (!purify) {
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: typeof JsdomClass };
    purify = DOMPurify(new JSDOM('').window as unknown as Parameters<typeof DOMPurify>[0]);
  }
  return purify;
}

/** Text and its formatting: what an instruction needs, and nothing that can run, load, submit or style. */
const TEXT_FORMATTING = [
  'p', 'br', 'hr', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup',
  'mark', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
];

/**
 * An alarm's instruction page (the server's HTML) as the desk may show it: text formatting only. No
 * script, event attribute, link, image, frame, form, style or class survives, so nothing in it can run,
 * fetch from anywhere or look like the desk's own controls. The renderer shows it in a sandboxed frame
 * besides.
 */
export function sanitiseInstruction(html: string): string {
  return loadSanitiserOnce()
    .sanitize(html, {
      ALLOWED_TAGS: TEXT_FORMATTING,
      ALLOWED_ATTR: ['colspan', 'rowspan'],
      ALLOW_DATA_ATTR: false,
      // What a forbidden element held that is itself text stays (a <font> or <a> keeps its words); a script's or style's content goes.
      KEEP_CONTENT: true,
      FORBID_CONTENTS: ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'title', 'head', 'form', 'select', 'textarea', 'button'],
      WHOLE_DOCUMENT: false,
    })
    .trim();
}
