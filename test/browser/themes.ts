/**
 * Themes as a VS Code webview host presents them to a page: `--vscode-*` colour and font variables
 * on the `<html>` element, and `vscode-light` / `vscode-dark` / `vscode-high-contrast` on the body
 * with `data-vscode-theme-kind`. The palettes are in the style of VS Code's default light, dark and
 * high-contrast themes and hold every variable the page's stylesheet and its @vscode-elements use.
 */
export type ThemeKind = 'vscode-light' | 'vscode-dark' | 'vscode-high-contrast';

export interface Theme {
  readonly kind: ThemeKind;
  readonly variables: Readonly<Record<string, string>>;
}

const fonts = {
  'font-family': 'system-ui, "Ubuntu", "Droid Sans", sans-serif',
  'font-size': '13px',
  'font-weight': 'normal',
  'editor-font-family': '"Droid Sans Mono", "DejaVu Sans Mono", monospace',
};

export const THEMES: Readonly<Record<ThemeKind, Theme>> = {
  'vscode-light': {
    kind: 'vscode-light',
    variables: {
      ...fonts,
      foreground: '#3b3b3b',
      'editor-background': '#ffffff',
      descriptionForeground: '#6a6a6a',
      errorForeground: '#a1260d',
      focusBorder: '#005fb8',
      'textBlockQuote-background': '#f2f2f2',
      'editorWarning-foreground': '#bf8803',
      'editorInfo-foreground': '#1a85ff',
      'inputValidation-errorBackground': '#f2dede',
      'inputValidation-errorBorder': '#be1100',
      'editorWidget-border': '#c8c8c8',
      'panel-border': '#e5e5e5',
      'list-hoverBackground': '#f2f2f2',
      'button-background': '#005fb8',
      'button-foreground': '#ffffff',
      'button-hoverBackground': '#0258a8',
      'button-border': '#0000001a',
      'button-secondaryBackground': '#e5e5e5',
      'button-secondaryForeground': '#3b3b3b',
      'button-secondaryHoverBackground': '#cccccc',
      'input-placeholderForeground': '#767676',
      'settings-textInputBackground': '#ffffff',
      'settings-textInputForeground': '#3b3b3b',
      'badge-background': '#cccccc',
      'badge-foreground': '#3b3b3b',
      'activityBarBadge-background': '#005fb8',
      'activityBarBadge-foreground': '#ffffff',
      'icon-foreground': '#3b3b3b',
      'inputOption-activeBorder': '#005fb8',
      'inputOption-activeForeground': '#000000',
      'toolbar-hoverOutline': 'transparent',
      'progressBar-background': '#005fb8',
    },
  },
  'vscode-dark': {
    kind: 'vscode-dark',
    variables: {
      ...fonts,
      foreground: '#cccccc',
      'editor-background': '#1f1f1f',
      descriptionForeground: '#9d9d9d',
      errorForeground: '#f48771',
      focusBorder: '#0078d4',
      'textBlockQuote-background': '#2b2b2b',
      'editorWarning-foreground': '#cca700',
      'editorInfo-foreground': '#3794ff',
      'inputValidation-errorBackground': '#5a1d1d',
      'inputValidation-errorBorder': '#be1100',
      'editorWidget-border': '#454545',
      'panel-border': '#2b2b2b',
      'list-hoverBackground': '#2a2d2e',
      'button-background': '#0078d4',
      'button-foreground': '#ffffff',
      'button-hoverBackground': '#026ec1',
      'button-border': '#ffffff12',
      'button-secondaryBackground': '#313131',
      'button-secondaryForeground': '#cccccc',
      'button-secondaryHoverBackground': '#3c3c3c',
      'input-placeholderForeground': '#989898',
      'settings-textInputBackground': '#313131',
      'settings-textInputForeground': '#cccccc',
      'badge-background': '#616161',
      'badge-foreground': '#f8f8f8',
      'activityBarBadge-background': '#0078d4',
      'activityBarBadge-foreground': '#ffffff',
      'icon-foreground': '#cccccc',
      'inputOption-activeBorder': '#2488db',
      'inputOption-activeForeground': '#ffffff',
      'toolbar-hoverOutline': 'transparent',
      'progressBar-background': '#0078d4',
    },
  },
  'vscode-high-contrast': {
    kind: 'vscode-high-contrast',
    variables: {
      ...fonts,
      foreground: '#ffffff',
      'editor-background': '#000000',
      descriptionForeground: '#ffffffb3',
      errorForeground: '#f48771',
      focusBorder: '#f38518',
      contrastBorder: '#6fc3df',
      'textBlockQuote-background': '#000000',
      'editorWarning-foreground': '#ffd370',
      'editorInfo-foreground': '#3794ff',
      'inputValidation-errorBackground': '#000000',
      'inputValidation-errorBorder': '#be1100',
      'editorWidget-border': '#6fc3df',
      'panel-border': '#6fc3df',
      'list-hoverBackground': 'transparent',
      'list-hoverForeground': '#ffffff',
      'button-background': '#000000',
      'button-foreground': '#ffffff',
      'button-hoverBackground': '#000000',
      'button-border': '#6fc3df',
      'button-secondaryBackground': '#000000',
      'button-secondaryForeground': '#ffffff',
      'button-secondaryHoverBackground': '#000000',
      'input-placeholderForeground': '#ffffffb3',
      'settings-textInputBackground': '#000000',
      'settings-textInputForeground': '#ffffff',
      'badge-background': '#000000',
      'badge-foreground': '#ffffff',
      'activityBarBadge-background': '#000000',
      'activityBarBadge-foreground': '#ffffff',
      'icon-foreground': '#ffffff',
      'inputOption-activeBorder': '#6fc3df',
      'inputOption-activeForeground': '#ffffff',
      'toolbar-hoverOutline': '#f38518',
      'progressBar-background': '#6fc3df',
    },
  },
};

