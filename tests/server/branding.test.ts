import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAdmin, registerAndLogin } from '../support/members';
import { imageFile } from './mediaFixtures';

/** Branding (issue 15 point 2): the logo, favicon and bottom logo rows of spec section 7. */
let app: TestApp;
let admin: { token: string; id: number };
let member: { token: string };

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });
const en = { 'accept-language': 'en' };

async function upload(path: string, file: File | null, token: string | null = admin.token) {
  const form = new FormData();
  if (file) form.append('file', file);
  return json(await app.request('POST', path, { body: form, token: token ?? undefined, headers: en }));
}

const svgFile = (text: string, name = 'logo.svg') => new File([text], name, { type: 'image/svg+xml' });
/** A one-image ICO header (ICONDIR + one ICONDIRENTRY) followed by a tiny PNG-less payload. */
const icoFile = () =>
  new File([new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 4, 0, 0, 0, 22, 0, 0, 0, 0, 0, 0, 0])], 'favicon.ico', {
    type: 'image/x-icon',
  });

const ROWS = [
  { upload: '/upload-logo', remove: '/logo', current: '/current-logo', field: 'logo_url' },
  { upload: '/upload-favicon', remove: '/favicon', current: '/current-favicon', field: 'favicon_url' },
  { upload: '/upload-bottom-logo', remove: '/delete-bottom-logo', current: '/current-bottom-logo', field: 'bottom_logo_url' },
];

beforeAll(async () => {
  app = await createTestApp();
  admin = await registerAdmin(app);
  member = { token: (await registerAndLogin(app)).token };
});
afterAll(() => app?.dispose());

describe('GET /current-logo, /current-favicon, /current-bottom-logo', () => {
  it('need no token and answer null before any upload', async () => {
    for (const row of ROWS) {
      expect(await json(await app.request('GET', row.current))).toEqual({ status: 200, body: { [row.field]: null } });
    }
  });
});

