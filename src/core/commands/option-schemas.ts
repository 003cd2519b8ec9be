// Zod pieces for the option schemas of commands that share options (table.ts shares their specs the
// same way). The table has already canonicalised choices, so these enums see exact spellings.
import { z } from 'zod';
import { SUBTITLE_FONT_SIZES, SUBTITLE_POSITIONS, SUBTITLE_TEMPLATES } from '../media/enums.ts';

export const subtitleOptions = {
  template: z.enum(SUBTITLE_TEMPLATES).optional(),
  position: z.enum(SUBTITLE_POSITIONS).optional(),
  size: z.enum(SUBTITLE_FONT_SIZES).optional(),
};

/** A link the table accepted (scheme added, http or https); the API's request schema checks it again. */
export const link = z.string().min(1);

/** The request's subtitle styles: the options given, else the channel's default template. */
export const subtitleStyles = (
  v: { template?: string | undefined; position?: string | undefined; size?: string | undefined },
  defaultTemplate?: string,
) => ({ template: v.template ?? defaultTemplate, position: v.position, fontSize: v.size });
