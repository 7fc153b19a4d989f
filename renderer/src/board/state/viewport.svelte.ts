/**
 * The window's scroll position and size, updated at most once a frame: the board's groups read it to
 * render only the rows on screen.
 */
class Viewport {
  #scrollY = $state(0);
  #height = $state(typeof window === 'undefined' ? 800 : window.innerHeight);
  #width = $state(typeof window === 'undefined' ? 1280 : window.innerWidth);
  #pending = false;

  constructor() {
    if (typeof window === 'undefined') return;
    const update = () => {
      if (this.#pending) return;
      this.#pending = true;
      requestAnimationFrame(() => {
        this.#pending = false;
        this.#scrollY = window.scrollY;
        this.#height = window.innerHeight;
        this.#width = window.innerWidth;
      });
    };
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
  }

  get scrollY(): number {
    return this.#scrollY;
  }
  get height(): number {
    return this.#height;
  }
  get width(): number {
    return this.#width;
  }
}

export const viewport = new Viewport();
