import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  ratingGroupSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/*
 * Chakra's default tokens with only the recipes we use, instead of `defaultConfig` (which brings
 * every component's recipe into the entry chunk: ~20 KB gzip more on the login page; see Chakra's
 * "Bundle optimization" guide). A Chakra component whose recipe is missing here renders unstyled:
 * when you start using one (Dialog, Menu, Table, Select, Checkbox, Switch, Tooltip...), add its
 * recipe below (`dialogSlotRecipe`, `menuSlotRecipe`, ... from '@chakra-ui/react/theme').
 */
/**
 * `brand` is the site's accent palette: every component says `colorPalette="brand"` or `brand.fg`,
 * never a hue. It points at blue here; the admin's active theme (siteTheme.ts) re-points its
 * shades at another palette by overriding the `--chakra-colors-brand-*` variables, and switches
 * light/dark, which Chakra's semantic tokens (bg, fg, border, brand.*, canvas) follow.
 */
const SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'] as const;
const brandShades = Object.fromEntries(SHADES.map((shade) => [shade, { value: `{colors.blue.${shade}}` }]));
const lightDark = (light: string, dark: string) => ({ value: { _light: `{colors.${light}}`, _dark: `{colors.${dark}}` } });
const brandSemantic = {
  contrast: { value: { _light: 'white', _dark: 'white' } },
  fg: lightDark('brand.700', 'brand.300'),
  subtle: lightDark('brand.100', 'brand.900'),
  muted: lightDark('brand.200', 'brand.800'),
  emphasized: lightDark('brand.300', 'brand.700'),
  solid: lightDark('brand.600', 'brand.600'),
  focusRing: lightDark('brand.500', 'brand.500'),
  border: lightDark('brand.500', 'brand.400'),
};
/**
 * Solid buttons and badges of these palettes carry white text; Chakra fills them with the 600 shade,
 * which is below WCAG AA's 4.5:1 against white for these hues (green 3.3, orange 3.6, teal 3.7,
 * cyan 3.7, pink 4.1): they take the 700 shade. The others' 600 passes (blue 5.2, red 4.8, purple 5.4).
 * An admin theme whose accent is one of them gets it too (siteTheme.ts points `brand.solid` at it).
 */
const DARKER_SOLID_PALETTES = ['green', 'orange', 'teal', 'cyan', 'pink'] as const;
const paletteSemantics = semanticTokens.colors as Record<string, Record<string, unknown>>;
const accessibleSolids = Object.fromEntries(
  DARKER_SOLID_PALETTES.map((palette) => [
    palette,
    { ...paletteSemantics[palette], solid: { value: `{colors.${palette}.700}` }, contrast: { value: 'white' } },
  ]),
);
/**
 * Error texts (form and field errors, `fg.error`): Chakra's light shade, red.500, is 3.8:1 against
 * white, below WCAG AA's 4.5:1 for text of that size. red.700 is the shade Chakra's own error alerts
 * write in (`red.fg`), 8.4:1 against white and above 7:1 on the canvas.
 */
const fg = { ...(paletteSemantics.fg as Record<string, unknown>), error: lightDark('red.700', 'red.400') };
/**
 * A solid button under the pointer (or with its menu open): Chakra lets 10% of what is behind show
 * through (`colorPalette.solid/90`), which on a white dialog lightens the fill below AA for white
 * text (blue 5.2 -> 4.3:1, red 4.8 -> 4.0:1). It darkens by as much instead (blue 6.1:1), which
 * white text only gains from; gray's dark text on its white fill in dark mode keeps about 14:1.
 */
const solidButtonActive = { bg: 'color-mix(in srgb, {colors.colorPalette.solid} 90%, black)' };
const solidButton = buttonRecipe.variants!.variant!.solid!;
const button = {
  ...buttonRecipe,
  variants: {
    ...buttonRecipe.variants,
    variant: {
      ...buttonRecipe.variants!.variant,
      solid: { ...solidButton, _hover: solidButtonActive, _expanded: solidButtonActive },
    },
  },
};
/** The page background behind the panels: a brand tint in light mode, near black in dark. */
const canvas = { DEFAULT: lightDark('brand.50', 'gray.950'), end: lightDark('brand.100', 'black') };

const font = "Inter, 'Segoe UI', Roboto, system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif";

const config = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    'html, body, #root': { minHeight: '100%' },
    body: { ...(globalCss.body as object), bg: 'canvas', color: 'fg' },
    // A member whose system asks for reduced motion (motion can make people with vestibular
    // disorders ill) gets none: animations and transitions end at once, at 0.01 ms rather than
    // none so that what waits for their end (a dialog's exit) still hears it, and play once, so a
    // spinner stands still instead of spinning at that speed.
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      ...tokens,
      fonts: { ...tokens.fonts, heading: { value: font }, body: { value: font } },
      colors: { ...tokens.colors, brand: brandShades },
    },
    semanticTokens: {
      ...semanticTokens,
      colors: { ...semanticTokens.colors, ...accessibleSolids, brand: brandSemantic, canvas, fg },
    },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      ratingGroup: ratingGroupSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

export const system = createSystem(defaultBaseConfig, config);
