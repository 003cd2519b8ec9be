// Controls -> action rows: link buttons, action buttons (custom_id = control id), string selects.
import {
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIComponentInMessageActionRow,
  type APIStringSelectComponent,
  ButtonStyle,
  ComponentType,
} from 'discord.js';
import { type Control, truncate } from '../core/platform/message.ts';

/** Discord: ≤ 5 action rows of ≤ 5 buttons; a select fills a row; ≤ 25 options; custom_id ≤ 100. */
const MAX_ROWS = 5;
const BUTTONS_PER_ROW = 5;
const MAX_OPTIONS = 25;
const MAX_CUSTOM_ID = 100;
const MAX_LABEL = 80;
const MAX_URL = 512;

export type ActionRow = APIActionRowComponent<APIComponentInMessageActionRow>;

const STYLES = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  danger: ButtonStyle.Danger,
} as const;

const isWebUrl = (s: string): boolean => /^https?:\/\/\S+$/i.test(s) && s.length <= MAX_URL;
/** A cut id would act on the wrong thing: an id too long is dropped, never truncated. */
const isUsableId = (id: string): boolean => id.length > 0 && id.length <= MAX_CUSTOM_ID;
const label = (s: string): string => truncate(s.trim() || '•', MAX_LABEL);

function select(c: Extract<Control, { kind: 'select' }>): APIStringSelectComponent | null {
  const options = c.options
    .filter((o) => o.value.length > 0 && o.value.length <= 100)
    .slice(0, MAX_OPTIONS)
    .map((o) => ({
      label: truncate(o.label || o.value, 100),
      value: o.value,
      ...(o.description ? { description: truncate(o.description, 100) } : {}),
    }));
  if (options.length === 0) return null;
  return {
    type: ComponentType.StringSelect,
    custom_id: c.id,
    placeholder: truncate(c.placeholder, 150),
    options,
    min_values: 1,
    max_values: 1,
  };
}

function button(c: Exclude<Control, { kind: 'select' }>): APIButtonComponent | null {
  if (c.kind === 'link') {
    return isWebUrl(c.url)
      ? { type: ComponentType.Button, style: ButtonStyle.Link, label: label(c.label), url: c.url }
      : null;
  }
  return { type: ComponentType.Button, style: STYLES[c.style ?? 'primary'], label: label(c.label), custom_id: c.id };
}

/** Rows in control order; buttons share rows, a select takes one; what does not fit is left out. */
export function renderControls(controls: readonly Control[]): ActionRow[] {
  const rows: APIComponentInMessageActionRow[][] = [];
  let buttons: APIComponentInMessageActionRow[] = [];
  const seen = new Set<string>();
  const flush = () => {
    if (buttons.length) rows.push(buttons);
    buttons = [];
  };
  for (const c of controls) {
    // Discord refuses a message whose custom_ids repeat.
    if (c.kind !== 'link' && (!isUsableId(c.id) || seen.has(c.id))) continue;
    if (c.kind !== 'link') seen.add(c.id);
    if (c.kind === 'select') {
      const menu = select(c);
      if (!menu) continue;
      flush();
      rows.push([menu]);
      continue;
    }
    const b = button(c);
    if (!b) continue;
    buttons.push(b);
    if (buttons.length === BUTTONS_PER_ROW) flush();
  }
  flush();
  return rows.slice(0, MAX_ROWS).map((components) => ({ type: ComponentType.ActionRow, components }));
}
