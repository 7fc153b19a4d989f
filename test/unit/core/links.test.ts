import { describe, expect, it } from 'vitest';
import { assertOnOrigin, withQuery } from '../../../electron/core/api/links';

describe('withQuery: documented parameters on hrefs the server gave', () => {
  it('starts a query string when the href has none', () => {
    expect(withQuery('https://s/api/doors', { sort: 'id', top: 50 })).toBe('https://s/api/doors?sort=id&top=50');
  });

  it('appends to an href that already has a query string, keeping the server part verbatim', () => {
    expect(withQuery('https://s/api/doors?x=a%20b&y=1', { sort: 'id' })).toBe('https://s/api/doors?x=a%20b&y=1&sort=id');
  });

  it('does not double a trailing ? or &', () => {
    expect(withQuery('https://s/a?', { top: 1 })).toBe('https://s/a?top=1');
    expect(withQuery('https://s/a?x=1&', { top: 1 })).toBe('https://s/a?x=1&top=1');
  });

  it('leaves undefined parameters out and the href unchanged when nothing is added', () => {
    expect(withQuery('https://s/a?x=1', { requested_by: undefined })).toBe('https://s/a?x=1');
  });

  it('encodes values and drops a fragment', () => {
    expect(withQuery('https://s/a#frag', { name: '"Front door"' })).toBe('https://s/a?name=%22Front+door%22');
  });
});

describe('assertOnOrigin', () => {
  it('accepts hrefs on the server origin', () => {
    expect(assertOnOrigin('https://s:8443/api/doors/1', 'https://s:8443').pathname).toBe('/api/doors/1');
  });

  it.each(['https://other:8443/api', 'http://s:8443/api', 'https://s:9999/api'])('refuses %s', (href) => {
    expect(() => assertOnOrigin(href, 'https://s:8443')).toThrow(/off the server's origin/);
  });

  it('refuses something that is not a URL', () => {
    expect(() => assertOnOrigin('/api/doors', 'https://s:8443')).toThrow(/not a URL/);
  });
});
