import fc from 'fast-check';

// Values generated from a JSON Schema of the API's document (issue 22): what
// the schema says is the right shape (enums, lengths, ranges, required
// fields), so that the fuzz reaches past the first check before it breaks it.

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  pattern?: string;
};

export type Components = { schemas?: Record<string, Schema> };

/** An arbitrary of values that have the schema's shape; `depth` bounds recursion. */
export function fromSchema(schema: Schema | undefined, components: Components = {}, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.$ref) return fromSchema(components.schemas?.[schema.$ref.split('/').pop()!], components, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => fromSchema(choice, components, depth + 1)));
  if (schema.allOf?.length) return fromSchema(Object.assign({}, ...schema.allOf), components, depth + 1);
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  // A field the handler reads leniently (string, number or null) is sent as the type its rules are about.
  const numeric = schema.minimum !== undefined || schema.maximum !== undefined;
  const type = types.includes('object') ? 'object' : types.includes('array') ? 'array' : numeric && types.includes('number') ? 'integer' : (types.find((t) => t !== 'null') ?? types[0]);
  switch (type) {
    case 'object':
      return objectOf(schema, components, depth);
    case 'array':
      return fc.array(fromSchema(schema.items, components, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'integer':
      return fc.integer({ min: bound(schema.minimum ?? schema.exclusiveMinimum, -1000), max: bound(schema.maximum ?? schema.exclusiveMaximum, 1000) });
    case 'number':
      if (schema.minimum !== undefined || schema.maximum !== undefined) return fc.integer({ min: bound(schema.minimum, -1000), max: bound(schema.maximum, 1000) });
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringOf(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function bound(value: number | undefined, fallback: number) {
  if (value === undefined) return fallback;
  return Math.max(-2147483648, Math.min(2147483647, value));
}

function objectOf(schema: Schema, components: Components, depth: number) {
  const properties = schema.properties ?? {};
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) record[name] = fromSchema(property, components, depth + 1);
  const requiredKeys = (schema.required ?? []).filter((key) => key in record);
  return fc.record(record, { requiredKeys });
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress().filter((email) => email.length <= (schema.maxLength ?? 254));
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString());
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 1000));
    } catch {
      // A pattern JavaScript cannot read: any text of the right length.
    }
  }
  const minLength = schema.minLength ?? 0;
  return fc.string({ unit: 'grapheme', minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 60)) });
}
