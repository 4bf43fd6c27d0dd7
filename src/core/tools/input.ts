import type { InputProperty, InputSchema, ToolDeclaration } from './declaration';
import { ToolError } from './result';

/** A count as the refusals write it: 50,000. */
const formatted = (n: number) => n.toLocaleString('en-US');

/** A value as a refusal quotes it: a number as written, anything else as JSON. */
const quoted = (value: unknown) => (typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value)));

/** What a property takes, as every host's refusal and `skim --help` say it: "a whole number from 200 to 50,000". */
export function takes(property: InputProperty): string {
  if (property.type === 'boolean') return 'true or false';
  if (property.type === 'string') return property.enum ? `one of ${property.enum.join(', ')}` : 'text';
  const { minimum, maximum } = property;
  if (minimum !== undefined && maximum !== undefined) return `a whole number from ${formatted(minimum)} to ${formatted(maximum)}`;
  if (minimum !== undefined) return `a whole number from ${formatted(minimum)}`;
  if (maximum !== undefined) return `a whole number of at most ${formatted(maximum)}`;
  return 'a whole number';
}

/** Whether `value` is what `property` takes. */
function fits(property: InputProperty, value: unknown): boolean {
  if (property.type === 'boolean') return typeof value === 'boolean';
  if (property.type === 'string') return typeof value === 'string' && (!property.enum || property.enum.includes(value));
  return (
    typeof value === 'number' &&
    Number.isSafeInteger(value) &&
    (property.minimum === undefined || value >= property.minimum) &&
    (property.maximum === undefined || value <= property.maximum)
  );
}

/**
 * Why `input` is not what `schema` declares, naming each argument as the host does (`tokens` for a
 * model, `--tokens` on the command line), or undefined when it is: the one check every host makes
 * of a tool's input, so the same value is refused in the same words everywhere.
 */
export function inputRefusal(schema: InputSchema, input: unknown, named: (key: string) => string = (key) => key): string | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return `the arguments must be an object, not ${quoted(input)}`;
  const given = input as Record<string, unknown>;
  const extra = Object.keys(given).find((key) => !Object.hasOwn(schema.properties, key));
  if (extra !== undefined) return `there is no argument ${JSON.stringify(extra)}; the arguments are ${Object.keys(schema.properties).join(', ')}`;
  for (const [key, property] of Object.entries(schema.properties)) {
    const value = given[key];
    if (value === undefined) {
      if (schema.required.includes(key)) return `${named(key)} is missing: give ${takes(property)}`;
    } else if (!fits(property, value)) return `${named(key)} must be ${takes(property)}, not ${quoted(value)}`;
  }
  return undefined;
}

/** A tool's input checked against its declared schema: as it is, or a ToolError naming the tool and the argument. */
export function checkedInput<I>(tool: Pick<ToolDeclaration<I>, 'name' | 'inputSchema'>, input: unknown): I {
  const refusal = inputRefusal(tool.inputSchema, input);
  if (refusal !== undefined) throw new ToolError(refusal, { tool: tool.name, advice: `Call ${tool.name} again with arguments its schema takes.` });
  return input as I;
}
