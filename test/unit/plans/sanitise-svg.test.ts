import { beforeAll, describe, expect, it } from 'vitest';
import { sanitisePlanSvg } from '../../../electron/core/plans/sanitise-svg';
import { cleanSvg, loadSanitiserOnce, SANITISER_LOAD_MS } from './plan-fixtures';

/** A clean drawing with `extra` put inside it. */
const withInside = (extra: string) => cleanSvg(800, 500).replace('</svg>', `${extra}</svg>`);

describe('an SVG plan is sanitised by DOMPurify', () => {
  beforeAll(loadSanitiserOnce, SANITISER_LOAD_MS);

  it('keeps a clean drawing whole: shapes, text, <use> of its own symbols, gradients by #id', () => {
    const svg = sanitisePlanSvg('clean.svg', withInside('<linearGradient id="g"/><rect fill="url(#g)" width="5" height="5"/>'));
    expect(svg.removed).toEqual([]);
    expect(svg.text).toContain('<use xlink:href="#door"');
    expect(svg.text).toContain('fill="url(#g)"');
    expect(svg.text).toContain('>Corridor</text>');
    expect(svg).toMatchObject({ width: 800, height: 500 });
  });

  it('refuses a <script>, naming it', () => {
    expect(() => sanitisePlanSvg('evil.svg', withInside('<script>alert(1)</script>'))).toThrow(/"evil.svg" was not imported: it contains a <script> element/);
  });

  it('refuses an event attribute (onload=), naming it', () => {
    expect(() => sanitisePlanSvg('evil.svg', cleanSvg().replace('<svg ', '<svg onload="alert(1)" '))).toThrow(/an event attribute \(onload\)/);
    expect(() => sanitisePlanSvg('evil.svg', withInside('<rect onclick="steal()" width="1" height="1"/>'))).toThrow(/an event attribute \(onclick\)/);
  });

  it('refuses a javascript: link', () => {
    expect(() => sanitisePlanSvg('evil.svg', withInside('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>'))).toThrow(/a script link/);
  });

  it('refuses a script hidden inside a <foreignObject>, and takes out a harmless one', () => {
    expect(() => sanitisePlanSvg('evil.svg', withInside('<foreignObject><img src="x" onerror="alert(1)"/></foreignObject>'))).toThrow(/an event attribute \(onerror\)/);
    const svg = sanitisePlanSvg('html.svg', withInside('<foreignObject width="10" height="10"><div>Reception</div></foreignObject>'));
    expect(svg.text).not.toMatch(/foreignObject|<div/i);
    expect(svg.removed).toContain('foreign (HTML) content');
  });

  it('takes out xlink:href to the web, and <use href="http://…">, saying so', () => {
    const svg = sanitisePlanSvg('linked.svg', withInside('<image xlink:href="http://example.com/logo.png" width="9" height="9"/><use href="http://example.com/sym.svg#a"/>'));
    expect(svg.text).not.toContain('example.com');
    expect(svg.removed).toEqual([
      'a reference outside the drawing (xlink:href="http://example.com/logo.png")',
      'a reference outside the drawing (href="http://example.com/sym.svg#a")',
    ]);
  });

  it('keeps an embedded PNG picture but not an embedded SVG (which could carry its own script)', () => {
    const svg = sanitisePlanSvg('embedded.svg', withInside('<image href="data:image/png;base64,iVBORw0KGgo=" width="9" height="9"/><image href="data:image/svg+xml;base64,PHN2Zz4=" width="9" height="9"/>'));
    expect(svg.text).toContain('data:image/png;base64,iVBORw0KGgo=');
    expect(svg.text).not.toContain('data:image/svg+xml');
    expect(svg.removed).toEqual(['an embedded file that is not a PNG, JPEG, GIF or WebP picture (href="data:image/svg+xml;base64,PHN2…")']);
  });

  it('takes out animations that could set a link or a handler, iframes, and filter images from the web', () => {
    const svg = sanitisePlanSvg(
      'animated.svg',
      withInside('<a><animate attributeName="href" values="javascript:alert(1)"/><text>Exit</text></a><set attributeName="onmouseover" to="alert(1)"/><iframe src="http://example.com"></iframe><filter id="f"><feImage href="http://example.com/x.png"/></filter>'),
    );
    expect(svg.text).not.toMatch(/animate|<set|iframe|example\.com|javascript/);
    expect(svg.text).toContain('<text>Exit</text>');
    expect(svg.removed).toEqual(expect.arrayContaining(['<animate> elements', '<set> elements', '<iframe> elements', 'a reference outside the drawing (href="http://example.com/x.png")']));
  });

  it('takes out CSS url() to the web and @import, in <style> and in attributes', () => {
    const svg = sanitisePlanSvg(
      'styled.svg',
      withInside('<style>@import url(https://example.com/x.css); .wall { stroke: #000; fill: url("http://example.com/p.png") }</style><rect style="fill:url(http://example.com/a.png)" width="2" height="2"/>'),
    );
    expect(svg.text).not.toContain('example.com');
    expect(svg.text).toContain('.wall { stroke: #000; fill: none }');
    expect(svg.removed).toEqual(['a CSS @import', 'a CSS url() outside the drawing (in <style>)', 'a CSS url() outside the drawing (in style)']);
  });

  it('gives back well-formed XML that an image element can show', () => {
    const svg = sanitisePlanSvg('nbsp.svg', withInside('<text>Hall&#160;A &amp; B</text>'));
    expect(svg.text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.text).toContain('Hall\u00a0A &amp; B');
  });

  it('sizes a drawing by width and height when it has no viewBox, and refuses one with neither', () => {
    expect(sanitisePlanSvg('sized.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="300mm" height="200mm"><rect/></svg>')).toMatchObject({ width: 300, height: 200 });
    expect(() => sanitisePlanSvg('unsized.svg', '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>')).toThrow(/neither a viewBox nor a width and height/);
  });
});
