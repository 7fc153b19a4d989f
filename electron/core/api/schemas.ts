import { z } from 'zod';

/** `{href}` link objects, the currency of the hypermedia interface. */
export const Link = z.object({ href: z.string() });
export type Link = z.infer<typeof Link>;

/** `{name, href}`: how access zones list their doors and doors name their entry/exit zones. */
export const NamedLink = Link.extend({ name: z.string().optional() });

/** Search answers: one page of results and, when another page exists, `next`. */
export function searchPage<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), next: Link.optional() });
}

/**
 * One entry of a `commands` map. Normally `{href}` (alarm zone commands also carry a name); a server may
 * instead offer a command it will not take now, without an href and with a `disabled` reason. Such an
 * entry is kept (the desk shows it with its reason) but has nothing to send to.
 */
export const CommandLink = z
  .object({
    href: z.string().optional(),
    name: z.string().optional(),
    disabled: z.union([z.string(), z.boolean()]).optional(),
  })
  .refine((c) => c.href !== undefined || (c.disabled !== undefined && c.disabled !== false), {
    message: 'a command needs an href, or a disabled reason saying why it has none',
  });
export type CommandLink = z.infer<typeof CommandLink>;

/** A `commands` map: command name → `{href}`, or a disabled command with its reason. */
export const CommandMap = z.record(z.string(), CommandLink);
export type CommandMap = z.infer<typeof CommandMap>;

/**
 * Fields most item types share. Only `href`, `id` and `name` are required: with `fields` the server
 * returns just what was asked (from 8.10), and the item APIs always ask for those three.
 */
export const ItemFields = z.object({
  href: z.string(),
  id: z.string(),
  name: z.string(),
  shortName: z.string().optional(),
  description: z.string().optional(),
  division: Link.extend({ id: z.string().optional() }).optional(),
  notes: z.string().optional(),
  commands: CommandMap.optional(),
  /** Added in 8.30. */
  connectedController: z.object({ name: z.string().optional(), href: z.string().optional(), id: z.string().optional() }).optional(),
  updates: Link.optional(),
  statusFlags: z.array(z.string()).optional(),
  statusText: z.string().optional(),
  status: z.string().optional(),
});
export type ItemFields = z.infer<typeof ItemFields>;

/**
 * An updates answer. A long-poll that timed out has no updates (absent or empty); every answer
 * carries a fresh `next`. From 8.70 a field changed to an empty value is included (e.g. statusText "").
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
