import { z } from 'zod';

/**
 * Building blocks for response schemas written from the vendor's reference: strict where the vendor
 * is definite (a field's type, an enum, a field it says is always there), lenient where it is not
 * (any object may carry fields the reference does not list, as newer servers add them).
 */
export const vendor = {
  /** An object the reference describes: listed fields are checked, others allowed. */
  object: <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape),
  /** `format: uri-reference`; the server hands out absolute URLs (cc_rest.yaml: "Do not code URLs"). */
  href: () => z.url({ protocol: /^https$/ }),
  /** `{ href }` blocks: links to follow. */
  link: () => z.looseObject({ href: z.url({ protocol: /^https$/ }) }),
  /** ISO 8601 `format: date-time`. */
  dateTime: () => z.iso.datetime({ offset: true }),
  /** IDs are alphanumeric strings, never numbers (rest_training.adoc: "Do not treat IDs as integers"). */
  id: () => z.string().min(1),
};

/** A search page (cc_rest.yaml: every *Search schema): `results` and, when there are more, `next.href`. */
export function searchPage<T extends z.ZodType>(result: T) {
  return vendor.object({ results: z.array(result), next: vendor.link().optional() });
}

/** Fails with every place the value differs from the schema, named by its path, and the value itself. */
export function expectConforms(schema: z.ZodType, value: unknown, where: string): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  const answer = JSON.stringify(value, null, 1)?.slice(0, 1500);
  throw new Error(`${where} differs from the vendor's reference:\n${z.prettifyError(result.error)}\nanswer: ${answer}`);
}
