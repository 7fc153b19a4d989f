import { z } from 'zod';

/** `{href}` link objects, the currency of the hypermedia interface. */
export const Link = z.object({ href: z.string() });
export type Link = z.infer<typeof Link>;

/** Search answers: one page of results and, when another page exists, `next`. */
export function searchPage<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), next: Link.optional() });
}

/** A `commands` map: command name → `{href}` (alarm zone commands also carry a name). */
export const CommandMap = z.record(z.string(), Link.extend({ name: z.string().optional() }));

/** Fields every item type shares, as a search or detail answer gives them when asked via `fields`. */
export const ItemFields = z.object({
  href: z.string(),
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  division: Link.extend({ id: z.string().optional() }).optional(),
  commands: CommandMap.optional(),
  updates: Link.optional(),
  statusFlags: z.array(z.string()).optional(),
  statusText: z.string().optional(),
  status: z.string().optional(),
});
export type ItemFields = z.infer<typeof ItemFields>;

/**
 * An updates answer. A long-poll that timed out has no updates (absent or empty); every answer
 * carries a fresh `next`.
 */
export const UpdatesPage = z.object({
  updates: z
    .object({
      status: z.string().optional(),
      statusText: z.string().optional(),
      statusFlags: z.array(z.string()).optional(),
      zoneCount: z.number().int().optional(),
      voltage: z.number().optional(),
    })
    .optional(),
  next: Link,
});
export type UpdatesPage = z.infer<typeof UpdatesPage>;
