import { beforeAll, describe, expect, it } from 'vitest';
import { checkPlanImage } from '../../../electron/core/plans/plan-image';
import { MAX_PLAN_BYTES } from '../../../shared/contract/plans';
import { cleanSvg, makeJpegHeader, makePng, loadSanitiserOnce, SANITISER_LOAD_MS } from './plan-fixtures';

describe('a plan file is checked by its bytes, not its name', () => {
  beforeAll(loadSanitiserOnce, SANITISER_LOAD_MS);

  it('takes a PNG, reading its size from IHDR', () => {
    const png = makePng(320, 200);
    expect(checkPlanImage('level-1.png', png)).toMatchObject({ mediaType: 'image/png', width: 320, height: 200, removed: [] });
  });

  it('takes a PNG renamed .svg as the PNG it is', () => {
    expect(checkPlanImage('level-1.svg', makePng(40, 30))).toMatchObject({ mediaType: 'image/png', width: 40, height: 30 });
  });

  it('refuses a truncated PNG, and one whose data was altered, saying it is damaged', () => {
    const png = makePng(64, 64);
    expect(() => checkPlanImage('cut.png', png.subarray(0, png.length - 40))).toThrow(/"cut.png" was not imported: the PNG ends early or is damaged/);
    const altered = Buffer.from(png);
    altered[60] = altered[60]! ^ 0xff;
    expect(() => checkPlanImage('altered.png', altered)).toThrow(/the PNG is damaged \(its IDAT chunk fails its checksum\)/);
  });

  it('takes a JPEG, reading its size from the frame header', () => {
    expect(checkPlanImage('photo.jpg', makeJpegHeader(1024, 768))).toMatchObject({ mediaType: 'image/jpeg', width: 1024, height: 768 });
  });

  it('refuses a JPEG without a frame header', () => {
    expect(() => checkPlanImage('broken.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xd9, 0, 0]))).toThrow(/the JPEG has no frame header/);
  });

  it('takes an SVG, sized by its viewBox', () => {
    const svg = checkPlanImage('level-2.svg', Buffer.from(cleanSvg(1600, 1000)));
    expect(svg).toMatchObject({ mediaType: 'image/svg+xml', width: 1600, height: 1000, removed: [] });
  });

  it('refuses a PDF, saying what to export instead', () => {
    expect(() => checkPlanImage('plans.png', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toThrow(/it is a PDF, which the desk cannot show: export the floor's page from it as SVG or PNG/);
  });

  it('refuses an empty file, text that is not an SVG, and a GIF', () => {
    expect(() => checkPlanImage('empty.svg', new Uint8Array())).toThrow(/the file is empty/);
    expect(() => checkPlanImage('notes.svg', Buffer.from('<html><body>hello</body></html>'))).toThrow(/it is not an SVG, PNG or JPEG image/);
    expect(() => checkPlanImage('anim.gif', Buffer.from('GIF89a\x01\x00\x01\x00'))).toThrow(/it is not an SVG, PNG or JPEG image/);
  });

  it('refuses a file over the limit, saying its size and the limit in words', () => {
    const big = Buffer.alloc(MAX_PLAN_BYTES + 1);
    makePng(10, 10).copy(big);
    expect(() => checkPlanImage('huge.png', big)).toThrow(/it is 10.0 MB, and a plan may be at most 10 MB/);
  });
});
