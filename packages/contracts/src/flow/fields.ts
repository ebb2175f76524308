import { z } from 'zod';

/** The shared request field builders (../requestFields.ts), and the one the flow definitions add. */
export * from '../requestFields.js';

/** A staff id inside a flow definition: the engine keeps ids as decimal strings. */
export const staffRef = z.string('必须是文字').regex(/^[1-9]\d{0,18}$/, '必须是员工ID');
