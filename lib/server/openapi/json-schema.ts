import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a client
 * sends (`input`: before the handlers' transforms) or what it receives
 * (`output`). A text field's rules come through its metadata (rules.ts): its
 * `x-required` becomes its object's `required` list, since every text field is
 * optional at the key level for the rules to say "required" themselves.
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete converted.$schema;
  return liftRequired(converted);
}

function liftRequired(node: unknown): JsonSchema {
  if (Array.isArray(node)) return node.map(liftRequired) as unknown as JsonSchema;
  if (!node || typeof node !== 'object') return node as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = liftRequired(value);
  const properties = out.properties as Record<string, JsonSchema> | undefined;
  if (properties) {
    const required = new Set((out.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(properties)) {
      if (property['x-required'] === true) required.add(name);
      delete property['x-required'];
    }
    if (required.size) out.required = [...required];
  }
  return out;
}
