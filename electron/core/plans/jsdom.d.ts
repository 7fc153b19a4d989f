// The part of jsdom the plan sanitiser uses, typed here: @types/jsdom would pull the browser's DOM
// library into every Node file of the project, where DOM globals must not be used by mistake.
declare module 'jsdom' {
  export interface JsdomNode {
    readonly nodeName: string;
    readonly nodeType: number;
    readonly childNodes: ArrayLike<JsdomNode>;
    textContent: string | null;
  }
  export interface JsdomElement extends JsdomNode {
    readonly attributes: ArrayLike<{ readonly name: string; readonly value: string }>;
    getAttribute(name: string): string | null;
    querySelectorAll(selectors: string): ArrayLike<JsdomElement>;
  }
  export interface JsdomWindow {
    readonly XMLSerializer: new () => { serializeToString(node: JsdomNode): string };
  }
  export class JSDOM {
    constructor(html?: string, options?: { contentType?: string });
    readonly window: JsdomWindow;
  }
}
