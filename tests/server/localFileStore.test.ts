import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalFileStore, type FileStore } from '../../server/src/storage/fileStore';

const request = (name: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Request(`http://localhost/${name}`, { headers, method });

describe('the local file store', () => {
  let folder: string;
  let store: FileStore;

  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-file-store-'));
    store = createLocalFileStore(folder);
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  afterEach(() => vi.restoreAllMocks());

  // The e2e suite's server ended on this: a logo replaced while a page loaded the old one. A look-up
  // by path followed by a read by path failed inside the answer (ENOENT), which ended the process.
  it('answers a file removed while it is looked up either whole or not found, never with a broken body', async () => {
    const bytes = randomBytes(50_000);
    const name = await store.storeUpload(bytes, { extension: '.pdf' });
    const stat = fsPromises.stat;
    // The removal lands right after a look-up of the file by its path, should the store make one.
    vi.spyOn(fsPromises, 'stat').mockImplementation(async (...args: Parameters<typeof stat>) => {
      const found = await stat(...args);
      if (String(args[0]).endsWith(name)) await fsPromises.rm(args[0]);
      return found;
    });
    const response = await store.serve(request(name), name);
    if (response) expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    vi.restoreAllMocks();
    await store.remove([name]);
    expect(await store.serve(request(name), name)).toBeNull();
  });

  it('sends a file whole when it is removed after the answer started, and 404 once it is gone', async () => {
    const bytes = randomBytes(200_000);
    const name = await store.storeUpload(bytes, { extension: '.pdf' });
    const whole = await store.serve(request(name), name);
    const part = await store.serve(request(name, { range: 'bytes=1000-1999' }), name);
    await store.remove([name]);
    expect(fs.existsSync(path.join(folder, name))).toBe(false);

    expect(whole!.status).toBe(200);
    expect(Buffer.from(await whole!.arrayBuffer()).equals(bytes)).toBe(true);
    expect(part!.status).toBe(206);
    expect(Buffer.from(await part!.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    expect(await store.serve(request(name), name)).toBeNull();
  });

  it('answers HEAD, a revalidation and a range past the end without keeping the file open', async () => {
    const name = await store.storeUpload(randomBytes(100), { extension: '.pdf' });
    const head = await store.serve(request(name, {}, 'HEAD'), name);
    expect(head!.headers.get('content-length')).toBe('100');
    const etag = head!.headers.get('etag')!;
    expect((await store.serve(request(name, { 'if-none-match': etag }), name))!.status).toBe(304);
    expect((await store.serve(request(name, { range: 'bytes=500-' }), name))!.status).toBe(416);
    // Nothing of ours holds the file: its descriptors are all closed (Linux lists them under /proc).
    const held = fs.readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`) === path.join(folder, name);
      } catch {
        return false;
      }
    });
    expect(held).toEqual([]);
  });
});
