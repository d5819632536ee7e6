import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Uploaded SVG images (branding logos) are documents that could carry scripts, event handlers,
 * embedded HTML or requests to other hosts. They are rebuilt here through DOMPurify's SVG profile:
 * no script, no `on*` attribute, no foreignObject or style sheet, and every reference (href,
 * `url(...)`) must point inside the image itself (`#id`) or be an embedded raster picture.
 */

const SVG_START = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)\s*)*<svg[\s>]/i;

/** True when the bytes are text that opens with an `<svg>` element (after an XML prologue or comments). */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  return SVG_START.test(head);
}

const INTERNAL_REFERENCE = /^\s*#/;
const EMBEDDED_RASTER = /^\s*data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
const EXTERNAL_URL = /url\(\s*(?!['"]?\s*#)/i;
const REFERENCE_ATTRIBUTES = ['href', 'xlink:href', 'src'];

let purifier: DOMPurify | undefined;
let window: JSDOM['window'] | undefined;

function svgPurifier(): { purify: DOMPurify; window: JSDOM['window'] } {
  if (!purifier || !window) {
    window = new JSDOM('').window;
    purifier = createDOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      for (const attribute of [...node.attributes]) {
        const value = attribute.value;
        const isReference = REFERENCE_ATTRIBUTES.includes(attribute.name.toLowerCase());
        const allowedReference = INTERNAL_REFERENCE.test(value) || EMBEDDED_RASTER.test(value);
        // fill="url(https://...)", style="background:url(...)", filter, mask, clip-path...
        if ((isReference && !allowedReference) || EXTERNAL_URL.test(value)) node.removeAttribute(attribute.name);
      }
    });
  }
  return { purify: purifier, window };
}

/** The sanitised SVG document as UTF-8 bytes; null when the text holds no `<svg>` root. */
export function sanitizeSvg(bytes: Uint8Array): Uint8Array | null {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  const { purify, window } = svgPurifier();
  // Parsed as HTML (as DOMPurify does): a DOCTYPE's entities are never expanded.
  const body = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'style', 'script', 'a'],
    RETURN_DOM: true,
  }) as HTMLElement; // RETURN_DOM answers the <body> holding the result
  const root = body.firstElementChild;
  if (!root || root.localName !== 'svg' || body.children.length !== 1) return null;
  const xml = new window.XMLSerializer().serializeToString(root);
  return new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`);
}