/**
 * Puts a theme on the document as the webview host does (run in the page: self-contained).
 */
export function applyThemeInPage(theme: Theme): void {
  const apply = (): void => {
    const root = document.documentElement;
    for (let i = root.style.length - 1; i >= 0; i--) {
      const name = root.style.item(i);
      if (name.startsWith('--vscode-')) root.style.removeProperty(name);
    }
    for (const [name, value] of Object.entries(theme.variables)) root.style.setProperty(`--vscode-${name}`, value);
    document.body.classList.remove('vscode-light', 'vscode-dark', 'vscode-high-contrast');
    document.body.classList.add(theme.kind);
    document.body.setAttribute('data-vscode-theme-kind', theme.kind);
  };
  // An init script runs before the document has elements: then the theme comes with the body.
  if (document.body) apply();
  else document.addEventListener('DOMContentLoaded', apply, { once: true });
}

export interface TextContrast {
  /** Where the text is: tag, id or class, and the start of the text. */
  readonly where: string;
  readonly color: string;
  readonly background: string;
  /** WCAG contrast ratio, 1–21. */
  readonly ratio: number;
}

/**
 * Every visible piece of text under `selector` (shadow roots of custom elements included) with
 * its colour, the background it is drawn on (translucent layers composited up to the page) and
 * their contrast ratio. Run in the page: self-contained.
 */
export function textContrastsInPage(selector: string): TextContrast[] {
  type Rgba = [number, number, number, number];
  const parse = (css: string): Rgba => {
    const m = /rgba?\(([^)]+)\)/.exec(css);
    if (!m) return [0, 0, 0, 0];
    const [r = 0, g = 0, b = 0, a = 1] = m[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [r, g, b, a];
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const a = top[3] + bottom[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    const mix = (i: 0 | 1 | 2): number => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a;
    return [mix(0), mix(1), mix(2), a];
  };
  const luminance = ([r, g, b]: Rgba): number => {
    const channel = (v: number): number => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  // The flat tree, as the text is drawn: a slotted node's parent is its slot; a shadow root's, its host.
  const parentOf = (el: Element): Element | null =>
    el.assignedSlot ?? el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);
  const backgroundOf = (el: Element): Rgba => {
    const layers: Rgba[] = [];
    for (let at: Element | null = el; at; at = parentOf(at)) layers.push(parse(getComputedStyle(at).backgroundColor));
    // Under everything, the canvas: white, as a browser draws a page without a background.
    return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };
  const ownText = (el: Element): Text | undefined =>
    Array.from(el.childNodes).find(
      (n): n is Text => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
    );
  const visible = (el: Element): boolean => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return style.visibility === 'visible' && style.display !== 'none' && box.width > 1 && box.height > 1;
  };
  const out: TextContrast[] = [];
  const visit = (root: ParentNode): void => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el.shadowRoot) visit(el.shadowRoot);
      const text = ownText(el);
      if (!text || !visible(el)) continue;
      // Text slotted into a custom element takes its colour from the slot.
      const drawnIn = text.assignedSlot ?? el;
      const background = backgroundOf(drawnIn);
      const color = over(parse(getComputedStyle(drawnIn).color), background);
      const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a);
      const name = el.id
        ? `#${el.id}`
        : el.classList.length > 0
          ? `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`
          : el.tagName.toLowerCase();
      out.push({
        where: `${name} "${(el.textContent ?? '').trim().slice(0, 30)}"`,
        color: getComputedStyle(drawnIn).color,
        background: `rgb(${background.slice(0, 3).map(Math.round).join(', ')})`,
        ratio: (light + 0.05) / (dark + 0.05),
      });
    }
  };
  for (const root of Array.from(document.querySelectorAll(selector))) visit(root);
  return out;
}
