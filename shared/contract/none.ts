import { z } from 'zod';

/** The params of a call that takes none: an empty object, and nothing else. */
export const none = z.object({}).strict();
