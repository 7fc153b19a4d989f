import { createRequire } from 'node:module';
import DOMPurify from 'dompurify';
import type { JSDOM as JsdomClass, JsdomElement, JsdomNode } from 'jsdom';
import { DeskError } from '../../../shared/errors';

/**
 * One jsdom window serves every import: DOMPurify needs a DOM, and this one never loads or runs
 * anything. Loaded on the first drawing, not with the desk: loading jsdom takes 1–2 s of a 2-core
 * machine, which every start paid before a single plan was imported.
 */
let dom: { purify: ReturnType<typeof DOMPurify>; serializer: { serializeToString(node: JsdomNode): string } } | undefined;
function planDom(): NonNullable<typeof dom> {
  if (!dom) {
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: typeof JsdomClass };
    const window = new JSDOM('').window;
    dom = { purify: DOMPurify(window as unknown as Parameters<typeof DOMPurify>[0]), serializer: new window.XMLSerializer() };
  }
  return dom;
}

/** A reference that stays inside the drawing (`#id`). */
const LOCAL_REFERENCE = /^\s*#/;
/** A picture embedded in the drawing itself; not SVG, which could carry its own script. */
const EMBEDDED_PICTURE = /^\s*data:image\/(png|jpeg|gif|webp);base64,/i;
const SCRIPT_URL = /^\s*(javascript|vbscript):/i;
/** A CSS url() that is not `url(#…)`: it would fetch from outside the drawing. */
const OUTSIDE_URL = /url\(\s*(['"]?)(?!\s*#)[^)]*\)/gi;
const CSS_IMPORT = /@import[^;]*;?/gi;

export interface SanitisedSvg {
  /** The drawing as XML, with everything a plan may not hold taken out. */
  text: string;
  width: number;
  height: number;
  /** What was taken out, in words (external links, foreign content, unknown elements). */
  removed: string[];
}

/**
 * Sanitises an imported SVG plan with DOMPurify (its SVG profile): no script, no event attributes, no
 * foreign objects, no references outside the drawing (links, <use>, images and CSS url() other than
 * `#…` and embedded pictures). A drawing carrying active content (a script, an event attribute, a
 * javascript: link) is REFUSED, naming what was found: a floor plan never needs one, and quietly
 * keeping "the rest" of a file someone tampered with is not what a security desk should do. Passive
 * things that merely reach outside (a link, a web font) are taken out and listed in `removed`, since
 * a desk that may be offline could not load them anyway.
 */
export function sanitisePlanSvg(fileName: string, text: string): SanitisedSvg {
  const { purify, serializer } = planDom();
  const active = new Set<string>();
  const removed = new Map<string, number>();
  const note = (what: string): void => void removed.set(what, (removed.get(what) ?? 0) + 1);

  purify.addHook('uponSanitizeElement', (node, data) => {
    const element = node as unknown as JsdomElement;
    if (data.tagName === 'script') active.add('a <script> element');
    if (data.tagName === 'foreignobject') {
      // DOMPurify drops it whole, so what it held would go unseen: look inside first.
      for (const inner of Array.from(element.querySelectorAll('*'))) {
        if (inner.nodeName.toLowerCase() === 'script') active.add('a <script> element');
        for (const attr of Array.from(inner.attributes)) if (/^on/i.test(attr.name)) active.add(`an event attribute (${attr.name})`);
      }
      note('foreign (HTML) content');
    }
    if (data.tagName === 'style' && element.textContent) element.textContent = cleanCss(element.textContent, note);
  });
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue;
    if (/^on/.test(name)) {
      active.add(`an event attribute (${name})`);
    } else if (name === 'href' || name === 'xlink:href' || name === 'src') {
      if (SCRIPT_URL.test(value)) active.add(`a script link (${name}="${value.trim().slice(0, 30)}…")`);
      else if (LOCAL_REFERENCE.test(value) || EMBEDDED_PICTURE.test(value)) return;
      else if (/^\s*data:/i.test(value)) note(`an embedded file that is not a PNG, JPEG, GIF or WebP picture (${name}="${value.trim().slice(0, 30)}…")`);
      else note(`a reference outside the drawing (${name}="${value.trim().slice(0, 60)}")`);
      data.keepAttr = false;
    } else if (/url\(/i.test(value)) {
      data.attrValue = value.replace(OUTSIDE_URL, () => (note(`a CSS url() outside the drawing (in ${name})`), 'none'));
    }
  });
  let fragment: JsdomNode;
  try {
    fragment = purify.sanitize(text, {
      USE_PROFILES: { svg: true, svgFilters: true },
      FORBID_TAGS: ['foreignObject'],
      // DOMPurify leaves <use> out because it can fetch other files; the hook above keeps only `#…`
      // references, and drawings use it for every repeated door and desk symbol.
      ADD_TAGS: ['use'],
      RETURN_DOM_FRAGMENT: true,
    }) as unknown as JsdomNode;
  } finally {
    purify.removeAllHooks();
  }
  if (active.size > 0) throw refusedSvg(fileName, `it contains ${[...active].join(' and ')}, which a plan may not hold. Export the drawing again without scripts`);
  for (const entry of purify.removed) {
    if ('element' in entry && entry.element) {
      const tag = entry.element.nodeName.toLowerCase();
      // DOMPurify's own wrapper (html, head, body) is not part of the drawing.
      if (!['foreignobject', 'script', 'html', 'head', 'body'].includes(tag) && entry.element.nodeType === 1) note(`<${tag}> elements`);
    } else if ('attribute' in entry && entry.attribute && !/^(on|href$|xlink:href$|src$)/i.test(entry.attribute.name)) {
      // (Links and event attributes were named above, by the hooks.)
      note(`attributes a plan does not use (e.g. ${entry.attribute.name})`);
    }
  }
  const svg = Array.from(fragment.childNodes).find((n): n is JsdomElement => n.nodeName.toLowerCase() === 'svg');
  if (!svg) throw refusedSvg(fileName, 'nothing of the drawing was left after taking out what a plan may not hold');
  return {
    text: serializer.serializeToString(svg),
    ...svgSize(fileName, svg),
    removed: [...removed].map(([what, count]) => (count > 1 ? `${what} ×${count}` : what)),
  };
}

function cleanCss(css: string, note: (what: string) => void): string {
  return css
    .replace(CSS_IMPORT, () => (note('a CSS @import'), ''))
    .replace(OUTSIDE_URL, () => (note('a CSS url() outside the drawing (in <style>)'), 'none'));
}

function svgSize(fileName: string, svg: JsdomElement): { width: number; height: number } {
  const box = svg.getAttribute('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (box?.length === 4 && box[2]! > 0 && box[3]! > 0) return { width: box[2]!, height: box[3]! };
  const width = parseFloat(svg.getAttribute('width') ?? '');
  const height = parseFloat(svg.getAttribute('height') ?? '');
  if (width > 0 && height > 0) return { width, height };
  throw refusedSvg(fileName, 'the SVG has neither a viewBox nor a width and height, so there is no size to place items on');
}

function refusedSvg(fileName: string, why: string): DeskError {
  return new DeskError('bad-request', `The plan "${fileName.slice(0, 120)}" was not imported: ${why}.`);
}
