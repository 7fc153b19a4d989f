import { describe, expect, it } from 'vitest';
import { sanitiseInstruction } from '../../../electron/core/alarms/sanitise-instruction';

describe("an alarm's instruction page, sanitised in main", () => {
  it('keeps text and its formatting', () => {
    const html = sanitiseInstruction('<h2>Forced door</h2><p>Call the <b>duty</b> guard:</p><ol><li>Check the camera</li></ol><table><tr><td colspan="2">Ext 401</td></tr></table>');
    expect(html).toBe('<h2>Forced door</h2><p>Call the <b>duty</b> guard:</p><ol><li>Check the camera</li></ol><table><tr><td colspan="2">Ext 401</td></tr></table>');
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

  it('keeps no attribute but a cell’s span, and no content of what is not text', () => {
    expect(sanitiseInstruction('<td rowspan="2" onmouseover="x()" title="t">A</td><p data-x="1" id="p">B</p><select><option>PIN</option></select><noscript>C</noscript>')).toBe(
      '<td rowspan="2">A</td><p>B</p>',
    );
    expect(sanitiseInstruction('<p>Unclosed <b>bold<script>alert(1)</p>')).toBe('<p>Unclosed <b>bold</b></p>');
  });
});