describe('upload, serve, replace and delete', () => {
  it.each(ROWS)('$upload stores a PNG, $current answers it, $remove goes back to the default', async (row) => {
    const uploaded = await upload(row.upload, await imageFile('brand.png', { width: 64, height: 32 }));
    expect(uploaded).toEqual({
      status: 200,
      body: { success: true, [row.field]: expect.stringMatching(/^\/branding\/[0-9a-f-]{36}\.png$/) },
    });
    const url = uploaded.body[row.field];
    expect((await json(await app.request('GET', row.current))).body).toEqual({ [row.field]: url });
    const served = await app.request('GET', url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const name = url.split('/').pop();
    // In the media library, with its uploader.
    expect(await app.db.prisma.mediaFile.findUnique({ where: { filename: name } })).toMatchObject({
      kind: 'branding',
      originalName: 'brand.png',
      uploaderId: admin.id,
    });

    // A new upload replaces the file: the old one leaves storage and the library.
    const second = await upload(row.upload, await imageFile('brand2.png', { width: 32, height: 32, color: '#ff0000' }));
    expect(second.status).toBe(200);
    expect((await app.request('GET', url)).status).toBe(404);
    expect(await app.db.prisma.mediaFile.findUnique({ where: { filename: name } })).toBeNull();

    const removed = await json(await app.request('DELETE', row.remove, { token: admin.token }));
    expect(removed).toEqual({ status: 200, body: { success: true, [row.field]: null } });
    expect((await json(await app.request('GET', row.current))).body).toEqual({ [row.field]: null });
    expect((await app.request('GET', second.body[row.field])).status).toBe(404);
    expect(await app.db.prisma.mediaFile.count({ where: { kind: 'branding' } })).toBe(0);
    // Deleting again is no error.
    expect((await app.request('DELETE', row.remove, { token: admin.token })).status).toBe(200);
    const actions = await app.db.prisma.auditEntry.findMany({
      where: { targetType: 'branding', actorId: admin.id },
      select: { action: true },
    });
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['branding.upload', 'branding.delete']));
  });

  it('takes a favicon in ICO and GIF, a logo in JPEG and WebP (by content)', async () => {
    const ico = await upload('/upload-favicon', icoFile());
    expect(ico.body.favicon_url).toMatch(/\.ico$/);
    expect((await app.request('GET', ico.body.favicon_url)).headers.get('content-type')).toBe('image/x-icon');
    const gif = new File([new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;')], 'f.gif');
    expect((await upload('/upload-favicon', gif)).body.favicon_url).toMatch(/\.gif$/);
    const jpeg = await imageFile('logo.jpg', { width: 40, height: 20, format: 'jpeg' });
    expect((await upload('/upload-logo', jpeg)).body.logo_url).toMatch(/\.jpg$/);
    const webp = new File([new TextEncoder().encode('RIFF\x1a\x00\x00\x00WEBPVP8 ')], 'logo.webp');
    expect((await upload('/upload-bottom-logo', webp)).body.bottom_logo_url).toMatch(/\.webp$/);
    for (const row of ROWS) await app.request('DELETE', row.remove, { token: admin.token });
  });
});

describe('refusals', () => {
  it('refuses types outside each list, judged by content, with the spec’s texts', async () => {
    const logoType = { detail: 'Only these formats are supported: PNG, JPEG, SVG, WebP' };
    const faviconType = { detail: 'Only these formats are supported: ICO, PNG, JPEG, GIF' };
    // A text file named .png with an image type is not an image.
    const fake = new File(['just text'], 'logo.png', { type: 'image/png' });
    expect(await upload('/upload-logo', fake)).toEqual({ status: 415, body: logoType });
    expect(await upload('/upload-bottom-logo', fake)).toEqual({ status: 415, body: logoType });
    expect(await upload('/upload-favicon', fake)).toEqual({ status: 415, body: faviconType });
    // GIF is a favicon type only; ICO and SVG are not logo/favicon types the other way round.
    const gif = new File([new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;')], 'logo.gif');
    expect(await upload('/upload-logo', gif)).toEqual({ status: 415, body: logoType });
    expect(await upload('/upload-logo', icoFile())).toEqual({ status: 415, body: logoType });
    expect(await upload('/upload-favicon', svgFile('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      status: 415,
      body: faviconType,
    });
    // An SVG by name only.
    expect(await upload('/upload-logo', svgFile('<html><body>hi</body></html>'))).toEqual({ status: 415, body: logoType });
    expect(await app.db.prisma.brandingAsset.count()).toBe(0);
  });

  it('refuses a file over 15 MB (413) and no file (422), in the caller’s language', async () => {
    const big = new Uint8Array(15_728_641);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await upload('/upload-logo', new File([big], 'big.png', { type: 'image/png' }))).toEqual({
      status: 413,
      body: { detail: 'The file must not exceed 15 MB' },
    });
    const ru = new FormData();
    ru.append('file', new File([big], 'big.png'));
    expect(await json(await app.request('POST', '/upload-favicon', { body: ru, token: admin.token }))).toEqual({
      status: 413,
      body: { detail: 'Размер файла не должен превышать 15 МБ' },
    });
    expect((await upload('/upload-logo', null)).body.detail).toBe('Choose a logo file first');
    expect((await upload('/upload-bottom-logo', null)).status).toBe(422);
    expect(await upload('/upload-favicon', null)).toMatchObject({ status: 422, body: { detail: 'Choose a favicon file first' } });
  });

  it('answers 401 without a token and 403 to members, for every upload and delete', async () => {
    const png = await imageFile('brand.png', { width: 8, height: 8 });
    for (const row of ROWS) {
      expect((await upload(row.upload, png, null)).status).toBe(401);
      expect((await upload(row.upload, png, member.token)).status).toBe(403);
      expect((await app.request('DELETE', row.remove)).status).toBe(401);
      expect((await app.request('DELETE', row.remove, { token: member.token })).status).toBe(403);
    }
    expect(await app.db.prisma.brandingAsset.count()).toBe(0);
  });
});

describe('SVG', () => {
  const hostile = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 50" onload="alert(1)">
  <script>alert(2)</script>
  <style>@import url(https://evil.example/a.css);</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#00f"/></linearGradient></defs>
  <rect width="200" height="50" fill="url(#g)" onclick="alert(3)"/>
  <rect width="10" height="10" fill="url(https://evil.example/p.svg#x)" style="fill: url(https://evil.example/s)"/>
  <image href="https://evil.example/track.png" width="10" height="10"/>
  <use xlink:href="https://evil.example/sprite.svg#icon"/>
  <a href="javascript:alert(4)"><text x="10" y="30">LinkUp</text></a>
  <foreignObject><iframe src="https://evil.example"></iframe></foreignObject>
  <text x="1" y="1">&x;</text>
</svg>`;

  it('keeps the drawing and removes scripts, handlers, foreignObject, style sheets and external references', async () => {
    const uploaded = await upload('/upload-logo', svgFile(hostile));
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.logo_url).toMatch(/\.svg$/);
    const served = await app.request('GET', uploaded.body.logo_url);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await served.text();
    expect(svg).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('viewBox="0 0 200 50"');
    expect(svg).toContain('fill="url(#g)"');
    expect(svg).toContain('LinkUp');
    for (const gone of [
      '<script',
      'alert',
      'onload',
      'onclick',
      '<style',
      '@import',
      'foreignObject',
      'iframe',
      'evil.example',
      'javascript:',
      'ENTITY',
      'passwd',
    ]) {
      expect(svg).not.toContain(gone);
    }
    const stored = await app.db.prisma.brandingAsset.findUnique({ where: { kind: 'logo' } });
    expect(stored).toMatchObject({ mimeType: 'image/svg+xml', size: Buffer.byteLength(svg) });
    await app.request('DELETE', '/logo', { token: admin.token });
  });
});

describe('GraphQL', () => {
  it('branding answers every visitor the current images', async () => {
    const uploaded = await upload('/upload-bottom-logo', await imageFile('b.png', { width: 8, height: 8 }));
    const result = await app.graphql('{ branding { logoUrl faviconUrl bottomLogoUrl } }');
    expect(result.data.branding).toEqual({ logoUrl: null, faviconUrl: null, bottomLogoUrl: uploaded.body.bottom_logo_url });
  });
});
