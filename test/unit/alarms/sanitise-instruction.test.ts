import { beforeAll, describe, expect, it } from 'vitest';
import { sanitiseInstruction } from '../../../electron/core/alarms/sanitise-instruction';

describe("an alarm's instruction page, sanitised in main", () => {
  // Loading jsdom the first time takes seconds on a busy 2-core machine.
  beforeAll(() => void sanitiseInstruction(''), 60_000);

  it('keeps text and its formatting', () => {
    const html = sanitiseInstruction('<h2>Forced door</h2><p>Call the <b>duty</b> guard:</p><ol><li>Check the camera</li></ol><table><tr><td colspan="2">Ext 401</td></tr></table>');
    expect(html).toBe('<h2>Forced door</h2><p>Call the <b>duty</b> guard:</p><ol><li>Check the camera</li></ol><table><tbody><tr><td colspan="2">Ext 401</td></tr></tbody></table>');
  });

  it('takes out scripts, event attributes, remote loads, forms and styles, keeping the words of links', () => {
    const html = sanitiseInstruction(
      '<html><head><style>body{background:url(https://evil.test/x)}</style><script>alert(1)</script></head><body>' +
        '<p onclick="steal()" style="background:url(https://evil.test/y)" class="desk-button">Read <a href="javascript:x()">this</a></p>' +
        '<img src="https://evil.test/track.png"><iframe src="https://evil.test"></iframe><form action="https://evil.test"><input name="pin"><button>Send</button></form>' +
        '<link rel="stylesheet" href="https://evil.test/s.css"><svg><image href="https://evil.test/i"/></svg></body></html>',
    );
    expect(html).toBe('<p>Read this</p>');
  });
});
